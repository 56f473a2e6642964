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
import { useApiText } from '@waypoint/platform/i18n';
import { Banner, Button, ErrorBox, Spinner, rich, useT } from '@waypoint/ui';
import { withRedirect } from '../../components/redirect';
import { accountMessages } from '../../i18n/catalog';

/** Why a sign-in link did not sign the user in: the page's heading says so. */
type LinkFailure = 'expired' | 'incomplete' | 'unavailable';

const LINK_FAILURE = {
  expired: { heading: 'verifyLink.expired.heading', text: 'verifyLink.expired.text' },
  incomplete: { heading: 'verifyLink.incomplete.heading', text: 'verifyLink.incomplete.text' },
  unavailable: { heading: 'verifyLink.unavailable.heading', text: 'verifyLink.unavailable.text' },
} as const satisfies Record<LinkFailure, { heading: string; text: string }>;

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
  const t = useT(accountMessages);
  const apiText = useApiText();
  const logInLink = (text: string) => <Link to="/auth/login">{text}</Link>;

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
        <title>{t('form.pageTitle', { title: t('verifyLink.signedInTitle') })}</title>
        <h1>{t('verifyLink.signedIn')}</h1>
        <div role="status">
          <Banner tone="warning" title={t('verifyLink.othersSignedOut')}>
            {notice}
          </Banner>
        </div>
        <p>{t('verifyLink.emailSent')}</p>
        <p>
          <Link to={target} className="wp-button wp-button--primary">
            {t('form.continue')}
          </Link>
        </p>
      </div>
    );
  }

  const shownError = checked ? error : null;
  const failed = shownError && failure ? LINK_FAILURE[failure] : null;
  const heading = t(failed?.heading ?? 'verifyLink.signingIn');

  return (
    <div className="wp-container wp-status-page">
      <title>{t('form.pageTitle', { title: heading })}</title>
      {shownError ? <ErrorBox>{apiText(shownError)}</ErrorBox> : null}
      <h1>{heading}</h1>
      {failed ? (
        <>
          <p>{rich(t(failed.text), { login: logInLink })}</p>
          {failure === 'unavailable' ? (
            <p>
              <Button variant="secondary" onClick={() => setAttempt((count) => count + 1)}>
                {t('verifyLink.tryAgain')}
              </Button>
            </p>
          ) : null}
        </>
      ) : shownError ? (
        <p>{rich(t('verifyLink.newLink'), { login: logInLink })}</p>
      ) : (
        <Spinner label={t('verifyLink.wait')} showLabel size="large" />
      )}
    </div>
  );
}
