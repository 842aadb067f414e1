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

// The home page is bundled with the layout (it is where most visits start); every other page is
// a route-level `lazy` chunk, fetched the first time someone navigates to it.

/** A lazy page; `guard` wraps it (login, admin or staff only). */
function page(load: () => Promise<Record<string, unknown>>, name: string, guard?: 'auth' | 'admin' | 'staff'): Pick<RouteObject, 'lazy'> {
  return {
    lazy: async () => {
      const Page = (await load())[name] as () => React.JSX.Element;
      if (guard === 'auth') return { Component: () => <RequireAuth><Page /></RequireAuth> };
      if (guard === 'admin') return { Component: () => <RequireAdmin><Page /></RequireAdmin> };
      if (guard === 'staff') return { Component: () => <RequireRole roles={['admin', 'volunteer']}><Page /></RequireRole> };
      return { Component: Page };
    },
  };
}

const publicPages: RouteObject[] = [
  { index: true, Component: HomePage },
  { path: 'allRequest', ...page(() => import('./donation-requests/all-requests-page'), 'AllRequestsPage') },
  { path: 'requestDetails/:id', ...page(() => import('./donation-requests/request-details-page'), 'RequestDetailsPage', 'auth') },
  { path: 'blog', ...page(() => import('./blogs/blog-page'), 'BlogPage') },
  { path: 'viewBlog/:id', ...page(() => import('./blogs/view-blog-page'), 'ViewBlogPage') },
  { path: 'searchDonors', ...page(() => import('./search/search-donors-page'), 'SearchDonorsPage') },
  { path: 'login', ...page(() => import('./users/login-page'), 'LoginPage') },
  { path: 'register', ...page(() => import('./users/register-page'), 'RegisterPage') },
  // Spec: /c is the funding link in the navbar (signed-in users); /funding is its readable alias.
  { path: 'c', ...page(() => import('./funding/funding-page'), 'FundingPage', 'auth') },
  { path: 'funding', ...page(() => import('./funding/funding-page'), 'FundingPage', 'auth') },
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
const dashboardPages: RouteObject[] = [
  { index: true, Component: DashboardIndex },
  { path: 'userHome', ...page(() => import('./donation-requests/user-home-page'), 'UserHomePage') },
  { path: 'userHome/editDonation/:id', ...page(() => import('./donation-requests/edit-request-page'), 'EditRequestPage') },
  { path: 'userHome/viewDetails/:id', ...page(() => import('./donation-requests/view-request-page'), 'ViewRequestPage') },
  { path: 'profile', ...page(() => import('./users/profile-page'), 'ProfilePage') },
  { path: 'myDonationRequests', ...page(() => import('./donation-requests/my-requests-page'), 'MyRequestsPage') },
  { path: 'createDonationReq', ...page(() => import('./donation-requests/create-request-page'), 'CreateRequestPage') },
  { path: 'adminHome', ...page(() => import('./stats/admin-home-page'), 'AdminHomePage', 'staff') },
  { path: 'allUsers', ...page(() => import('./users/all-users-page'), 'AllUsersPage', 'admin') },
  { path: 'allDonationRequest', ...page(() => import('./donation-requests/all-donation-requests-page'), 'AllDonationRequestsPage', 'staff') },
  { path: 'contentManagement', ...page(() => import('./blogs/content-management-page'), 'ContentManagementPage', 'staff') },
  { path: 'addBlog', ...page(() => import('./blogs/add-blog-page'), 'AddBlogPage', 'staff') },
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
