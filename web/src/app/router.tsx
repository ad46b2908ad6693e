import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PageLoader } from '@web/components/page-loader';
import { retryOnce } from '@web/lib/retry-once';
import { RequireSignedIn, RequireSignedOut, SessionGate } from './guards';
import type { RouteHandle } from './layout/app-shell';
import { FALLBACK_TITLE, navItems } from './nav-items';
import { RouteError } from './routes/route-error';

// Each page is its own chunk. The router fetches it before committing a navigation,
// so the current page stays on screen meanwhile: no fallback flashes between pages.
const pages: Record<string, () => Promise<ComponentType>> = {
  '/dashboard': () =>
    import('@web/features/dashboard/components/dashboard-page').then((m) => m.DashboardPage),
  '/portfolio': () =>
    import('@web/features/portfolio/components/portfolio-page').then((m) => m.PortfolioPage),
  '/invoices': () => import('@web/features/invoices/components/invoices-page').then((m) => m.InvoicesPage),
  '/clients': () => import('@web/features/clients/components/clients-page').then((m) => m.ClientsPage),
  '/convert': () => import('@web/features/convert/components/convert-page').then((m) => m.ConvertPage),
  '/cards': () => import('@web/features/cards/components/cards-page').then((m) => m.CardsPage),
  '/transfer': () => import('@web/features/transfer/components/transfer-page').then((m) => m.TransferPage),
  '/history': () => import('@web/features/history/components/history-page').then((m) => m.HistoryPage),
  '/books': () => import('@web/features/books/components/books-page').then((m) => m.BooksPage),
  '/profile': () => import('@web/features/profile/components/profile-page').then((m) => m.ProfilePage),
  '/system-status': () =>
    import('@web/features/system-status/components/system-status-page').then((m) => m.SystemStatusPage),
};

/**
 * Pages made of tabs, each tab its own address under the page's (the page renders the tab bar and an Outlet).
 * Books: /books opens its first tab (books-tabs.tsx lists them in the same order). Send Money: /transfer is
 * itself the send form (so links and bookmarks to it still send), and its other tabs live under it
 * (transfer-tabs.tsx).
 */
const tab = (path: string, title: string, load: () => Promise<ComponentType>): RouteObject => ({
  path,
  lazy: async () => ({ Component: await retryOnce(load) }),
  handle: { title } satisfies RouteHandle,
});
const pageTabs: Record<string, RouteObject[]> = {
  '/transfer': [
    {
      index: true,
      lazy: async () => ({
        Component: await retryOnce(() =>
          import('@web/features/transfer/components/send-tab').then((m) => m.SendTab),
        ),
      }),
    },
    tab('scheduled', 'Scheduled Payments', () =>
      import('@web/features/transfer/components/scheduled-tab').then((m) => m.ScheduledTab),
    ),
  ],
  '/books': [
    { index: true, element: <Navigate to="/books/categories" replace /> },
    tab('categories', 'Books', () =>
      import('@web/features/books/components/categories-tab').then((m) => m.CategoriesTab),
    ),
    tab('tax', 'Tax', () => import('@web/features/tax/components/tax-page').then((m) => m.TaxPage)),
    tab('statements', 'Statements', () =>
      import('@web/features/statements/components/statements-page').then((m) => m.StatementsPage),
    ),
    tab('pack', 'Accountant Pack', () =>
      import('@web/features/accountant-pack/components/accountant-pack-page').then(
        (m) => m.AccountantPackPage,
      ),
    ),
    // The wallets at a glance: where an accountant opening someone's books starts (nav-items.ts).
    tab('overview', 'Books Overview', () =>
      import('@web/features/books/components/books-overview-page').then((m) => m.BooksOverviewPage),
    ),
  ],
};

const appRoutes: RouteObject[] = navItems.map(({ to, title }) => {
  const loadPage = pages[to];
  if (!loadPage) throw new Error(`No page for ${to}`);
  return {
    path: to,
    lazy: async () => ({ Component: await retryOnce(loadPage) }),
    handle: { title } satisfies RouteHandle,
    ...(pageTabs[to] && { children: pageTabs[to] }),
  };
});

// On the first load the guards show this while their chunks arrive. SessionGate above them still
// renders, so asking who is signed in runs alongside the download instead of after it.
const loading = <PageLoader />;

export const routes: RouteObject[] = [
  {
    element: <SessionGate />,
    errorElement: <RouteError />,
    children: [
      {
        // Signed in or not: the link in a verification email is often opened on another device.
        path: '/verify-email',
        hydrateFallbackElement: loading,
        lazy: async () => ({
          Component: (await retryOnce(() => import('./routes/verify-email-route'))).VerifyEmailRoute,
        }),
      },
      {
        // Signed in or not, like the verification link: the reset link is opened from a mailbox.
        path: '/forgot-password',
        hydrateFallbackElement: loading,
        lazy: async () => ({
          Component: (await retryOnce(() => import('./routes/forgot-password-route'))).ForgotPasswordRoute,
        }),
      },
      {
        path: '/reset-password',
        hydrateFallbackElement: loading,
        lazy: async () => ({
          Component: (await retryOnce(() => import('./routes/reset-password-route'))).ResetPasswordRoute,
        }),
      },
      {
        // The link in an accountant's invite: signed in or not (the page says how to sign in, then returns).
        path: '/accountant-invite',
        hydrateFallbackElement: loading,
        lazy: async () => ({
          Component: (await retryOnce(() => import('./routes/accountant-invite-route')))
            .AccountantInviteRoute,
        }),
      },
      {
        // The one-time sign-in link mailed while the account's new-browser sign-ins are paused.
        path: '/sign-in-link',
        hydrateFallbackElement: loading,
        lazy: async () => ({
          Component: (await retryOnce(() => import('./routes/sign-in-link-route'))).SignInLinkRoute,
        }),
      },
      {
        // The pay link from an invoice email: for the client, who has no account (or is signed in as anyone).
        path: '/pay/:token',
        hydrateFallbackElement: loading,
        lazy: async () => ({
          Component: (await retryOnce(() => import('./routes/pay-route'))).PayRoute,
        }),
      },
      {
        element: <RequireSignedOut />,
        hydrateFallbackElement: loading,
        children: [
          {
            index: true,
            lazy: async () => ({
              Component: (await retryOnce(() => import('./routes/landing-route'))).LandingRoute,
            }),
          },
        ],
      },
      {
        element: <RequireSignedIn />,
        hydrateFallbackElement: loading,
        children: [
          {
            lazy: async () => ({ Component: (await retryOnce(() => import('./layout/app-shell'))).AppShell }),
            children: [
              ...appRoutes,
              {
                // Identity verification: signed in only (the spec lists /onboarding as public, but an application
                // belongs to an account). Reached from the profile and the dashboard, not the navigation.
                path: '/onboarding',
                lazy: async () => ({
                  Component: (
                    await retryOnce(() => import('@web/features/onboarding/components/onboarding-page'))
                  ).OnboardingPage,
                }),
                handle: { title: 'Identity Verification' } satisfies RouteHandle,
              },
              {
                path: '*',
                lazy: async () => ({
                  Component: (await retryOnce(() => import('./routes/not-found-route'))).NotFoundRoute,
                }),
                handle: { title: FALLBACK_TITLE } satisfies RouteHandle,
              },
            ],
          },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
