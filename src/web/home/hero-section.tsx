import { Link } from 'react-router';
import { ROUTES } from '../../shared/site';
import { brandText, homeText } from '../components/texts';
import { useMessages } from '../i18n';
import { HeroIllustration } from './hero-illustration';

export function HeroSection() {
  const brand = useMessages(brandText);
  const HOME_ACTIONS = useMessages(homeText);
  return (
    <section className="bg-base-200">
      <div className="mx-auto flex max-w-6xl flex-col-reverse items-center gap-8 px-4 py-12 sm:py-16 lg:flex-row lg:gap-12 lg:py-24">
        <div className="flex-1 text-center lg:text-left">
          <h1 className="text-3xl leading-tight font-extrabold text-balance sm:text-5xl">{brand.heading}</h1>
          <p className="mt-4 text-xl font-semibold text-primary sm:text-2xl">{brand.tagline}</p>
          <p className="mx-auto mt-4 max-w-xl text-base-content/80 lg:mx-0">
            {HOME_ACTIONS.intro}
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row lg:justify-start">
            <Link to={ROUTES.login} className="btn btn-primary btn-lg">
              {HOME_ACTIONS.joinAsDonor}
            </Link>
            <Link to={ROUTES.searchDonors} className="btn btn-outline btn-lg">
              {HOME_ACTIONS.searchDonors}
            </Link>
          </div>
        </div>
        <HeroIllustration />
      </div>
    </section>
  );
}
