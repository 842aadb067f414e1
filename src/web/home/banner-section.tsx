import { Link } from 'react-router';
import { pathTo } from '../../shared/routing/routes';
import { homeText } from '../components/texts';
import { formatNumber, useMessages } from '../i18n';

const STEPS = [1, 2, 3] as const;

/** Where each step's card leads (issue 38): the request form, the donor search, the open requests. */
const STEP_LINKS = { 1: pathTo('createDonationReq'), 2: pathTo('searchDonors'), 3: pathTo('allRequest') } as const;

const BLOOD_GROUPS = ['A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-'];

export function BannerSection() {
  const t = useMessages(homeText);
  return (
    <section aria-labelledby="banner-heading" className="mx-auto max-w-6xl px-4 py-14 sm:py-20">
      <div className="max-w-3xl">
        <h2 id="banner-heading" className="text-2xl font-bold sm:text-3xl">
          {t.bannerHeading}
        </h2>
        <p className="mt-4 text-base-content/80">
          {t.bannerText}
        </p>
      </div>

      <ol className="mt-10 grid gap-4 md:grid-cols-3">
        {STEPS.map((step) => (
          <li key={step} className="card border border-base-300 bg-base-100">
            <div className="card-body">
              <span className="badge badge-primary badge-lg font-bold" aria-hidden="true">
                {formatNumber(step)}
              </span>
              <h3 className="card-title">{t[`step${step}Title`]}</h3>
              <p className="text-base-content/80">{t[`step${step}Text`]}</p>
              <div className="card-actions mt-2">
                <Link to={STEP_LINKS[step]} className="link link-primary font-semibold">
                  {t[`step${step}Link`]} <span aria-hidden="true">→</span>
                </Link>
              </div>
            </div>
          </li>
        ))}
      </ol>

      <div className="mt-10 rounded-box bg-base-200 p-6">
        <h3 className="text-lg font-semibold">{t.everyGroup}</h3>
        <ul className="mt-3 flex flex-wrap gap-2" aria-label={t.bloodGroups}>
          {BLOOD_GROUPS.map((group) => (
            <li key={group} className="badge badge-outline badge-lg font-semibold">
              {group}
            </li>
          ))}
        </ul>
        <p className="mt-4 text-base-content/80">
          {t.eligibility}
        </p>
      </div>
    </section>
  );
}
