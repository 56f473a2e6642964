import { useState, type FormEvent } from 'react';
import { AuthText, ClientErrorText, VerifyEmailBody } from '@waypoint/contracts';
import {
  AuthErrorText,
  selectAuthNotice,
  useAppDispatch,
  useAppStore,
  verifyEmail,
  type AuthUser,
} from '@waypoint/platform';
import { useApiText } from '@waypoint/platform/i18n';
import { Button, ErrorBox, ErrorSummary, TextField, focusField, useT } from '@waypoint/ui';
import { accountMessages } from '../i18n/catalog';
import { StatusMessage, errorText } from './forms';
import { useResendVerificationCodeMutation } from '../state';

export interface CodeFormProps {
  /** Prefix of the ids, unique in the page. */
  idPrefix: string;
  /**
   * Called with the updated user once the code was accepted, and the notice to show when the code confirmed the
   * address for the first time and other browsers were signed out.
   */
  onVerified: (user: AuthUser, notice?: string) => void;
  /** Shows failed checks in an error summary (the page's only one) rather than at the field alone. */
  withSummary?: boolean;
}

/**
 * The 6-digit code e-mailed to the user: confirms the account's address, or a new address waiting to replace it.
 * 'Send a new code' e-mails another one.
 */
export function CodeForm({ idPrefix, onVerified, withSummary = false }: CodeFormProps) {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const [resend, resending] = useResendVerificationCodeMutation();
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fieldId = `${idPrefix}-code`;
  const t = useT(accountMessages);
  const apiText = useApiText();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    setSent(null);
    // People often paste the code with a space in the middle.
    const parsed = VerifyEmailBody.safeParse({ code: code.replace(/\s+/g, '') });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? AuthText.codeInvalidFormat);
      setAttempt((count) => count + 1);
      if (!withSummary) focusField(fieldId);
      return;
    }
    setFieldError(null);
    setBusy(true);
    const result = await dispatch(verifyEmail(parsed.data.code));
    setBusy(false);
    if (verifyEmail.fulfilled.match(result)) {
      setCode('');
      onVerified(result.payload, selectAuthNotice(store.getState()) ?? undefined);
      return;
    }
    setFailure(result.payload ?? AuthErrorText.verify);
  };

  const sendNewCode = async () => {
    setFailure(null);
    setSent(null);
    try {
      const reply = await resend().unwrap();
      setSent(reply.message || AuthText.verificationSent);
    } catch (error) {
      setFailure(errorText(error, ClientErrorText.requestFailed));
    }
  };

  return (
    <>
      {withSummary ? (
        <ErrorSummary
          errors={fieldError ? [{ fieldId, message: fieldError }] : []}
          focusKey={attempt}
        />
      ) : null}
      {failure ? <ErrorBox>{apiText(failure)}</ErrorBox> : null}
      <form className="wp-stack" noValidate onSubmit={onSubmit}>
        <TextField
          id={fieldId}
          label={t('form.verificationCode')}
          className="wpa-code"
          inputMode="numeric"
          autoComplete="one-time-code"
          spellCheck={false}
          required
          value={code}
          error={fieldError}
          onChange={(event) => setCode(event.target.value)}
        />
        <div className="wp-actions">
          <Button type="submit" busy={busy}>
            {t('form.verify')}
          </Button>
          <Button variant="secondary" busy={resending.isLoading} onClick={() => void sendNewCode()}>
            {t('form.sendNewCode')}
          </Button>
        </div>
      </form>
      <StatusMessage>{sent}</StatusMessage>
    </>
  );
}
