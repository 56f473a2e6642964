import { useEffect, useState, type FormEvent } from 'react';
import {
  AuthText,
  ClientErrorText,
  RecentProofBody,
  type RecentProofPurpose,
} from '@waypoint/contracts';
import { fieldErrorsOf, setUser, useAppDispatch, userFromReply } from '@waypoint/platform';
import { useApiText } from '@waypoint/platform/i18n';
import { Button, ErrorBox, TextField, useT } from '@waypoint/ui';
import { accountMessages } from '../i18n/catalog';
import { PasswordField, StatusMessage, errorText } from './forms';
import { accountApi, useRequestRecentProofCodeMutation } from '../state';

export interface RecentProofProps {
  /** Prefix of the ids, unique in the page. */
  idPrefix: string;
  /** What the proof is for: the e-mailed code's message names it. */
  purpose: RecentProofPurpose;
  /**
   * Whether the account has a password to confirm with. Without one (an account made by paying as a guest that
   * never chose one) only the e-mailed code is offered, even when this becomes known after the box appeared.
   */
  hasPassword: boolean;
  /** Called once the server accepted the proof; the change can be sent again. */
  onProved: () => void;
  onCancel: () => void;
  /** The level of its heading in the page (2 unless it sits in a subsection). */
  headingLevel?: 2 | 3 | 4;
  /**
   * Takes the focus when it appears (to its field, or its 'Send me a code' button): for a page whose button that
   * asked for it is gone meanwhile.
   */
  takeFocus?: boolean;
}

/**
 * 'Confirm it is you' before changing the e-mail or the password: the current password, or a 6-digit code sent
 * to the current address. A proof lasts 10 minutes.
 */
export function RecentProof({
  idPrefix,
  purpose,
  hasPassword,
  onProved,
  onCancel,
  headingLevel = 2,
  takeFocus = false,
}: RecentProofProps) {
  const dispatch = useAppDispatch();
  const [proving, setProving] = useState(false);
  const [sendCode, sending] = useRequestRecentProofCodeMutation();
  const [chosenMode, setMode] = useState<'password' | 'code'>(hasPassword ? 'password' : 'code');
  // An account without a password is never asked for one.
  const mode = hasPassword ? chosenMode : 'code';
  const [codeSent, setCodeSent] = useState<string | null>(null);
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const fieldId = `${idPrefix}-${mode}`;
  const t = useT(accountMessages);
  const apiText = useApiText();
  const Heading = `h${headingLevel}` as const;
  const sendCodeId = `${idPrefix}-send-code`;

  useEffect(() => {
    if (!takeFocus) return;
    (
      document.getElementById(`${idPrefix}-password`) ?? document.getElementById(sendCodeId)
    )?.focus();
    // Only when it appears.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const askForCode = async () => {
    setFailure(null);
    setFieldError(null);
    try {
      const reply = await sendCode({ purpose }).unwrap();
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
      <Heading id={`${idPrefix}-title`}>{t('proof.heading')}</Heading>
      <p>{apiText(AuthText.recentProofRequired)}</p>
      {failure ? <ErrorBox>{apiText(failure)}</ErrorBox> : null}
      {mode === 'code' && !codeSent ? (
        <div className="wp-actions">
          <Button id={sendCodeId} busy={sending.isLoading} onClick={() => void askForCode()}>
            {t('proof.sendCode')}
          </Button>
          <Button variant="secondary" onClick={onCancel}>
            {t('form.cancel')}
          </Button>
        </div>
      ) : (
        <form className="wp-stack" noValidate onSubmit={onSubmit}>
          {mode === 'password' ? (
            <PasswordField
              id={fieldId}
              label={t('proof.currentPassword')}
              autoComplete="current-password"
              required
              value={value}
              error={fieldError}
              onChange={(event) => setValue(event.target.value)}
            />
          ) : (
            <TextField
              id={fieldId}
              label={t('proof.codeLabel')}
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
              {t('proof.confirm')}
            </Button>
            <Button variant="secondary" busy={sending.isLoading} onClick={() => void askForCode()}>
              {mode === 'password' ? t('proof.codeInstead') : t('form.sendNewCode')}
            </Button>
            <Button variant="link" onClick={onCancel}>
              {t('form.cancel')}
            </Button>
          </div>
        </form>
      )}
      <StatusMessage>{codeSent}</StatusMessage>
    </section>
  );
}
