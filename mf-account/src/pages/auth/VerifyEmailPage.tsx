import { useEffect, useState } from 'react';
import { AuthText } from '@waypoint/contracts';
import {
  Link,
  RequireAuth,
  selectUser,
  useAppSelector,
  useLocation,
  useNavigate,
} from '@waypoint/platform';
import { useApiText } from '@waypoint/platform/i18n';
import { PageSpinner, rich, useT } from '@waypoint/ui';
import { CodeForm } from '../../components/CodeForm';
import { AuthPage, StatusMessage } from '../../components/forms';
import { useRedirectTarget } from '../../components/redirect';
import { accountMessages } from '../../i18n/catalog';
import type { CodeSentState } from './RegisterPage';

/** How long a success message stays before the page moves on (spec section 9). */
export const REDIRECT_DELAY_MS = 2000;

function codeJustSent(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as CodeSentState).codeSent === true;
}

function VerifyEmail() {
  const user = useAppSelector(selectUser);
  const target = useRedirectTarget();
  const navigate = useNavigate();
  const location = useLocation();
  const [verified, setVerified] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const t = useT(accountMessages);
  const apiText = useApiText();

  useEffect(() => {
    // With a notice (other browsers were signed out) the page stays, so it can be read.
    if (!verified || notice) return undefined;
    const timer = window.setTimeout(() => navigate(target, { replace: true }), REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [navigate, notice, target, verified]);

  const address = user?.pendingEmail ?? user?.email ?? '';
  const nothingToVerify = user?.emailVerified === true && !user.pendingEmail;

  const done = verified || nothingToVerify;

  return (
    <AuthPage title={t('verifyEmail.title')}>
      <StatusMessage>{done ? (notice ?? AuthText.emailVerified) : null}</StatusMessage>
      {done ? (
        <p>
          <Link to={target} className="wpa-inline-link">
            {t('form.continue')}
          </Link>
        </p>
      ) : (
        <>
          <p className="wp-lead">
            {codeJustSent(location.state)
              ? apiText(AuthText.verificationSent)
              : rich(t('verifyEmail.lead', { address }), {
                  address: (text) => (
                    <strong>
                      <bdi>{text}</bdi>
                    </strong>
                  ),
                })}
          </p>
          <CodeForm
            idPrefix="verify-email"
            withSummary
            onVerified={(_user, shown) => {
              setNotice(shown ?? null);
              setVerified(true);
            }}
          />
          <p className="wpa-aside">
            <Link to={target} className="wpa-inline-link">
              {t('verifyEmail.skip')}
            </Link>
          </p>
        </>
      )}
    </AuthPage>
  );
}

/** Verify e-mail: the 6-digit code sent after registration (or on request). Signed-in users only. */
export function VerifyEmailPage() {
  return (
    <RequireAuth loading={<PageSpinner />}>
      <VerifyEmail />
    </RequireAuth>
  );
}
