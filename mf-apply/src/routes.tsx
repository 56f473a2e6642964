import {
  Navigate,
  NotFoundPage,
  type RemoteRoutesModule,
  type RouteObject,
} from '@waypoint/platform';
import { CheckoutPage } from './pages/CheckoutPage';
import { PassportInfoPage } from './pages/PassportInfoPage';
import { PersonalInfoPage } from './pages/PersonalInfoPage';
import { PostPaymentLayout, postPaymentPages, uploadRoutes } from './pages/PostPaymentPages';
import { ProcessingTimePage } from './pages/ProcessingTimePage';
import { SuccessPage } from './pages/SuccessPage';
import { TripDetailsPage } from './pages/TripDetailsPage';
import { ApplyRoot, WizardLayout } from './wizard/WizardLayout';
import './state';
import './apply.css';

const application: RouteObject[] = [
  { index: true, element: <Navigate to="/application/trip-details" replace /> },
  {
    element: <ApplyRoot />,
    children: [
      {
        element: <WizardLayout />,
        children: [
          { path: 'trip-details', element: <TripDetailsPage /> },
          { path: 'personal-info', element: <PersonalInfoPage /> },
          { path: 'passport-info', element: <PassportInfoPage /> },
          { path: 'processing-time', element: <ProcessingTimePage /> },
          { path: 'checkout', element: <CheckoutPage /> },
        ],
      },
      { path: 'success', element: <SuccessPage /> },
    ],
  },
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

/**
 * The application wizard and post-payment steps, mounted by the shell under /application, and the phone's upload
 * page under /upload.
 */
export const mounts: RemoteRoutesModule['mounts'] = { application, upload: uploadRoutes };
