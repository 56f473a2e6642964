import {
  Navigate,
  NotFoundPage,
  useSearchParams,
  type RemoteRoutesModule,
  type RouteObject,
  useAppSelector,
} from '@waypoint/platform';
import { WIZARD_JOURNEY, wizardStep, type WizardStepSlug } from '@waypoint/contracts';
import type { ComponentType, ReactNode } from 'react';
import { TripDetailsPage } from './pages/TripDetailsPage';
import { ApplyRoot, StepGuard, WizardLayout } from './wizard/WizardLayout';
import { stepPath } from './wizard/steps';
import { lazyPage as areaPage } from '@waypoint/platform/lazy-page';
import { queriesInPage } from '@waypoint/platform/api';
import { referenceFromPage, selectConfirmation } from './state';
import './apply.css';

/** A page of the application area downloaded when first opened (see areaPage). */
const lazyPage = (load: () => Promise<ComponentType>) => areaPage('apply', load);

// Downloaded when first opened: the payment form, and everything after payment (the phone number check alone
// carries the metadata of every numbering plan).
const CheckoutPage = lazyPage(() => import('./pages/CheckoutPage').then((m) => m.CheckoutPage));
const PostPaymentRoutes = lazyPage(() =>
  import('./pages/PostPaymentPages').then((m) => m.PostPaymentRoutes),
);
const UploadRoutes = lazyPage(() => import('./pages/PostPaymentPages').then((m) => m.UploadRoutes));
// A reminder e-mail's link to a new application, prefilled (see RenewPage).
const RenewPage = lazyPage(() => import('./pages/RenewPage').then((m) => m.RenewPage));
// The "save and come back later" e-mail's link to a saved application (see ReturnPage).
const ReturnPage = lazyPage(() => import('./pages/ReturnPage').then((m) => m.ReturnPage));

// The wizard's later steps and its confirmation are not part of a first visit either: they download as soon as
// the traveller starts using the page (see WizardLayout), well before Continue needs them.
const PersonalInfoPage = lazyPage(() =>
  import('./pages/PersonalInfoPage').then((m) => m.PersonalInfoPage),
);
const PassportInfoPage = lazyPage(() =>
  import('./pages/PassportInfoPage').then((m) => m.PassportInfoPage),
);
const ProcessingTimePage = lazyPage(() =>
  import('./pages/ProcessingTimePage').then((m) => m.ProcessingTimePage),
);
const SuccessPage = lazyPage(() => import('./pages/SuccessPage').then((m) => m.SuccessPage));
const preloadLaterSteps = () => {
  for (const page of [PersonalInfoPage, PassportInfoPage, ProcessingTimePage]) void page.preload();
};

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

/** A later step, checked before its page is downloaded (the page checks again once it has loaded). */
function guarded(slug: WizardStepSlug, page: ReactNode) {
  return <StepGuard step={wizardStep(slug).step}>{page}</StepGuard>;
}

/** The confirmation, downloaded only when there is an order paid in this visit to confirm. */
function SuccessRoute() {
  const confirmation = useAppSelector(selectConfirmation);
  if (!confirmation) return <Navigate to={stepPath(1)} replace />;
  return <SuccessPage />;
}

/** The page of each step of the wizard journey; a step added there needs its page here. */
const WIZARD_PAGES: Record<WizardStepSlug, ReactNode> = {
  'trip-details': <TripDetailsPage />,
  'personal-info': guarded('personal-info', <PersonalInfoPage />),
  'passport-info': guarded('passport-info', <PassportInfoPage />),
  'processing-time': guarded('processing-time', <ProcessingTimePage />),
  checkout: <CheckoutRoute />,
};

const application: RouteObject[] = [
  { index: true, element: <Navigate to={stepPath(1)} replace /> },
  {
    element: <ApplyRoot />,
    children: [
      {
        element: <WizardLayout onFirstUse={preloadLaterSteps} />,
        children: WIZARD_JOURNEY.map((step) => ({
          path: step.slug,
          element: WIZARD_PAGES[step.slug],
        })),
      },
      { path: 'success', element: <SuccessRoute /> },
      { path: 'return/:token', element: <ReturnPage /> },
    ],
  },
  { path: ':applicationId/*', element: <PostPaymentRoutes /> },
  { path: '*', element: <NotFoundPage /> },
];

/** The first step of the wizard rendered on the server: the reference data it was rendered with, before it hydrates. */
export const fromPage: RemoteRoutesModule['fromPage'] = (dispatch, queries = queriesInPage()) =>
  referenceFromPage(dispatch, queries);

/**
 * The application wizard and post-payment steps, mounted by the shell under /application, the phone's upload
 * page under /upload, and a reminder's new application under /renew.
 */
export const mounts: RemoteRoutesModule['mounts'] = {
  application,
  upload: [{ path: '*', element: <UploadRoutes /> }],
  renew: [
    { index: true, element: <RenewPage /> },
    { path: '*', element: <NotFoundPage /> },
  ],
};
