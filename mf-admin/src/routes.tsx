import { NotFoundPage, type RemoteRoutesModule, type RouteObject } from '@waypoint/platform';
import { AdminLayout } from './pages/AdminLayout';
import { ApplicationDetailPage } from './pages/ApplicationDetailPage';
import { ApplicationsPage } from './pages/ApplicationsPage';
import { DashboardPage } from './pages/DashboardPage';
import { FailedEmailsPage } from './pages/FailedEmailsPage';
import './state';
import './admin.css';

const admin: RouteObject[] = [
  {
    element: <AdminLayout />,
    children: [
      { index: true, element: <DashboardPage /> },
      { path: 'applications', element: <ApplicationsPage /> },
      { path: 'applications/:id', element: <ApplicationDetailPage /> },
      { path: 'emails', element: <FailedEmailsPage /> },
    ],
  },
  { path: '*', element: <NotFoundPage /> },
];

/** The admin area, mounted by the shell under /admin (for signed-in admins only). */
export const mounts: RemoteRoutesModule['mounts'] = { admin };
