import { NotFoundPage, type RemoteRoutesModule, type RouteObject } from '@waypoint/platform';
import { AdminLayout, ApplicationsPage, DashboardPage } from './pages/AdminPages';
import './state';

const admin: RouteObject[] = [
  {
    element: <AdminLayout />,
    children: [
      { index: true, element: <DashboardPage /> },
      { path: 'applications', element: <ApplicationsPage /> },
    ],
  },
  { path: '*', element: <NotFoundPage /> },
];

/** The admin area, mounted by the shell under /admin (for signed-in admins only). */
export const mounts: RemoteRoutesModule['mounts'] = { admin };
