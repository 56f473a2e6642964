import {
  Navigate,
  NotFoundPage,
  useSearchParams,
  type RemoteRoutesModule,
  type RouteObject,
} from '@waypoint/platform';
import { WIZARD_JOURNEY, wizardStep, type WizardStepSlug } from '@waypoint/contracts';
import type { ReactNode } from 'react';
import { PassportInfoPage } from './pages/PassportInfoPage';
import { PersonalInfoPage } from './pages/PersonalInfoPage';
import { ProcessingTimePage } from './pages/ProcessingTimePage';
import { SuccessPage } from './pages/SuccessPage';
import { TripDetailsPage } from './pages/TripDetailsPage';
import { ApplyRoot, StepGuard, WizardLayout } from './wizard/WizardLayout';
import { stepPath } from './wizard/steps';
import { lazyPage } from './lazyPage';
import './state';
import './apply.css';

// Downloaded when first opened: the payment form, and everything after payment (the phone number check alone
// carries the metadata of every numbering plan).
const CheckoutPage = lazyPage(() => import('./pages/CheckoutPage').then((m) => m.CheckoutPage));
const PostPaymentRoutes = lazyPage(() =>
  import('./pages/PostPaymentPages').then((m) => m.PostPaymentRoutes),
);
const UploadRoutes = lazyPage(() => import('./pages/PostPaymentPages').then((m) => m.UploadRoutes));

/**
 * An unpaid order reopened from My orders (`?applicationId=`) opens at once. The wizard's own checkout opens only
 * once the traveller has reached it in this tab, checked before its page is downloaded: a traveller sent back to an
 * earlier step never downloads the payment form.
 */
function CheckoutRoute() {
  const [params] = useSearchParams();
  if (params.get('applicationId')) return <CheckoutPage />;
  return (
    <StepGuard step={wizardStep('checkout').step}>
      <CheckoutPage />
    </StepGuard>
  );
}

/** The page of each step of the wizard journey; a step added there needs its page here. */
const WIZARD_PAGES: Record<WizardStepSlug, ReactNode> = {
  'trip-details': <TripDetailsPage />,
  'personal-info': <PersonalInfoPage />,
  'passport-info': <PassportInfoPage />,
  'processing-time': <ProcessingTimePage />,
  checkout: <CheckoutRoute />,
};

const application: RouteObject[] = [
  { index: true, element: <Navigate to={stepPath(1)} replace /> },
  {
    element: <ApplyRoot />,
    children: [
      {
        element: <WizardLayout />,
        children: WIZARD_JOURNEY.map((step) => ({
          path: step.slug,
          element: WIZARD_PAGES[step.slug],
        })),
      },
      { path: 'success', element: <SuccessPage /> },
    ],
  },
  { path: ':applicationId/*', element: <PostPaymentRoutes /> },
  { path: '*', element: <NotFoundPage /> },
];

/**
 * The application wizard and post-payment steps, mounted by the shell under /application, and the phone's upload
 * page under /upload.
 */
export const mounts: RemoteRoutesModule['mounts'] = {
  application,
  upload: [{ path: '*', element: <UploadRoutes /> }],
};
