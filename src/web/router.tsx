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
import { DASHBOARD_PATH, type Guard, inDashboard, PAGE_ROUTES, pageExportName, type PageRoute } from '../shared/routing/routes';

// The home page is bundled with the layout (it is where most visits start); every other page is
// a route-level `lazy` chunk, fetched the first time someone navigates to it. Which module renders
// which path, behind which guard, is the route table in src/shared/routing/routes.ts (decision 025; the
// server preloads a first visit's chunks from it).

/** Every lazily loaded page module, by path relative to this folder (one chunk each). */
const pageLoaders = import.meta.glob<Record<string, unknown>>(['./*/*-page.tsx', '!./home/*', '!./components/*']);

function loadModule(module: string) {
  const load = pageLoaders[`./${module}.tsx`];
  if (!load) throw new Error(`No page module ${module}`);
  return load();
}

type Page = () => React.JSX.Element;

/** What each guard wraps its page in (login, admin or staff only). */
const GUARDS: Record<Guard, (Page: Page) => Page> = {
  none: (Page) => Page,
  auth: (Page) => () => <RequireAuth><Page /></RequireAuth>,
  admin: (Page) => () => <RequireAdmin><Page /></RequireAdmin>,
  staff: (Page) => () => <RequireRole roles={['admin', 'volunteer']}><Page /></RequireRole>,
};

/** A row of the route table as a lazy route, its path relative to `parent`. */
function lazyPage({ path, module, guard }: PageRoute, parent: string): RouteObject {
  // The dashboard layout already requires sign-in: its pages add only the stricter guards.
  const wrap = GUARDS[parent === DASHBOARD_PATH && guard === 'auth' ? 'none' : guard];
  return {
    path: path.slice(parent.length + 1),
    lazy: async () => {
      const Page = (await loadModule(module))[pageExportName(module)] as Page;
      return { Component: wrap(Page) };
    },
  };
}

const publicPages: RouteObject[] = [
  { index: true, Component: HomePage },
  ...PAGE_ROUTES.filter((route) => !inDashboard(route)).map((route) => lazyPage(route, '')),
  { path: '*', Component: NotFoundPage },
];

/** /dashboard itself: each role's home. */
function DashboardIndex() {
  const { user } = useAuth();
  const { isAdmin, loading } = useIsAdmin();
  if (loading) return <Spinner />;
  return <Navigate to={dashboardHomeFor(user, isAdmin)} replace />;
}

// Route matching is case-insensitive (React Router's default), so /dashBoard/* works too.
const dashboardPages: RouteObject[] = [
  { index: true, Component: DashboardIndex },
  ...PAGE_ROUTES.filter(inDashboard).map((route) => lazyPage(route, DASHBOARD_PATH)),
  { path: '*', Component: NotFoundPage },
];

export const routes: RouteObject[] = [
  {
    path: DASHBOARD_PATH,
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
