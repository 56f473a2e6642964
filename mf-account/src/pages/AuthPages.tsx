import { useEffect, useRef, useState } from 'react';
import {
  AuthErrorText,
  Link,
  safeRedirectTarget,
  selectAuthError,
  setError,
  useAppDispatch,
  useAppSelector,
  useNavigate,
  useSearchParams,
  verifyMagicLink,
} from '@waypoint/platform';
import { ErrorBox, Spinner } from '@waypoint/ui';

export { ForgotPasswordPage } from './auth/ForgotPasswordPage';
export { LoginPage } from './auth/LoginPage';
export { RegisterPage } from './auth/RegisterPage';
export { ResetPasswordPage } from './auth/ResetPasswordPage';
export { VerifyEmailPage } from './auth/VerifyEmailPage';

/** Signs the user in with the token of an e-mailed sign-in link, then goes home (or to the remembered path). */
export function VerifyLinkPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const redirect = params.get('redirect');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const error = useAppSelector(selectAuthError);
  const started = useRef<string | null>(null);
  // An error left in the auth state by an earlier screen is not this link's.
  const [checked, setChecked] = useState(false);

  useEffect(() => {
    if (started.current === token) return;
    started.current = token;
    setChecked(true);
    if (token === '') {
      dispatch(setError(AuthErrorText.verify));
      return;
    }
    void dispatch(verifyMagicLink(token))
      .unwrap()
      .then(() => navigate(safeRedirectTarget(redirect), { replace: true }))
      .catch(() => undefined);
  }, [dispatch, navigate, redirect, token]);

  const shownError = checked ? error : null;

  return (
    <div className="wp-container wp-status-page">
      <title>Signing you in – Waypoint</title>
      {shownError ? <ErrorBox>{shownError}</ErrorBox> : null}
      <h1>Signing you in</h1>
      {shownError ? (
        <p>
          The link may have expired or already been used. <Link to="/auth/login">Log in</Link> to
          get a new one.
        </p>
      ) : (
        <Spinner label="Please wait..." showLabel size="large" />
      )}
    </div>
  );
}
