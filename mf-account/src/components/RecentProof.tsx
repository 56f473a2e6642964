import { useState, type FormEvent } from 'react';
import { AuthText, ClientErrorText, RecentProofBody } from '@waypoint/contracts';
import { fieldErrorsOf, setUser, useAppDispatch, userFromReply } from '@waypoint/platform';
import { Button, ErrorBox, TextField } from '@waypoint/ui';
import { PasswordField, StatusMessage, errorText } from './forms';
import { accountApi, useRequestRecentProofCodeMutation } from '../state';

export interface RecentProofProps {
  /** Prefix of the ids, unique in the page. */
  idPrefix: string;
  /** Whether the account has a password to confirm with (otherwise only the e-mailed code). */
  hasPassword: boolean;
  /** Called once the server accepted the proof; the change can be sent again. */
  onProved: () => void;
  onCancel: () => void;
}

/**
 * 'Confirm it is you' before changing the e-mail or the password: the current password, or a 6-digit code sent
 * to the current address. A proof lasts 10 minutes.
 */
export function RecentProof({ idPrefix, hasPassword, onProved, onCancel }: RecentProofProps) {
  const dispatch = useAppDispatch();
  const [proving, setProving] = useState(false);
  const [sendCode, sending] = useRequestRecentProofCodeMutation();
  const [mode, setMode] = useState<'password' | 'code'>(hasPassword ? 'password' : 'code');
  const [codeSent, setCodeSent] = useState<string | null>(null);
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const fieldId = `${idPrefix}-${mode}`;

  const askForCode = async () => {
    setFailure(null);
    setFieldError(null);
    try {
      const reply = await sendCode().unwrap();
      setMode('code');
      setValue('');
      setCodeSent(reply.message || AuthText.recentProofCodeSent);
    } catch (error) {
      setFailure(errorText(error, ClientErrorText.requestFailed));
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const parsed = RecentProofBody.safeParse(
      mode === 'password' ? { password: value } : { code: value.replace(/\s+/g, '') },
    );
    if (!parsed.success) {
      setFieldError(
        parsed.error.issues.find((issue) => issue.message !== 'Invalid input')?.message ??
          (mode === 'password' ? AuthText.passwordRequired : AuthText.codeInvalidFormat),
      );
      document.getElementById(fieldId)?.focus();
      return;
    }
    setFieldError(null);
    try {
      setProving(true);
      // Not tracked: the password is never kept in the store.
      const reply = await dispatch(
        accountApi.endpoints.recentProof.initiate(parsed.data, { track: false }),
      ).unwrap();
      const user = userFromReply(reply);
      if (user) dispatch(setUser(user));
      onProved();
    } catch (error) {
      const onField = fieldErrorsOf(error)?.[mode];
      if (onField) setFieldError(onField);
      else setFailure(errorText(error, ClientErrorText.requestFailed));
    } finally {
      setProving(false);
    }
  };

  return (
    <section className="wp-card wpa-pending" aria-labelledby={`${idPrefix}-title`}>
      <h2 id={`${idPrefix}-title`}>Confirm it is you</h2>
      <p>{AuthText.recentProofRequired}</p>
      {failure ? <ErrorBox>{failure}</ErrorBox> : null}
      {mode === 'code' && !codeSent ? (
        <div className="wp-actions">
          <Button busy={sending.isLoading} onClick={() => void askForCode()}>
            Send me a code
          </Button>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      ) : (
        <form className="wp-stack" noValidate onSubmit={onSubmit}>
          {mode === 'password' ? (
            <PasswordField
              id={fieldId}
              label="Your current password"
              autoComplete="current-password"
              required
              value={value}
              error={fieldError}
              onChange={(event) => setValue(event.target.value)}
            />
          ) : (
            <TextField
              id={fieldId}
              label="Code from the email"
              className="wpa-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              spellCheck={false}
              required
              value={value}
              error={fieldError}
              onChange={(event) => setValue(event.target.value)}
            />
          )}
          <div className="wp-actions">
            <Button type="submit" busy={proving}>
              Confirm
            </Button>
            <Button variant="secondary" busy={sending.isLoading} onClick={() => void askForCode()}>
              {mode === 'password' ? 'Send me a code instead' : 'Send a new code'}
            </Button>
            <Button variant="link" onClick={onCancel}>
              Cancel
            </Button>
          </div>
        </form>
      )}
      <StatusMessage>{codeSent}</StatusMessage>
    </section>
  );
}
