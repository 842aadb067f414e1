import { Link, NavLink, Outlet, useNavigate } from 'react-router';
import { DropIcon, MenuIcon } from '../components/icons';
import { LanguageSwitch } from '../components/language-switch';
import { pathTo } from '../../shared/routing/routes';
import { brandText, navText } from '../components/texts';
import { dashboardText, menuText } from './texts';
import { ThemeToggle } from '../components/theme-toggle';
import { useMessages } from '../i18n';
import { useDisclosure } from '../components/use-disclosure';
import { useAuth, useIsAdmin } from '../lib/auth';
import { NotificationBell } from '../notifications';
import { menuFor } from './dashboard-menu';

const linkClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'menu-active font-semibold' : '');

function Menu({ onNavigate }: { onNavigate?: () => void }) {
  const { user, logout } = useAuth();
  const { isAdmin } = useIsAdmin();
  const navigate = useNavigate();
  const t = useMessages(dashboardText);
  const labels = useMessages(menuText);
  const nav = useMessages(navText);
  if (!user) return null;
  return (
    <ul className="menu w-full gap-1" onClick={onNavigate}>
      {/* Issue 38: the way in for a family that needs blood, on top of every menu. */}
      <li className="mb-2">
        <Link to={pathTo('createDonationReq')} className="btn btn-primary btn-sm justify-start">
          <DropIcon className="size-4" />
          {nav.requestBlood}
        </Link>
      </li>
      {menuFor(user, isAdmin).map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} className={linkClass}>
            {labels[item.to] ?? item.label}
          </NavLink>
        </li>
      ))}
      <li className="menu-title mt-4 text-base-content/80">{t.site}</li>
      <li>
        <Link to="/">{t.backToSite}</Link>
      </li>
      <li>
        <button type="button" onClick={() => void logout().then(() => navigate('/'))}>
          {t.logout}
        </button>
      </li>
    </ul>
  );
}

/** Small screens: the menu folds into a dropdown under the top bar. */
function MobileMenu() {
  const t = useMessages(dashboardText);
  const { open, toggle, close, containerRef, buttonRef } = useDisclosure<HTMLDivElement, HTMLButtonElement>();
  return (
    <div ref={containerRef} className="relative lg:hidden">
      <button ref={buttonRef} type="button" className="btn btn-ghost btn-square" aria-label={t.dashboardMenu} aria-expanded={open} aria-controls="dashboard-menu" onClick={toggle}>
        <MenuIcon />
      </button>
      <div id="dashboard-menu" hidden={!open} className="absolute left-0 z-40 mt-2 w-64 rounded-box border border-base-300 bg-base-100 p-2 shadow-lg">
        <Menu onNavigate={close} />
      </div>
    </div>
  );
}

/** The dashboard (spec section 2): a sidebar on large screens (6-column grid), a dropdown on small ones. */
export function DashboardLayout() {
  const t = useMessages(dashboardText);
  const brand = useMessages(brandText);
  return (
    <div className="min-h-dvh bg-base-200/40 lg:grid lg:grid-cols-6">
      <aside className="hidden border-r border-base-300 bg-base-100 lg:col-span-1 lg:block" aria-label={t.dashboard}>
        <div className="sticky top-0 p-4">
          <div className="mb-4 flex items-center justify-between gap-2">
            <Link to="/" className="flex items-center gap-2 text-lg font-bold">
              <DropIcon className="size-6 text-primary" />
              {brand.name}
            </Link>
            <NotificationBell />
          </div>
          <div className="flex items-center gap-1">
            <ThemeToggle />
            <LanguageSwitch />
          </div>
          <nav className="mt-4" aria-label={t.dashboardMenu}>
            <Menu />
          </nav>
        </div>
      </aside>
      <div className="lg:col-span-5">
        <header className="flex items-center justify-between border-b border-base-300 bg-base-100 px-3 py-2 lg:hidden">
          <MobileMenu />
          <Link to="/" className="flex items-center gap-2 font-bold">
            <DropIcon className="size-5 text-primary" />
            {brand.name}
          </Link>
          <div className="flex items-center gap-1">
            <NotificationBell />
            <LanguageSwitch />
            <ThemeToggle />
          </div>
        </header>
        <main id="main" tabIndex={-1} className="p-4 outline-none sm:p-6 lg:p-8">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
