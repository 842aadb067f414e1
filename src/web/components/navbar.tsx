import { lazy, Suspense } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { pathTo } from '../../shared/routing/routes';
import { useMessages } from '../i18n';
import { dashboardHomeFor } from '../layouts/dashboard-menu';
import { type AuthUser, useAuth, useIsAdmin } from '../lib/auth';
import { DropIcon, MenuIcon } from './icons';
import { LanguageSwitch } from './language-switch';
import { brandText, navText } from './texts';
import { ThemeToggle } from './theme-toggle';
import { useDisclosure } from './use-disclosure';

// The bell is for signed-in users only: a visitor's first page does not download it.
const NotificationBell = lazy(() => import('../notifications').then((m) => ({ default: m.NotificationBell })));

interface NavItem {
  to: string;
  label: string;
}

function navItems(signedIn: boolean, NAV_LABELS: { home: string; donationRequests: string; blog: string; funding: string; searchDonors: string }): NavItem[] {
  return [
    { to: pathTo('home'), label: NAV_LABELS.home },
    { to: pathTo('allRequest'), label: NAV_LABELS.donationRequests },
    { to: pathTo('blog'), label: NAV_LABELS.blog },
    // Spec section 2: the funding link (/c) is shown only when logged in.
    ...(signedIn ? [{ to: pathTo('c'), label: NAV_LABELS.funding }] : []),
    { to: pathTo('searchDonors'), label: NAV_LABELS.searchDonors },
  ];
}

const navLinkClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'menu-active font-semibold' : '');

/**
 * Issue 38: the way in for a family that needs blood. The request form is behind sign-in: a
 * visitor goes through Login (or Register from there) and comes back to the form.
 */
const REQUEST_BLOOD_PATH = pathTo('createDonationReq');

function NavLinks({ items }: { items: NavItem[] }) {
  return items.map((item) => (
    <li key={item.to}>
      <NavLink to={item.to} end={item.to === pathTo('home')} className={navLinkClass}>
        {item.label}
      </NavLink>
    </li>
  ));
}

/** Below the xl breakpoint the links fold into this menu; below sm it also holds Login/Register. */
function MobileMenu({ items, signedIn }: { items: NavItem[]; signedIn: boolean }) {
  const NAV_LABELS = useMessages(navText);
  const { open, toggle, close, containerRef, buttonRef } = useDisclosure<HTMLDivElement, HTMLButtonElement>();
  return (
    <div ref={containerRef} className="relative xl:hidden">
      <button
        ref={buttonRef}
        type="button"
        className="btn btn-ghost btn-square"
        aria-label={NAV_LABELS.menu}
        aria-expanded={open}
        aria-controls="mobile-menu"
        onClick={toggle}
      >
        <MenuIcon />
      </button>
      <ul
        id="mobile-menu"
        hidden={!open}
        onClick={close}
        className="menu absolute left-0 z-40 mt-2 w-60 rounded-box border border-base-300 bg-base-100 p-2 shadow-lg"
      >
        {/* Below sm the navbar has no room for the button: the menu's first item. */}
        <li className="mb-1 sm:hidden">
          <NavLink to={REQUEST_BLOOD_PATH} className="bg-primary font-semibold text-primary-content">
            <DropIcon className="size-4" />
            {NAV_LABELS.requestBlood}
          </NavLink>
        </li>
        <NavLinks items={items} />
        {!signedIn && (
          <>
            <li className="sm:hidden">
              <NavLink to={pathTo('login')} className={navLinkClass}>
                {NAV_LABELS.login}
              </NavLink>
            </li>
            <li className="sm:hidden">
              <NavLink to={pathTo('register')} className={navLinkClass}>
                {NAV_LABELS.register}
              </NavLink>
            </li>
          </>
        )}
      </ul>
    </div>
  );
}

