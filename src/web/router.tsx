import { createBrowserRouter, type RouteObject } from 'react-router';
import { NotFoundPage } from './components/not-found-page';
import { RouteError } from './components/route-error';
import { Spinner } from './components/spinner';
import { HomePage } from './home/home-page';
import { PublicLayout } from './layouts/public-layout';

// The home page is bundled with the layout (it is where most visits start); every other page is
// a route-level `lazy` chunk, fetched the first time someone navigates to it.

const publicPages: RouteObject[] = [
  { index: true, Component: HomePage },
  {
    path: 'allRequest',
    lazy: () => import('./donation-requests/all-requests-page').then((m) => ({ Component: m.AllRequestsPage })),
  },
  {
    path: 'requestDetails/:id',
    lazy: () => import('./donation-requests/request-details-page').then((m) => ({ Component: m.RequestDetailsPage })),
  },
  { path: 'blog', lazy: () => import('./blogs/blog-page').then((m) => ({ Component: m.BlogPage })) },
  { path: 'viewBlog/:id', lazy: () => import('./blogs/view-blog-page').then((m) => ({ Component: m.ViewBlogPage })) },
  {
    path: 'searchDonors',
    lazy: () => import('./search/search-donors-page').then((m) => ({ Component: m.SearchDonorsPage })),
  },
  { path: 'login', lazy: () => import('./users/login-page').then((m) => ({ Component: m.LoginPage })) },
  { path: 'register', lazy: () => import('./users/register-page').then((m) => ({ Component: m.RegisterPage })) },
  // Spec: /c is the funding link in the navbar; /funding is its readable alias.
  { path: 'c', lazy: () => import('./funding/funding-page').then((m) => ({ Component: m.FundingPage })) },
  { path: 'funding', lazy: () => import('./funding/funding-page').then((m) => ({ Component: m.FundingPage })) },
  // Route matching is case-insensitive (React Router's default), so this also serves the
  // spec's /dashBoard/* spelling. The dashboard work replaces it with its own layout.
  { path: 'dashboard/*', lazy: () => import('./users/dashboard-page').then((m) => ({ Component: m.DashboardPage })) },
  { path: '*', Component: NotFoundPage },
];

export const routes: RouteObject[] = [
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
