import type { ComponentType } from 'react';
import { NotFoundPage, type RemoteRoutesModule, type RouteObject } from '@waypoint/platform';
import { lazyPage as areaPage, usePreloadOnFirstUse } from '@waypoint/platform/lazy-page';
import { AdminLayout } from './pages/AdminLayout';
import { ApplicationsPage } from './pages/ApplicationsPage';
import { DashboardPage } from './pages/DashboardPage';
import './state';
import './admin.css';

/** A page of the staff area downloaded when first opened (see areaPage). */
const lazyPage = (load: () => Promise<ComponentType>) => areaPage('admin', load);

// A first visit downloads the dashboard and the list; an application's page (its decision, refund and document
// panels and its history), the failed e-mails and the staff accounts download when first opened, or on the first
// tap or key press.
const ApplicationDetailPage = lazyPage(() =>
  import('./pages/ApplicationDetailPage').then((page) => page.ApplicationDetailPage),
);
const FailedEmailsPage = lazyPage(() =>
  import('./pages/FailedEmailsPage').then((page) => page.FailedEmailsPage),
);
const StaffAccountsPage = lazyPage(() =>
  import('./pages/StaffAccountsPage').then((page) => page.StaffAccountsPage),
);
const SupportInboxPage = lazyPage(() =>
  import('./pages/SupportInboxPage').then((page) => page.SupportInboxPage),
);
const SupportConversationPage = lazyPage(() =>
  import('./pages/SupportConversationPage').then((page) => page.SupportConversationPage),
);

/** The pages a member of staff may open next from the dashboard or the list. */
const NEXT_PAGES = [ApplicationDetailPage, FailedEmailsPage, StaffAccountsPage, SupportInboxPage];

/** The area's layout, which downloads the other pages on the first pointer or key press. */
function StaffArea() {
  usePreloadOnFirstUse(NEXT_PAGES);
  return <AdminLayout />;
}

const admin: RouteObject[] = [
  {
    element: <StaffArea />,
    children: [
      { index: true, element: <DashboardPage /> },
      { path: 'applications', element: <ApplicationsPage /> },
      { path: 'applications/:id', element: <ApplicationDetailPage /> },
      { path: 'emails', element: <FailedEmailsPage /> },
      { path: 'staff', element: <StaffAccountsPage /> },
      { path: 'support', element: <SupportInboxPage /> },
      { path: 'support/:id', element: <SupportConversationPage /> },
    ],
  },
  { path: '*', element: <NotFoundPage /> },
];

/** The staff area, mounted by the shell under /admin (for signed-in staff only). */
export const mounts: RemoteRoutesModule['mounts'] = { admin };