function UserMenu({ user, onLogout }: { user: AuthUser; onLogout: () => void }) {
  const { isAdmin } = useIsAdmin();
  const { open, toggle, close, containerRef, buttonRef } = useDisclosure<HTMLDivElement, HTMLButtonElement>();
  const initial = user.name.trim().charAt(0).toUpperCase() || '?';
  const NAV_LABELS = useMessages(navText);
  return (
    <div ref={containerRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        className="btn btn-ghost btn-circle avatar"
        aria-label={NAV_LABELS.accountMenu({ name: user.name })}
        aria-expanded={open}
        aria-controls="user-menu"
        onClick={toggle}
      >
        <span className="w-9 overflow-hidden rounded-full bg-base-300">
          {user.avatar ? (
            <img src={user.avatar} alt="" width={36} height={36} />
          ) : (
            <span className="flex size-9 items-center justify-center font-semibold">{initial}</span>
          )}
        </span>
      </button>
      <ul
        id="user-menu"
        hidden={!open}
        onClick={close}
        className="menu absolute right-0 z-40 mt-2 w-48 rounded-box border border-base-300 bg-base-100 p-2 shadow-lg"
      >
        <li>
          {/* Spec: Dashboard goes to adminHome for admins, userHome for everyone else. */}
          <Link to={dashboardHomeFor(user, isAdmin)}>{NAV_LABELS.dashboard}</Link>
        </li>
        <li>
          <button type="button" onClick={onLogout}>
            {NAV_LABELS.logout}
          </button>
        </li>
      </ul>
    </div>
  );
}

export function Navbar() {
  const { user, loading, logout } = useAuth();
  const navigate = useNavigate();
  const NAV_LABELS = useMessages(navText);
  const brand = useMessages(brandText);
  const items = navItems(user !== null, NAV_LABELS);
  return (
    <header className="sticky top-0 z-30 border-b border-base-300 bg-base-100">
      <nav aria-label={NAV_LABELS.main} className="navbar mx-auto min-h-14 max-w-6xl gap-1 px-2 sm:px-4">
        {/* daisyUI gives start and end half the bar each, and the links would sit over the end's buttons: from xl, start and end take their own width and the links the rest. */}
        <div className="navbar-start gap-1 xl:w-auto xl:flex-none">
          <MobileMenu items={items} signedIn={user !== null} />
          <Link to={pathTo('home')} className="btn btn-ghost gap-2 px-2 text-lg font-bold">
            <DropIcon className="size-6 text-primary" />
            {/* Signed in, a phone has no room for the name beside the switch, theme, bell and avatar: the drop says it (and screen readers still read the name). */}
            <span className={user ? 'max-[479px]:sr-only' : ''}>{brand.name}</span>
          </Link>
        </div>
        <div className="navbar-center hidden xl:flex xl:flex-1 xl:justify-center">
          <ul className="menu menu-horizontal gap-1 px-1">
            <NavLinks items={items} />
          </ul>
        </div>
        <div className="navbar-end gap-1 xl:w-auto xl:flex-none">
          <Link to={REQUEST_BLOOD_PATH} className="btn btn-primary btn-sm hidden sm:inline-flex">
            <DropIcon className="size-4" />
            {NAV_LABELS.requestBlood}
          </Link>
          <LanguageSwitch />
          <ThemeToggle />
          {loading ? (
            <span className="loading loading-spinner loading-sm" aria-label={NAV_LABELS.loadingAccount} />
          ) : user ? (
            <>
              <Suspense fallback={<span className="inline-block size-10" aria-hidden="true" />}>
                <NotificationBell />
              </Suspense>
              <UserMenu user={user} onLogout={() => void logout().then(() => navigate(pathTo('home')))} />
            </>
          ) : (
            <>
              <Link to={pathTo('login')} className="btn btn-ghost hidden sm:inline-flex">
                {NAV_LABELS.login}
              </Link>
              <Link to={pathTo('register')} className="btn btn-outline btn-primary hidden sm:inline-flex">
                {NAV_LABELS.register}
              </Link>
            </>
          )}
        </div>
      </nav>
    </header>
  );
}
