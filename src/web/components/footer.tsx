import { Link } from 'react-router';
import { CONTACT, FOOTER, NAV_LABELS, ROUTES, SITE_NAME, TAGLINE } from '../../shared/site';
import { DropIcon } from './icons';

const QUICK_LINKS = [
  { to: ROUTES.home, label: NAV_LABELS.home },
  { to: ROUTES.donationRequests, label: NAV_LABELS.donationRequests },
  { to: ROUTES.blog, label: NAV_LABELS.blog },
  { to: ROUTES.searchDonors, label: NAV_LABELS.searchDonors },
];

const SERVICES = ['Urgent blood requests', 'Donor search by blood group and area', 'Donation awareness articles'];

// The spec lists the services and policy entries as non-functional: they are plain text, not
// links to nowhere, until those pages exist.
const LEGAL = [FOOTER.termsOfUse, FOOTER.privacyPolicy, FOOTER.cookiePolicy];

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="bg-neutral text-neutral-content">
      <div className="footer mx-auto max-w-6xl p-8 sm:footer-horizontal sm:p-10">
        <aside className="max-w-xs">
          <p className="flex items-center gap-2 text-lg font-bold">
            <DropIcon className="size-7 text-red-400" />
            {SITE_NAME}
          </p>
          <p>{TAGLINE}</p>
          <p>
            {CONTACT.helplineLabel}:{' '}
            <a className="link" href={`tel:${CONTACT.helplineTel}`}>
              {CONTACT.helplineDisplay}
            </a>
          </p>
        </aside>
        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className="footer-title normal-case opacity-90">
            {FOOTER.quickLinks}
          </h2>
          {QUICK_LINKS.map((item) => (
            <Link key={item.to} to={item.to} className="link link-hover">
              {item.label}
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
            {LEGAL.map((entry) => (
              <li key={entry}>{entry}</li>
            ))}
          </ul>
        </div>
      </div>
      <p className="border-t border-neutral-content/20 px-4 py-4 text-center text-sm">
        © {year} {SITE_NAME}. Made for blood donors and patients across Bangladesh.
      </p>
    </footer>
  );
}
