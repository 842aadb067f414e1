import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { NotFoundPage } from './components/not-found-page';
import { RouteError } from './components/route-error';
import { Spinner } from './components/spinner';
import { HomePage } from './home/home-page';
import { dashboardHomeFor } from './layouts/dashboard-menu';
import { PublicLayout } from './layouts/public-layout';
import { useAuth, useIsAdmin } from './lib/auth';
import { RequireAdmin, RequireAuth, RequireRole } from './lib/guards';
import { setNavigator } from './lib/navigation';
import { DASHBOARD_PAGE_MODULES, PUBLIC_PAGE_MODULES } from '../shared/page-modules';

// The home page is bundled with the layout (it is where most visits start); every other page is
// a route-level `lazy` chunk, fetched the first time someone navigates to it. Which module renders
// which path is in src/shared/page-modules.ts (the server preloads a first visit's chunks from it).

/** Every lazily loaded page module, by path relative to this folder (one chunk each). */
const pageLoaders = import.meta.glob<Record<string, unknown>>(['./*/*-page.tsx', '!./home/*', '!./components/*']);

function loadModule(module: string) {
  const load = pageLoaders[`./${module}.tsx`];
  if (!load) throw new Error(`No page module ${module}`);
  return load();
}

/** A lazy page; `guard` wraps it (login, admin or staff only). */
function page<T extends Record<string, string>>(
  table: T,
  path: keyof T & string,
  name: string,
  guard?: 'auth' | 'admin' | 'staff',
): Pick<RouteObject, 'path' | 'lazy'> {
  return {
    path,
    lazy: async () => {
      const Page = (await loadModule(table[path]!))[name] as () => React.JSX.Element;
      if (guard === 'auth') return { Component: () => <RequireAuth><Page /></RequireAuth> };
      if (guard === 'admin') return { Component: () => <RequireAdmin><Page /></RequireAdmin> };
      if (guard === 'staff') return { Component: () => <RequireRole roles={['admin', 'volunteer']}><Page /></RequireRole> };
      return { Component: Page };
    },
  };
}

const pub = PUBLIC_PAGE_MODULES;
const publicPages: RouteObject[] = [
  { index: true, Component: HomePage },
  page(pub, 'allRequest', 'AllRequestsPage'),
  page(pub, 'requestDetails/:id', 'RequestDetailsPage', 'auth'),
  page(pub, 'blog', 'BlogPage'),
  page(pub, 'viewBlog/:id', 'ViewBlogPage'),
  page(pub, 'searchDonors', 'SearchDonorsPage'),
  page(pub, 'login', 'LoginPage'),
  page(pub, 'register', 'RegisterPage'),
  page(pub, 'c', 'FundingPage', 'auth'),
  page(pub, 'funding', 'FundingPage', 'auth'),
  { path: '*', Component: NotFoundPage },
];

/** /dashboard itself: each role's home. */
function DashboardIndex() {
  const { user } = useAuth();
  const { isAdmin, loading } = useIsAdmin();
  if (loading) return <Spinner />;
  return <Navigate to={dashboardHomeFor(user?.role, isAdmin)} replace />;
}

// Route matching is case-insensitive (React Router's default), so /dashBoard/* works too.
const dash = DASHBOARD_PAGE_MODULES;
const dashboardPages: RouteObject[] = [
  { index: true, Component: DashboardIndex },
  page(dash, 'userHome', 'UserHomePage'),
  page(dash, 'userHome/editDonation/:id', 'EditRequestPage'),
  page(dash, 'userHome/viewDetails/:id', 'ViewRequestPage'),
  page(dash, 'profile', 'ProfilePage'),
  page(dash, 'myDonationRequests', 'MyRequestsPage'),
  page(dash, 'createDonationReq', 'CreateRequestPage'),
  page(dash, 'adminHome', 'AdminHomePage', 'staff'),
  page(dash, 'allUsers', 'AllUsersPage', 'admin'),
  page(dash, 'allDonationRequest', 'AllDonationRequestsPage', 'staff'),
  page(dash, 'contentManagement', 'ContentManagementPage', 'staff'),
  page(dash, 'addBlog', 'AddBlogPage', 'staff'),
  { path: '*', Component: NotFoundPage },
];

export const routes: RouteObject[] = [
  {
    path: '/dashboard',
    errorElement: <RouteError standalone />,
    hydrateFallbackElement: <Spinner fullScreen />,
    lazy: async () => {
      const { DashboardLayout } = await import('./layouts/dashboard-layout');
      return { Component: () => <RequireAuth><DashboardLayout /></RequireAuth> };
    },
    children: [{ errorElement: <RouteError />, children: dashboardPages }],
  },
  {
    path: '/',
    Component: PublicLayout,
    // A crash in the layout itself: no navbar to fall back on.
    errorElement: <RouteError standalone />,
    hydrateFallbackElement: <Spinner fullScreen />,
    children: [
      {
        // A crash in a page renders inside the layout, so the navbar still works.
        errorElement: <RouteError />,
        children: publicPages,
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
setNavigator((to) => router.navigate(to));
