import {
  Navigate,
  NotFoundPage,
  type RemoteRoutesModule,
  type RouteObject,
} from '@waypoint/platform';
import { AccountLayout, OrdersPage, ProfilePage } from './pages/AccountPages';
import {
  ForgotPasswordPage,
  LoginPage,
  RegisterPage,
  ResetPasswordPage,
  SecondFactorPage,
  UndoEmailChangePage,
  VerifyEmailPage,
  VerifyLinkPage,
} from './pages/AuthPages';
import './state';
import './account.css';

const auth: RouteObject[] = [
  { index: true, element: <Navigate to="/auth/login" replace /> },
  { path: 'login', element: <LoginPage /> },
  { path: 'register', element: <RegisterPage /> },
  { path: 'forgot-password', element: <ForgotPasswordPage /> },
  { path: 'reset-password', element: <ResetPasswordPage /> },
  { path: 'verify-email', element: <VerifyEmailPage /> },
  { path: 'verify', element: <VerifyLinkPage /> },
  { path: 'second-factor', element: <SecondFactorPage /> },
  { path: 'undo-email-change', element: <UndoEmailChangePage /> },
  { path: '*', element: <NotFoundPage /> },
];

const orders: RouteObject[] = [
  { element: <AccountLayout />, children: [{ index: true, element: <OrdersPage /> }] },
  { path: '*', element: <NotFoundPage /> },
];

const account: RouteObject[] = [
  { index: true, element: <Navigate to="/account/profile" replace /> },
  { element: <AccountLayout />, children: [{ path: 'profile', element: <ProfilePage /> }] },
  { path: '*', element: <NotFoundPage /> },
];

/** Sign-in, orders and profile, mounted by the shell under /auth, /orders and /account. */
export const mounts: RemoteRoutesModule['mounts'] = { auth, orders, account };
