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
import { Banner, Button, ErrorBox, Spinner } from '@waypoint/ui';
import { withRedirect } from '../components/redirect';

export { ForgotPasswordPage } from './auth/ForgotPasswordPage';
export { LoginPage } from './auth/LoginPage';
export { RegisterPage } from './auth/RegisterPage';
export { ResetPasswordPage } from './auth/ResetPasswordPage';
export { SecondFactorPage } from './auth/SecondFactorPage';
export { UndoEmailChangePage } from './auth/UndoEmailChangePage';
export { VerifyEmailPage } from './auth/VerifyEmailPage';

/** Why a sign-in link did not sign the user in: the page's heading says so. */
type LinkFailure = 'expired' | 'incomplete' | 'unavailable';

const LINK_FAILURE: Record<LinkFailure, { heading: string; text: string; logInTo: string }> = {
  expired: {
    heading: 'This sign-in link has expired',
    text: 'A sign-in link works once, for 15 minutes.',
    logInTo: 'to get a new one.',
  },
  incomplete: {
    heading: 'This sign-in link is incomplete',
    text: 'Open the link from your email again, or',
    logInTo: 'to get a new one.',
  },
  unavailable: {
    heading: 'We could not sign you in',
    text: 'Please try again in a moment, or',
    logInTo: 'with your email instead.',
  },
};

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
  const [failure, setFailure] = useState<LinkFailure | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const target = safeRedirectTarget(redirect);

  useEffect(() => {
    const key = `${token}#${attempt}`;
    if (started.current === key) return;
    started.current = key;
    setChecked(true);
    setFailure(null);
    if (token === '') {
      dispatch(setError(AuthErrorText.verify));
      setFailure('incomplete');
      return;
    }
    void dispatch(verifyMagicLink(token)).then((result) => {
      if (verifyMagicLink.rejected.match(result)) {
        // 400: the server refused the token itself; anything else (busy, offline) may work a moment later.
        setFailure(result.meta.status === 400 ? 'expired' : 'unavailable');
        return;
      }
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
  }, [attempt, dispatch, navigate, store, target, token]);

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
  const failed = shownError && failure ? LINK_FAILURE[failure] : null;
  const heading = failed?.heading ?? 'Signing you in';

  return (
    <div className="wp-container wp-status-page">
      <title>{`${heading} – Waypoint`}</title>
      {shownError ? <ErrorBox>{shownError}</ErrorBox> : null}
      <h1>{heading}</h1>
      {failed ? (
        <>
          <p>
            {failed.text} <Link to="/auth/login">Log in</Link> {failed.logInTo}
          </p>
          {failure === 'unavailable' ? (
            <p>
              <Button variant="secondary" onClick={() => setAttempt((count) => count + 1)}>
                Try again
              </Button>
            </p>
          ) : null}
        </>
      ) : shownError ? (
        <p>
          <Link to="/auth/login">Log in</Link> to get a new sign-in link.
        </p>
      ) : (
        <Spinner label="Please wait..." showLabel size="large" />
      )}
    </div>
  );
}
