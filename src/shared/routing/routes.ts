// The route table (decision 025): one row per page that the SPA loads lazily. The router builds
// its routes from it (src/web/router.tsx), the server preloads a first visit's chunks from it
// (src/server/plugins/spa.ts), the dashboard menus list its rows (src/web/layouts/dashboard-menu.ts)
// and every link is built from it: `pathTo(name, params?)` is the one way to write a page's address
// (the home page's too: `pathTo('home')`). Zod-free: the main bundle loads it.
//
// A new page is one row here plus its module, which exports the page as the PascalCase of its
// file name (`users/login-page.tsx` exports `LoginPage`). The home page is not here: it is bundled
// with the layout, not loaded lazily.

/** Who may open a page: anyone, signed-in users, admins only, or staff (admins and volunteers). */
export type Guard = 'none' | 'auth' | 'admin' | 'staff';

/** The dashboard's three menus: the admins', the volunteers', and everyone else's (donors). */
export type DashboardMenu = 'admin' | 'volunteer' | 'donor';

export interface PageRoute {
  /**
   * The address, as React Router matches it: case-insensitive, a `:param` is one segment, a
   * trailing slash is allowed. A page under /dashboard renders in the dashboard layout.
   */
  path: string;
  /** The module that renders the page, relative to src/web without extension: `<folder>/<name>-page`. */
  module: string;
  /** A /dashboard page is always behind sign-in (the layout checks it), so at least `auth`. */
  guard: Guard;
  /** The dashboard menus that list the page, with its label there; each menu lists its rows in the table's order. */
  menu?: { label: string; in: readonly DashboardMenu[] };
}

/** Every lazily loaded page. Modules are named by their route (the last segment that is not a parameter). */
export const PAGES = {
  allRequest: { path: '/allRequest', module: 'donation-requests/all-request-page', guard: 'none' },
  requestDetails: { path: '/requestDetails/:id', module: 'donation-requests/request-details-page', guard: 'auth' },
  blog: { path: '/blog', module: 'blogs/blog-page', guard: 'none' },
  viewBlog: { path: '/viewBlog/:id', module: 'blogs/view-blog-page', guard: 'none' },
  searchDonors: { path: '/searchDonors', module: 'search/search-donors-page', guard: 'none' },
  login: { path: '/login', module: 'users/login-page', guard: 'none' },
  register: { path: '/register', module: 'users/register-page', guard: 'none' },
  // Issue 38: "Forgot password?" on Login (only when the site sends email), and the reset link's page.
  forgotPassword: { path: '/forgot-password', module: 'users/forgot-password-page', guard: 'none' },
  resetPassword: { path: '/reset-password', module: 'users/reset-password-page', guard: 'none' },
  // Spec: /c is the funding link in the navbar (signed-in users); /funding is its readable alias.
  c: { path: '/c', module: 'funding/funding-page', guard: 'auth' },
  funding: { path: '/funding', module: 'funding/funding-page', guard: 'auth' },
  // Issue 15: the one-tap answer to an alert (push actions and emails link here: respondPath in
  // outreach/model.ts), and the alert email's unsubscribe link (no sign-in: the token names the user).
  respond: { path: '/respond/:id', module: 'notifications/respond-page', guard: 'auth' },
  unsubscribe: { path: '/unsubscribe', module: 'notifications/unsubscribe-page', guard: 'none' },
  // Issue 17: a donation certificate's QR code opens here (public: first name, date and district only).
  verify: { path: '/verify/:code', module: 'certificates/verify-page', guard: 'none' },
  // Issue 38: the footer's Privacy policy and Terms of use (the operator's text, else the site's own).
  privacy: { path: '/privacy', module: 'contact/privacy-page', guard: 'none' },
  terms: { path: '/terms', module: 'contact/terms-page', guard: 'none' },

  // The dashboard (spec section 2). Volunteers get the staff pages the issues give them.
  userHome: { path: '/dashboard/userHome', module: 'donation-requests/user-home-page', guard: 'auth', menu: { label: 'Dashboard', in: ['donor'] } },
  adminHome: { path: '/dashboard/adminHome', module: 'stats/admin-home-page', guard: 'staff', menu: { label: 'Admin Home', in: ['admin', 'volunteer'] } },
  allUsers: { path: '/dashboard/allUsers', module: 'users/all-users-page', guard: 'admin', menu: { label: 'All Users', in: ['admin'] } },
  allDonationRequest: {
    path: '/dashboard/allDonationRequest',
    module: 'donation-requests/all-donation-request-page',
    guard: 'staff',
    menu: { label: 'All Request', in: ['admin', 'volunteer'] },
  },
  contentManagement: {
    path: '/dashboard/contentManagement',
    module: 'blogs/content-management-page',
    guard: 'staff',
    menu: { label: 'Content', in: ['admin', 'volunteer'] },
  },
  // Issue 17: the moderation queue (staff) and the audit trail (admins).
  reports: { path: '/dashboard/reports', module: 'reports/reports-page', guard: 'staff', menu: { label: 'Reports', in: ['admin', 'volunteer'] } },
  audit: { path: '/dashboard/audit', module: 'audit/audit-page', guard: 'admin', menu: { label: 'Audit', in: ['admin'] } },
  // Issue 38: messages sent with the home page's contact form (staff).
  contactMessages: {
    path: '/dashboard/contactMessages',
    module: 'contact/contact-messages-page',
    guard: 'staff',
    menu: { label: 'Messages', in: ['admin', 'volunteer'] },
  },
  profile: { path: '/dashboard/profile', module: 'users/profile-page', guard: 'auth', menu: { label: 'Profile', in: ['admin', 'volunteer', 'donor'] } },
  myDonationRequests: {
    path: '/dashboard/myDonationRequests',
    module: 'donation-requests/my-donation-requests-page',
    guard: 'auth',
    menu: { label: 'My Requests', in: ['volunteer', 'donor'] },
  },
  // Named create-request-page until it can move (its route would name it create-donation-req-page).
  createDonationReq: {
    path: '/dashboard/createDonationReq',
    module: 'donation-requests/create-request-page',
    guard: 'auth',
    menu: { label: 'Create Request', in: ['volunteer', 'donor'] },
  },
  editDonation: { path: '/dashboard/userHome/editDonation/:id', module: 'donation-requests/edit-donation-page', guard: 'auth' },
  viewDetails: { path: '/dashboard/userHome/viewDetails/:id', module: 'donation-requests/view-details-page', guard: 'auth' },
  addBlog: { path: '/dashboard/addBlog', module: 'blogs/add-blog-page', guard: 'staff' },
  // Issue 38: a post edited, its status kept (admins; volunteers while it is not published).
  editBlog: { path: '/dashboard/editBlog/:id', module: 'blogs/edit-blog-page', guard: 'staff' },
  // Reached from the bell in the navbar and the dashboard's top bar, not from the menus.
  notifications: { path: '/dashboard/notifications', module: 'notifications/notifications-page', guard: 'auth' },
} as const satisfies Record<string, PageRoute>;

