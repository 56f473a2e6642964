import {
  Navigate,
  NotFoundPage,
  type RemoteRoutesModule,
  type RouteObject,
} from '@waypoint/platform';
import { PostPaymentLayout, postPaymentPages } from './pages/PostPaymentPages';
import {
  CheckoutPage,
  PassportInfoPage,
  PersonalInfoPage,
  ProcessingTimePage,
  SuccessPage,
} from './pages/StepPages';
import { TripDetailsPage } from './pages/TripDetailsPage';
import './state';

const application: RouteObject[] = [
  { index: true, element: <Navigate to="/application/trip-details" replace /> },
  { path: 'trip-details', element: <TripDetailsPage /> },
  { path: 'personal-info', element: <PersonalInfoPage /> },
  { path: 'passport-info', element: <PassportInfoPage /> },
  { path: 'processing-time', element: <ProcessingTimePage /> },
  { path: 'checkout', element: <CheckoutPage /> },
  { path: 'success', element: <SuccessPage /> },
  {
    path: ':applicationId',
    element: <PostPaymentLayout />,
    children: [
      { index: true, element: <Navigate to="general-info" replace /> },
      ...postPaymentPages,
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  { path: '*', element: <NotFoundPage /> },
];

/** The application wizard, mounted by the shell under /application. */
export const mounts: RemoteRoutesModule['mounts'] = { application };
