import type { ReactNode } from 'react';
import { isStaffRole } from '@waypoint/contracts';
import { Navigate, useLocation } from '../router';
import { selectAuth } from '../auth/authSlice';
import { needsSecondFactor } from '../auth/user';
import { useAppSelector } from '../store';

export const LOGIN_PATH = '/auth/login';
/** Where a staff member sets up or enters the second factor (mf-account). */
export const SECOND_FACTOR_PATH = '/auth/second-factor';

/** The login URL that brings the user back to `path` afterwards. */
export function loginRedirectPath(path: string): string {
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(path)}`;
}

/**
 * Where to go after signing in: the remembered path when it is a path on this site, otherwise home.
 * Only same-site paths are accepted, so the parameter cannot send anyone to another site.
 */
export function safeRedirectTarget(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\'))
    return '/';
  return value;
}

interface GuardProps {
  children: ReactNode;
  /** Shown while the current user is being loaded. */
  loading: ReactNode;
}

function useGuardState() {
  const auth = useAppSelector(selectAuth);
  const location = useLocation();
  const here = `${location.pathname}${location.search}${location.hash}`;
  // The spinner is for "we do not know who this is yet". Once a user is known, later auth work
  // (saving the profile, logging out) keeps the page on screen instead of unmounting it.
  const waiting = auth.isLoading && !(auth.isAuthenticated && auth.user);
  return { auth, here, location, waiting };
}

/** Signed-in users only; a guest goes to login, remembering where they were going. */
export function RequireAuth({ children, loading }: GuardProps) {
  const { auth, here, location, waiting } = useGuardState();
  if (waiting) return <>{loading}</>;
  if (!auth.isAuthenticated || !auth.user) {
    return <Navigate to={loginRedirectPath(here)} replace state={{ from: location }} />;
  }
  return <>{children}</>;
}

/** Admins only: a guest goes to login, a signed-in traveller sees `forbidden`. Nothing else renders (or loads). */
export function RequireAdmin({
  children,
  loading,
  forbidden,
}: GuardProps & { forbidden: ReactNode }) {
  const { auth, here, location } = useGuardState();
  // Stricter than RequireAuth: a role remembered in the browser opens nothing until the server confirms it.
  if (auth.isLoading) return <>{loading}</>;
  if (!auth.isAuthenticated || !auth.user) {
    return <Navigate to={loginRedirectPath(here)} replace state={{ from: location }} />;
  }
  if (!isStaffRole(auth.user.role)) return <>{forbidden}</>;
  // Staff complete the second factor before anything of the admin area renders.
  if (needsSecondFactor(auth.user)) {
    return <Navigate to={`${SECOND_FACTOR_PATH}?redirect=${encodeURIComponent(here)}`} replace />;
  }
  return <>{children}</>;
}
