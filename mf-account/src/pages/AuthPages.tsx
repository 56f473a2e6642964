import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import {
  AuthErrorText,
  safeRedirectTarget,
  selectAuthError,
  setError,
  useAppDispatch,
  useAppSelector,
  verifyMagicLink,
} from '@waypoint/platform';
import { ErrorBox, Spinner } from '@waypoint/ui';

function AuthPage({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="wp-container wp-status-page">
      <title>{`${title} – Waypoint`}</title>
      <h1>{title}</h1>
      {children}
    </div>
  );
}

export function LoginPage() {
  return (
    <AuthPage title="Log in">
      <p>
        New to Waypoint? <Link to="/auth/register">Create an account</Link>
      </p>
    </AuthPage>
  );
}

export function RegisterPage() {
  return (
    <AuthPage title="Create an account">
      <p>
        Already have an account? <Link to="/auth/login">Log in</Link>
      </p>
    </AuthPage>
  );
}

export function ForgotPasswordPage() {
  return (
    <AuthPage title="Forgot password">
      <p>
        Remembered it? <Link to="/auth/login">Log in</Link>
      </p>
    </AuthPage>
  );
}

export function ResetPasswordPage() {
  return <AuthPage title="Reset password" />;
}

export function VerifyEmailPage() {
  return <AuthPage title="Verify your e-mail" />;
}

/** Signs the user in with the token of an e-mailed sign-in link, then goes home. */
export function VerifyLinkPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const redirect = params.get('redirect');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const error = useAppSelector(selectAuthError);
  const started = useRef<string | null>(null);

  useEffect(() => {
    if (started.current === token) return;
    started.current = token;
    if (token === '') {
      dispatch(setError(AuthErrorText.verify));
      return;
    }
    void dispatch(verifyMagicLink(token))
      .unwrap()
      .then(() => navigate(safeRedirectTarget(redirect), { replace: true }))
      .catch(() => undefined);
  }, [dispatch, navigate, redirect, token]);

  return (
    <div className="wp-container wp-status-page">
      <title>Signing you in – Waypoint</title>
      {error ? <ErrorBox>{error}</ErrorBox> : null}
      <h1>Signing you in</h1>
      {error ? (
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
