import { useEffect, useState, type FormEvent } from 'react';
import { AuthText, ClientErrorText, EmailBody } from '@waypoint/contracts';
import { Link, useFormErrors, useLocation, useNavigate } from '@waypoint/platform';
import { useApiText } from '@waypoint/platform/i18n';
import { Button, ErrorBox, ErrorSummary, TextField, rich, useT } from '@waypoint/ui';
import { AuthPage, StatusMessage, errorText } from '../../components/forms';
import { rememberResetEmail, resetEmailFrom, type EmailState } from '../../components/resetEmail';
import { accountMessages } from '../../i18n/catalog';
import { useForgotPasswordMutation } from '../../state';
import { REDIRECT_DELAY_MS } from './VerifyEmailPage';

const FIELDS = { email: 'forgot-email' };

/**
 * Forgot password: e-mails a 6-digit reset code, says so, and two seconds later moves on to reset password with
 * the address (never in the URL).
 */
export function ForgotPasswordPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [forgotPassword, request] = useForgotPasswordMutation();
  const [email, setEmail] = useState(() => resetEmailFrom(location.state));
  const { errors, summary, attempt, clearErrors, showIssues } = useFormErrors(FIELDS);
  const [failure, setFailure] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const t = useT(accountMessages);
  const apiText = useApiText();

  useEffect(() => {
    if (sentTo === null) return undefined;
    const state: EmailState = { email: sentTo };
    const timer = window.setTimeout(
      () => navigate('/auth/reset-password', { state }),
      REDIRECT_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [navigate, sentTo]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const parsed = EmailBody.safeParse({ email });
    if (!parsed.success) {
      showIssues(parsed.error.issues);
      return;
    }
    clearErrors();
    try {
      await forgotPassword(parsed.data).unwrap();
      rememberResetEmail(parsed.data.email);
      setSentTo(parsed.data.email);
    } catch (error) {
      setFailure(errorText(error, ClientErrorText.requestFailed));
    }
  };

  return (
    <AuthPage title={t('forgot.title')}>
      <p className="wp-lead">{t('forgot.lead')}</p>
      <ErrorSummary errors={summary} focusKey={attempt} />
      {failure ? <ErrorBox>{apiText(failure)}</ErrorBox> : null}
      <StatusMessage>{sentTo !== null ? AuthText.resetEmailSent : null}</StatusMessage>
      <form className="wp-stack" noValidate onSubmit={onSubmit}>
        <TextField
          id={FIELDS.email}
          label={t('form.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          required
          value={email}
          error={errors.email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Button type="submit" busy={request.isLoading} disabled={sentTo !== null} fullWidth>
          {t('forgot.submit')}
        </Button>
      </form>
      <p className="wpa-aside">
        {rich(t('forgot.remembered'), {
          login: (text) => (
            <Link to="/auth/login" className="wpa-inline-link">
              {text}
            </Link>
          ),
        })}
      </p>
    </AuthPage>
  );
}
