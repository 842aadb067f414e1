import { Link } from 'react-router';
import { pathTo } from '../../shared/routing/routes';
import { DropIcon } from '../components/icons';
import { brandText, homeText, navText } from '../components/texts';
import { useMessages } from '../i18n';
import { useAuth } from '../lib/auth';
import { HeroIllustration } from './hero-illustration';

/**
 * The home page's greeting and its actions. Issue 38: "Request blood" comes first, above the fold
 * on a 360 px phone (the actions precede the intro there, and the drop is left out); a signed-in
 * user's "Join as a Donor" opens their profile (Login would only send them back here).
 */
export function HeroSection() {
  const brand = useMessages(brandText);
  const HOME_ACTIONS = useMessages(homeText);
  const nav = useMessages(navText);
  const { user } = useAuth();
  return (
    <section className="bg-base-200" aria-labelledby="home-heading">
      <div className="mx-auto flex max-w-6xl flex-col-reverse items-center gap-8 px-4 py-8 sm:py-16 lg:flex-row lg:gap-12 lg:py-24">
        <div className="flex flex-1 flex-col text-center lg:text-left">
          <h1 id="home-heading" className="text-3xl leading-tight font-extrabold text-balance sm:text-5xl">{brand.heading}</h1>
          <p className="mt-4 text-xl font-semibold text-primary sm:text-2xl">{brand.tagline}</p>
          <p className="order-last mx-auto mt-6 max-w-xl text-base-content/80 sm:order-none sm:mt-4 lg:mx-0">{HOME_ACTIONS.intro}</p>
          <div className="mt-6 flex flex-col justify-center gap-3 sm:mt-8 sm:flex-row sm:flex-wrap lg:justify-start">
            <Link to={pathTo('createDonationReq')} className="btn btn-primary btn-lg">
              <DropIcon className="size-5" />
              {nav.requestBlood}
            </Link>
            <Link to={user ? pathTo('profile') : pathTo('login')} className="btn btn-outline btn-primary btn-lg">
              {HOME_ACTIONS.joinAsDonor}
            </Link>
            <Link to={pathTo('searchDonors')} className="btn btn-outline btn-lg">
              {HOME_ACTIONS.searchDonors}
            </Link>
          </div>
        </div>
        <div className="hidden sm:block">
          <HeroIllustration />
        </div>
      </div>
    </section>
  );
}