export type PageName = keyof typeof PAGES;

/** The table's rows, in its order. */
export const PAGE_ROUTES = Object.values(PAGES) as readonly PageRoute[];

/** The dashboard's address; its pages render inside the layout below. */
export const DASHBOARD_PATH = '/dashboard';
/** The layout every /dashboard page renders in (relative to src/web, without extension). */
export const DASHBOARD_LAYOUT_MODULE = 'layouts/dashboard-layout';

/** Whether a page renders in the dashboard layout. */
export const inDashboard = (route: Pick<PageRoute, 'path'>) => route.path.startsWith(`${DASHBOARD_PATH}/`);

/** The name a page module exports its page under: the PascalCase of its file name (`users/login-page` → `LoginPage`). */
export const pageExportName = (module: string) =>
  module
    .slice(module.lastIndexOf('/') + 1)
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');

/** The home page's address: not a row of PAGES (it is bundled with the layout, not loaded lazily). */
const HOME_PATH = '/';

/** What `pathTo` can name: a page of the table, or the home page. */
export type PathName = PageName | 'home';

type PathOf<N extends PathName> = N extends PageName ? (typeof PAGES)[N]['path'] : typeof HOME_PATH;
/** The `:param` names of a path: `'/viewBlog/:id'` → `'id'`. */
type ParamsOf<P extends string> = P extends `${string}:${infer Name}/${infer Rest}` ? Name | ParamsOf<Rest> : P extends `${string}:${infer Name}` ? Name : never;
type ParamsArg<N extends PathName> = [ParamsOf<PathOf<N>>] extends [never] ? [] : [Record<ParamsOf<PathOf<N>>, string>];

/** A page's address with its parameters filled in: `pathTo('viewDetails', { id })`, `pathTo('home')`. */
export function pathTo<N extends PathName>(name: N, ...[params]: ParamsArg<N>): string {
  if (name === 'home') return HOME_PATH;
  const values: Record<string, string> = params ?? {};
  return PAGES[name as PageName].path.replace(/:(\w+)/g, (_, key: string) => values[key] ?? '');
}

/**
 * The modules a first visit to `pathname` renders: the page's and, under /dashboard, the layout's.
 * Matching follows React Router's: case-insensitive, one segment per `:param`, a trailing slash allowed.
 */
export function pageModulesFor(pathname: string): string[] {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const page = PAGE_ROUTES.find((route) => matches(route.path, path))?.module;
  if (new RegExp(`^${DASHBOARD_PATH}(/|$)`, 'i').test(path)) return page ? [DASHBOARD_LAYOUT_MODULE, page] : [DASHBOARD_LAYOUT_MODULE];
  return page ? [page] : [];
}

function matches(pattern: string, path: string): boolean {
  const a = pattern.split('/');
  const b = path.split('/');
  return a.length === b.length && a.every((seg, i) => (seg.startsWith(':') ? b[i] !== '' : seg.toLowerCase() === b[i]!.toLowerCase()));
}
