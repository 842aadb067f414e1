import { Link } from 'react-router';
import { pathTo } from '../../shared/routing/routes';
import { HelplineLink, useSiteInfo } from '../contact';
import { formatYear, useMessages } from '../i18n';
import { DropIcon } from './icons';
import { brandText, contactText, footerText, navText } from './texts';

const QUICK_LINKS = [
  { to: pathTo('home'), label: 'home' },
  { to: pathTo('allRequest'), label: 'donationRequests' },
  { to: pathTo('blog'), label: 'blog' },
  { to: pathTo('searchDonors'), label: 'searchDonors' },
] as const;

export function Footer() {
  const year = new Date().getFullYear();
  const FOOTER = useMessages(footerText);
  const NAV_LABELS = useMessages(navText);
  const brand = useMessages(brandText);
  const contact = useMessages(contactText);
  const site = useSiteInfo();
  const SERVICES = [FOOTER.service1, FOOTER.service2, FOOTER.service3];
  // Terms of use and Privacy policy lead to their pages (issue 38); the cookie policy, which has no
  // page, stays plain text rather than a link to nowhere.
  const LEGAL = [
    { label: FOOTER.termsOfUse, to: pathTo('terms') },
    { label: FOOTER.privacyPolicy, to: pathTo('privacy') },
    { label: FOOTER.cookiePolicy, to: null },
  ];
  return (
    <footer className="bg-neutral text-neutral-content">
      <div className="footer mx-auto max-w-6xl p-8 sm:footer-horizontal sm:p-10">
        <aside className="max-w-xs">
          <p className="flex items-center gap-2 text-lg font-bold">
            <DropIcon className="size-7 text-red-400" />
            {brand.name}
          </p>
          <p>{brand.tagline}</p>
          {/* The operator's helpline and email (SITE_HELPLINE, SITE_CONTACT_EMAIL): nothing when not set. */}
          {site.data?.helpline && (
            <p>
              {contact.helplineLabel}: <HelplineLink className="link" />
            </p>
          )}
          {site.data?.contactEmail && (
            <p>
              {contact.emailUsLabel}:{' '}
              <a className="link break-all" href={`mailto:${site.data.contactEmail}`}>
                {site.data.contactEmail}
              </a>
            </p>
          )}
        </aside>
        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className="footer-title normal-case opacity-90">
            {FOOTER.quickLinks}
          </h2>
          {QUICK_LINKS.map(({ to, label }) => (
            <Link key={to} to={to} className="link link-hover">
              {NAV_LABELS[label]}
            </Link>
          ))}
        </nav>
        <div>
          <h2 className="footer-title capitalize opacity-90">{FOOTER.services}</h2>
          <ul className="space-y-2">
            {SERVICES.map((service) => (
              <li key={service}>{service}</li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className="footer-title normal-case opacity-90">{FOOTER.legal}</h2>
          <ul className="space-y-2">
            {LEGAL.map(({ label, to }) => (
              <li key={label}>
                {to ? (
                  <Link to={to} className="link link-hover">
                    {label}
                  </Link>
                ) : (
                  label
                )}
              </li>
            ))}
          </ul>
        </div>
      </div>
      <p className="border-t border-neutral-content/20 px-4 py-4 text-center text-sm">
        {FOOTER.madeFor({ year: formatYear(year), site: brand.name })}
      </p>
    </footer>
  );
}
