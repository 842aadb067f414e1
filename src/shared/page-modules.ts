/**
 * Which source module (relative to src/web, without extension) renders each lazily loaded page.
 *
 * The router loads pages from this table, and the server uses it with Vite's manifest to send a
 * page's chunks as `<link rel="modulepreload">` in the HTML of its first visit, so they download
 * alongside the main bundle instead of after it has run.
 */
export const PUBLIC_PAGE_MODULES = {
  allRequest: 'donation-requests/all-requests-page',
  'requestDetails/:id': 'donation-requests/request-details-page',
  blog: 'blogs/blog-page',
  'viewBlog/:id': 'blogs/view-blog-page',
  searchDonors: 'search/search-donors-page',
  login: 'users/login-page',
  register: 'users/register-page',
  // Spec: /c is the funding link in the navbar (signed-in users); /funding is its readable alias.
  c: 'funding/funding-page',
  funding: 'funding/funding-page',
} as const;

/** The layout every /dashboard page renders in. */
export const DASHBOARD_LAYOUT_MODULE = 'layouts/dashboard-layout';

/** Pages under /dashboard. */
export const DASHBOARD_PAGE_MODULES = {
  userHome: 'donation-requests/user-home-page',
  'userHome/editDonation/:id': 'donation-requests/edit-request-page',
  'userHome/viewDetails/:id': 'donation-requests/view-request-page',
  profile: 'users/profile-page',
  myDonationRequests: 'donation-requests/my-requests-page',
  createDonationReq: 'donation-requests/create-request-page',
  adminHome: 'stats/admin-home-page',
  allUsers: 'users/all-users-page',
  allDonationRequest: 'donation-requests/all-donation-requests-page',
  contentManagement: 'blogs/content-management-page',
  addBlog: 'blogs/add-blog-page',
} as const;

/**
 * The modules a first visit to `pathname` renders: the page's and, under /dashboard, the layout's.
 * Matching follows React Router's: case-insensitive, one segment per `:param`, a trailing slash allowed.
 */
export function pageModulesFor(pathname: string): string[] {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const dashboard = /^\/dashboard(\/|$)/i.exec(path);
  const rest = dashboard ? path.slice(dashboard[0].length) : path.slice(1);
  const table: Record<string, string> = dashboard ? DASHBOARD_PAGE_MODULES : PUBLIC_PAGE_MODULES;
  const page = Object.entries(table).find(([pattern]) => matches(pattern, rest))?.[1];
  if (dashboard) return page ? [DASHBOARD_LAYOUT_MODULE, page] : [DASHBOARD_LAYOUT_MODULE];
  return page ? [page] : [];
}

function matches(pattern: string, path: string): boolean {
  const a = pattern.split('/');
  const b = path.split('/');
  return a.length === b.length && a.every((seg, i) => (seg.startsWith(':') ? b[i] !== '' : seg.toLowerCase() === b[i]!.toLowerCase()));
}
