import { useEffect, useRef, useState } from 'react';
import {
  AuthErrorText,
  Link,
  SECOND_FACTOR_PATH,
  needsSecondFactor,
  safeRedirectTarget,
  selectAuthNotice,
  useAppStore,
  selectAuthError,
  setError,
  useAppDispatch,
  useAppSelector,
  useNavigate,
  useSearchParams,
  verifyMagicLink,
} from '@waypoint/platform';
import { Banner, ErrorBox, Spinner } from '@waypoint/ui';
import { withRedirect } from '../components/redirect';

export { ForgotPasswordPage } from './auth/ForgotPasswordPage';
export { LoginPage } from './auth/LoginPage';
export { RegisterPage } from './auth/RegisterPage';
export { ResetPasswordPage } from './auth/ResetPasswordPage';
export { SecondFactorPage } from './auth/SecondFactorPage';
export { UndoEmailChangePage } from './auth/UndoEmailChangePage';
export { VerifyEmailPage } from './auth/VerifyEmailPage';

/**
 * Signs the user in with the token of an e-mailed sign-in link, then goes home (or to the remembered path). When
 * the link confirmed the address for the first time and other browsers were signed out, the page says so first.
 */
export function VerifyLinkPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const redirect = params.get('redirect');
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const navigate = useNavigate();
  const error = useAppSelector(selectAuthError);
  const started = useRef<string | null>(null);
  // An error left in the auth state by an earlier screen is not this link's.
  const [checked, setChecked] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const target = safeRedirectTarget(redirect);

  useEffect(() => {
    if (started.current === token) return;
    started.current = token;
    setChecked(true);
    if (token === '') {
      dispatch(setError(AuthErrorText.verify));
      return;
    }
    void dispatch(verifyMagicLink(token)).then((result) => {
      if (!verifyMagicLink.fulfilled.match(result)) return;
      const shown = selectAuthNotice(store.getState());
      if (shown) {
        setNotice(shown);
        return;
      }
      const next = needsSecondFactor(result.payload)
        ? withRedirect(SECOND_FACTOR_PATH, target)
        : target;
      navigate(next, { replace: true });
    });
  }, [dispatch, navigate, store, target, token]);

  if (notice) {
    return (
      <div className="wp-container wp-status-page">
        <title>Signed in – Waypoint</title>
        <h1>You are signed in</h1>
        <div role="status">
          <Banner tone="warning" title="Other browsers were signed out">
            {notice}
          </Banner>
        </div>
        <p>We have also sent you an email about this.</p>
        <p>
          <Link to={target} className="wp-button wp-button--primary">
            Continue
          </Link>
        </p>
      </div>
    );
  }

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
