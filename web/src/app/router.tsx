import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { CardsPage } from '@web/features/cards/components/cards-page';
import { ConvertPage } from '@web/features/convert/components/convert-page';
import { DashboardPage } from '@web/features/dashboard/components/dashboard-page';
import { HistoryPage } from '@web/features/history/components/history-page';
import { InvoicesPage } from '@web/features/invoices/components/invoices-page';
import { PortfolioPage } from '@web/features/portfolio/components/portfolio-page';
import { ProfilePage } from '@web/features/profile/components/profile-page';
import { SystemStatusPage } from '@web/features/system-status/components/system-status-page';
import { TransferPage } from '@web/features/transfer/components/transfer-page';
import { RequireSignedIn, RequireSignedOut, SessionGate } from './guards';
import { AppShell, type RouteHandle } from './layout/app-shell';
import { FALLBACK_TITLE, navItems } from './nav-items';
import { LandingRoute } from './routes/landing-route';
import { NotFoundRoute } from './routes/not-found-route';

const pages: Record<string, ComponentType> = {
  '/dashboard': DashboardPage,
  '/portfolio': PortfolioPage,
  '/invoices': InvoicesPage,
  '/convert': ConvertPage,
  '/cards': CardsPage,
  '/transfer': TransferPage,
  '/history': HistoryPage,
  '/profile': ProfilePage,
  '/system-status': SystemStatusPage,
};

const appRoutes: RouteObject[] = navItems.map(({ to, title }) => {
  const Page = pages[to];
  if (!Page) throw new Error(`No page for ${to}`);
  return { path: to, element: <Page />, handle: { title } satisfies RouteHandle };
});

export const routes: RouteObject[] = [
  {
    element: <SessionGate />,
    children: [
      { element: <RequireSignedOut />, children: [{ index: true, element: <LandingRoute /> }] },
      {
        element: <RequireSignedIn />,
        children: [
          {
            element: <AppShell />,
            children: [
              ...appRoutes,
              {
                path: '*',
                element: <NotFoundRoute />,
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
