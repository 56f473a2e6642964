import { useState, type FormEvent } from 'react';
import { AuthText, CODE_LENGTH, ClientErrorText, ResetPasswordBody } from '@waypoint/contracts';
import {
  Link,
  fieldErrorsOf,
  knownFieldErrors,
  selectUser,
  setUser,
  useAppDispatch,
  useAppSelector,
  useFormErrors,
  useLocation,
} from '@waypoint/platform';
import { useApiText } from '@waypoint/platform/i18n';
import { Button, ErrorBox, ErrorSummary, TextField, rich, useT } from '@waypoint/ui';
import {
  AuthPage,
  MismatchAnnouncement,
  PasswordField,
  StatusMessage,
  errorText,
} from '../../components/forms';
import { forgetResetEmail, resetEmailFrom, type EmailState } from '../../components/resetEmail';
import { accountMessages } from '../../i18n/catalog';
import { accountApi } from '../../state';

const FIELDS = {
  email: 'reset-email',
  code: 'reset-code',
  password: 'reset-password',
  confirmPassword: 'reset-confirm-password',
};

/**
 * Reset password with the e-mailed code. The submit button stays disabled while the passwords differ. On success
 * every session of the account has been signed out, so the user logs in again.
 */
export function ResetPasswordPage() {
  const location = useLocation();
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector(selectUser);
  const [email, setEmail] = useState(() => resetEmailFrom(location.state));
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const { errors, summary, attempt, clearErrors, showErrors, showIssues } = useFormErrors(FIELDS);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** The server's confirmation, and the notice when other browsers were signed out too. */
  const [done, setDone] = useState<{ message: string; notice?: string } | null>(null);
  const t = useT(accountMessages);
  const apiText = useApiText();

  const mismatch = confirmPassword !== password;
  const showMismatch = mismatch && confirmPassword !== '';

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mismatch) return;
    setFailure(null);
    const parsed = ResetPasswordBody.safeParse({
      email,
      code: code.replace(/\s+/g, ''),
      password,
      confirmPassword,
    });
    if (!parsed.success) {
      showIssues(parsed.error.issues);
      return;
    }
    clearErrors();
    setBusy(true);
    try {
      // Not tracked: the new password is never kept in the store.
      const reply = await dispatch(
        accountApi.endpoints.resetPassword.initiate(parsed.data, { track: false }),
      ).unwrap();
      forgetResetEmail();
      // Every session of that account has ended, this browser's too when it was signed in to it.
      if (signedIn && signedIn.email.toLowerCase() === parsed.data.email) dispatch(setUser(null));
      // When the code also confirmed the address for the first time, other browsers were signed out: say so.
      setDone({
        message: reply.message || AuthText.passwordResetDone,
        ...(reply.notice ? { notice: reply.notice } : {}),
      });
    } catch (error) {
      const onFields = knownFieldErrors(fieldErrorsOf(error), FIELDS);
      if (Object.keys(onFields).length > 0) showErrors(onFields);
      else setFailure(errorText(error, ClientErrorText.requestFailed));
    } finally {
      setBusy(false);
    }
  };

  const newCodeState: EmailState = { email };

  return (
    <AuthPage title={t('reset.title')}>
      <StatusMessage>
        {done
          ? [done.message, done.notice].flatMap((text) => (text ? [apiText(text)] : [])).join(' ')
          : null}
      </StatusMessage>
      {done !== null ? (
        <p>
          <Link to="/auth/login" className="wp-button wp-button--primary wp-button--medium">
            {t('form.logIn')}
          </Link>
        </p>
      ) : (
        <>
          <p className="wp-lead">{t('reset.lead')}</p>
          <ErrorSummary errors={summary} focusKey={attempt} />
          {failure ? <ErrorBox>{apiText(failure)}</ErrorBox> : null}
          <form className="wp-stack" noValidate onSubmit={onSubmit}>
            <TextField
              id={FIELDS.email}
              label={t('form.email')}
              type="email"
              autoComplete="username"
              inputMode="email"
              spellCheck={false}
              required
              value={email}
              error={errors.email}
              onChange={(event) => setEmail(event.target.value)}
            />
            <TextField
              id={FIELDS.code}
              label={t('form.verificationCode')}
              className="wpa-code"
              placeholder={t('reset.codePlaceholder')}
              maxLength={CODE_LENGTH}
              inputMode="numeric"
              autoComplete="one-time-code"
              spellCheck={false}
              required
              value={code}
              error={errors.code}
              onChange={(event) => setCode(event.target.value)}
            />
            <PasswordField
              id={FIELDS.password}
              label={t('form.newPassword')}
              autoComplete="new-password"
              required
              value={password}
              error={errors.password}
              onChange={(event) => setPassword(event.target.value)}
            />
            <PasswordField
              id={FIELDS.confirmPassword}
              label={t('form.confirmPassword')}
              autoComplete="new-password"
              required
              value={confirmPassword}
              error={showMismatch ? AuthText.passwordsDoNotMatch : errors.confirmPassword}
              onChange={(event) => setConfirmPassword(event.target.value)}
            />
            <MismatchAnnouncement message={showMismatch ? AuthText.passwordsDoNotMatch : null} />
            <Button type="submit" busy={busy} disabled={mismatch} fullWidth>
              {t('reset.submit')}
            </Button>
          </form>
          <p className="wpa-aside">
            {rich(t('reset.noCode'), {
              resend: (text) => (
                <Link to="/auth/forgot-password" state={newCodeState} className="wpa-inline-link">
                  {text}
                </Link>
              ),
            })}
          </p>
        </>
      )}
    </AuthPage>
  );
}
