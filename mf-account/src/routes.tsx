import type { ComponentType } from 'react';
import {
  Navigate,
  NotFoundPage,
  Outlet,
  type RemoteRoutesModule,
  type RouteObject,
} from '@waypoint/platform';
import { queriesInPage } from '@waypoint/platform/api';
import { lazyPage as areaPage, usePreloadOnFirstUse } from '@waypoint/platform/lazy-page';
import { AccountLayout } from './pages/account/AccountLayout';
import { OrdersPage } from './pages/account/OrdersPage';
import { LoginPage } from './pages/auth/LoginPage';
import { ordersFromPage } from './state';
import './account.css';

/** A page of the account area downloaded when first opened (see areaPage). */
const lazyPage = (load: () => Promise<ComponentType>) => areaPage('account', load);

// A first visit downloads the pages it lands on most (log in, and My orders after signing in; both prerendered);
// the others download when first opened, or as soon as the user starts using the area (see AreaPages).
const RegisterPage = lazyPage(() =>
  import('./pages/auth/RegisterPage').then((page) => page.RegisterPage),
);
const ForgotPasswordPage = lazyPage(() =>
  import('./pages/auth/ForgotPasswordPage').then((page) => page.ForgotPasswordPage),
);
const ResetPasswordPage = lazyPage(() =>
  import('./pages/auth/ResetPasswordPage').then((page) => page.ResetPasswordPage),
);
const VerifyEmailPage = lazyPage(() =>
  import('./pages/auth/VerifyEmailPage').then((page) => page.VerifyEmailPage),
);
const VerifyLinkPage = lazyPage(() =>
  import('./pages/auth/VerifyLinkPage').then((page) => page.VerifyLinkPage),
);
const SecondFactorPage = lazyPage(() =>
  import('./pages/auth/SecondFactorPage').then((page) => page.SecondFactorPage),
);
const UndoEmailChangePage = lazyPage(() =>
  import('./pages/auth/UndoEmailChangePage').then((page) => page.UndoEmailChangePage),
);
const StaffInvitationPage = lazyPage(() =>
  import('./pages/auth/StaffInvitationPage').then((page) => page.StaffInvitationPage),
);
const ProfilePage = lazyPage(() =>
  import('./pages/account/ProfilePage').then((page) => page.ProfilePage),
);
const UnsubscribePage = lazyPage(() =>
  import('./pages/reminders/UnsubscribePage').then((page) => page.UnsubscribePage),
);
const ContactPage = lazyPage(() =>
  import('./pages/support/ContactPage').then((page) => page.ContactPage),
);
const ConversationPage = lazyPage(() =>
  import('./pages/support/ConversationPage').then((page) => page.ConversationPage),
);

/**
 * The pages a user of the sign-in pages may open next: registering, a forgotten password and its reset, the staff
 * code.
 */
const NEXT_FROM_SIGN_IN = [RegisterPage, ForgotPasswordPage, ResetPasswordPage, SecondFactorPage];
/** The page a signed-in user may open next from My orders. */
const NEXT_FROM_ACCOUNT = [ProfilePage];

/** Draws the matched page, and downloads `next` on the user's first pointer or key press. */
function AreaPages({ next }: { next: readonly { preload: () => Promise<unknown> }[] }) {
  usePreloadOnFirstUse(next);
  return <Outlet />;
}

const auth: RouteObject[] = [
  {
    element: <AreaPages next={NEXT_FROM_SIGN_IN} />,
    children: [
      { index: true, element: <Navigate to="/auth/login" replace /> },
      { path: 'login', element: <LoginPage /> },
      { path: 'register', element: <RegisterPage /> },
      { path: 'forgot-password', element: <ForgotPasswordPage /> },
      { path: 'reset-password', element: <ResetPasswordPage /> },
      { path: 'verify-email', element: <VerifyEmailPage /> },
      { path: 'verify', element: <VerifyLinkPage /> },
      { path: 'second-factor', element: <SecondFactorPage /> },
      { path: 'undo-email-change', element: <UndoEmailChangePage /> },
      { path: 'staff-invitation/:token', element: <StaffInvitationPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

const orders: RouteObject[] = [
  {
    element: <AreaPages next={NEXT_FROM_ACCOUNT} />,
    children: [
      { element: <AccountLayout />, children: [{ index: true, element: <OrdersPage /> }] },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

const account: RouteObject[] = [
  { index: true, element: <Navigate to="/account/profile" replace /> },
  { element: <AccountLayout />, children: [{ path: 'profile', element: <ProfilePage /> }] },
  { path: '*', element: <NotFoundPage /> },
];

/** The links of the reminder e-mails, opened without signing in. */
const reminders: RouteObject[] = [
  { path: 'unsubscribe', element: <UnsubscribePage /> },
  { path: '*', element: <NotFoundPage /> },
];

/** Contact us (guests and signed-in travellers alike), and a signed-in traveller's conversations with support. */
const contact: RouteObject[] = [
  { index: true, element: <ContactPage /> },
  { path: ':id', element: <ConversationPage /> },
  { path: '*', element: <NotFoundPage /> },
];

/**
 * Sign-in, orders, profile, reminders and contact, mounted by the shell under /auth, /orders, /account,
 * /reminders and /contact.
 */
export const mounts: RemoteRoutesModule['mounts'] = { auth, orders, account, reminders, contact };

/** My orders rendered on the server for its traveller: the orders it was rendered with, before it hydrates. */
export const fromPage: RemoteRoutesModule['fromPage'] = (dispatch, queries = queriesInPage()) =>
  ordersFromPage(dispatch, queries);
