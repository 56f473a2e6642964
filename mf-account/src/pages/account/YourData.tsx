import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  accountDeletedState,
  ApiMessages,
  AuthText,
  ClientErrorText,
  DeleteAccountBody,
  ErrorCode,
  exportFilename,
  isStaffRole,
} from '@waypoint/contracts';
import {
  fieldErrorsOf,
  isApiError,
  setUser,
  useAppDispatch,
  useNavigate,
  userChanged,
  type AuthUser,
} from '@waypoint/platform';
import { useApiText } from '@waypoint/platform/i18n';
import { Button, ErrorBox, TextField, useT } from '@waypoint/ui';
import { fetchFile, saveFile } from '../../components/download';
import { PasswordField, StatusMessage, errorText } from '../../components/forms';
import { RecentProof } from '../../components/RecentProof';
import { accountMessages } from '../../i18n/catalog';
import { accountApi, useRequestRecentProofCodeMutation } from '../../state';

/** The API path of the zip of everything held about the signed-in account. */
export const EXPORT_PATH = '/auth/profile/export';

const FIELDS = {
  password: 'delete-password',
  code: 'delete-code',
  secondFactorCode: 'delete-second-factor',
} as const;
type Field = keyof typeof FIELDS;
const OPEN_BUTTON = 'delete-account-open';

/**
 * 'Your data' on the profile page: download a copy of everything held about the account, and delete the account
 * after saying what is erased and what is kept, with the password (or an e-mailed code) and, for staff, the
 * authenticator code. After the deletion the person is signed out and lands on the home page, which confirms it.
 */
export function YourData({ user }: { user: AuthUser }) {
  const t = useT(accountMessages);
  const [confirming, setConfirming] = useState(false);
  const headingId = useId();
  const dispatch = useAppDispatch();
  const deleted = useRef(false);
  // Signed out when this page goes (on the way home): clearing the user while the page is still on screen would
  // send the account area's guard to the login page instead.
  useEffect(
    () => () => {
      if (!deleted.current) return;
      dispatch(setUser(null));
      dispatch(userChanged());
    },
    [dispatch],
  );
  return (
    <section className="wp-stack wpa-your-data" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('data.heading')}</h2>
      <DownloadData user={user} />
      <h3>{t('data.delete.heading')}</h3>
      <p>{t('data.delete.intro')}</p>
      {confirming ? (
        <DeleteAccount
          user={user}
          onDeleted={() => {
            deleted.current = true;
          }}
          onCancel={() => {
            setConfirming(false);
            // Back to the button that opened the step.
            setTimeout(() => document.getElementById(OPEN_BUTTON)?.focus());
          }}
        />
      ) : (
        <p>
          <Button id={OPEN_BUTTON} variant="danger" onClick={() => setConfirming(true)}>
            {t('data.delete.open')}
          </Button>
        </p>
      )}
    </section>
  );
}

const DOWNLOAD_BUTTON = 'download-data';

/**
 * 'Download your data': the zip of everything held, fetched by the page so that it can first ask the owner to confirm
 * it is them (the API wants a proof of identity of the last 10 minutes, which signing in gives), then saved by the
 * browser under the name the API gave it.
 */
function DownloadData({ user }: { user: AuthUser }) {
  const t = useT(accountMessages);
  const apiText = useApiText();
  const dispatch = useAppDispatch();
  const [step, setStep] = useState<'idle' | 'preparing' | 'proving'>('idle');
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  const download = async () => {
    setFailure(null);
    setSaved(null);
    setStep('preparing');
    try {
      const file = await fetchFile(EXPORT_PATH, {
        dispatch,
        fallbackName: exportFilename(new Date()),
      });
      saveFile(file);
      setSaved(file.filename);
      setStep('idle');
    } catch (error) {
      if (isApiError(error) && error.code === ErrorCode.RECENT_PROOF_REQUIRED) {
        setStep('proving');
        return;
      }
      setFailure(errorText(error, ClientErrorText.requestFailed));
      setStep('idle');
    }
  };

  return (
    <>
      <h3>{t('data.download.heading')}</h3>
      <p>{t('data.download.text')}</p>
      {step === 'proving' ? (
        <RecentProof
          idPrefix="data-proof"
          purpose="data-export"
          hasPassword={user.hasPassword !== false}
          headingLevel={4}
          takeFocus
          onProved={() => {
            void download();
            // The confirmation goes: the focus waits on the button while the file is prepared.
            setTimeout(() => document.getElementById(DOWNLOAD_BUTTON)?.focus());
          }}
          onCancel={() => {
            setStep('idle');
            setTimeout(() => document.getElementById(DOWNLOAD_BUTTON)?.focus());
          }}
        />
      ) : (
        <p>
          <Button
            id={DOWNLOAD_BUTTON}
            variant="secondary"
            busy={step === 'preparing'}
            onClick={() => void download()}
          >
            {step === 'preparing' ? t('data.download.preparing') : t('data.download.action')}
          </Button>
        </p>
      )}
      {failure ? <ErrorBox>{apiText(failure)}</ErrorBox> : null}
      <StatusMessage>{saved ? t('data.download.saved', { filename: saved }) : null}</StatusMessage>
    </>
  );
}

function DeleteAccount({
  user,
  onCancel,
  onDeleted,
}: {
  user: AuthUser;
  onCancel: () => void;
  onDeleted: () => void;
}) {
  const t = useT(accountMessages);
  const apiText = useApiText();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const hasPassword = user.hasPassword !== false;
  const hasSecondFactor = isStaffRole(user.role) && user.secondFactor !== 'setup-required';
  const [values, setValues] = useState<Record<Field, string>>({
    password: '',
    code: '',
    secondFactorCode: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [codeSent, setCodeSent] = useState<string | null>(null);
  const [sendCode, sending] = useRequestRecentProofCodeMutation();
  const headingId = useId();

  const set = (field: Field) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));

  const showErrors = (found: Partial<Record<Field, string>>) => {
    setErrors(found);
    const first = (Object.keys(FIELDS) as Field[]).find((field) => found[field]);
    if (first) document.getElementById(FIELDS[first])?.focus();
  };

  const askForCode = async () => {
    setFailure(null);
    try {
      const reply = await sendCode({ purpose: 'account-deletion' }).unwrap();
      setCodeSent(reply.message || AuthText.recentProofCodeSent);
    } catch (error) {
      setFailure(errorText(error, ClientErrorText.requestFailed));
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const body = {
      ...(hasPassword ? { password: values.password } : { code: values.code.trim() }),
      ...(hasSecondFactor ? { secondFactorCode: values.secondFactorCode } : {}),
    };
    const missing: Partial<Record<Field, string>> = {};
    if (hasPassword && values.password === '') {
      missing.password = ApiMessages['personalData.passwordRequired'];
    }
    if (!hasPassword && values.code.trim() === '') {
      missing.code = ApiMessages['personalData.codeRequired'];
    }
    if (hasSecondFactor && values.secondFactorCode.trim() === '') {
      missing.secondFactorCode = ApiMessages['personalData.secondFactorRequired'];
    }
    const parsed = DeleteAccountBody.safeParse(body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (typeof field === 'string' && field in FIELDS && !missing[field as Field]) {
          missing[field as Field] = issue.message;
        }
      }
    }
    if (Object.keys(missing).length > 0 || !parsed.success) {
      showErrors(missing);
      return;
    }
    setErrors({});
    try {
      setDeleting(true);
      // Not tracked: the password is never kept in the store.
      await dispatch(
        accountApi.endpoints.deleteAccount.initiate(parsed.data, { track: false }),
      ).unwrap();
      onDeleted();
      // To the home page, which confirms the deletion; the store forgets the user once this page has gone.
      await navigate('/', { replace: true, state: accountDeletedState });
    } catch (error) {
      setDeleting(false);
      const onFields = fieldErrorsOf(error) ?? {};
      const found: Partial<Record<Field, string>> = {};
      for (const field of Object.keys(FIELDS) as Field[]) {
        if (onFields[field]) found[field] = onFields[field];
      }
      if (Object.keys(found).length > 0) showErrors(found);
      else setFailure(errorText(error, ClientErrorText.requestFailed));
    }
  };

  return (
    <section className="wp-card wpa-delete" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('data.delete.confirmHeading')}</h3>
      <p>{t('data.delete.erased')}</p>
      <p>{t('data.delete.kept')}</p>
      <p>{t('data.delete.final')}</p>
      {failure ? <ErrorBox>{apiText(failure)}</ErrorBox> : null}
      <form className="wp-stack" noValidate onSubmit={onSubmit}>
        {hasPassword ? (
          <PasswordField
            id={FIELDS.password}
            label={t('proof.currentPassword')}
            autoComplete="current-password"
            required
            value={values.password}
            error={errors.password ?? null}
            onChange={set('password')}
          />
        ) : (
          <>
            <p>{t('data.delete.codeHint')}</p>
            <p>
              <Button
                variant="secondary"
                busy={sending.isLoading}
                onClick={() => void askForCode()}
              >
                {codeSent ? t('form.sendNewCode') : t('proof.sendCode')}
              </Button>
            </p>
            <StatusMessage>{codeSent ? apiText(codeSent) : null}</StatusMessage>
            <TextField
              id={FIELDS.code}
              label={t('proof.codeLabel')}
              className="wpa-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              spellCheck={false}
              required
              value={values.code}
              error={errors.code ?? null}
              onChange={set('code')}
            />
          </>
        )}
        {hasSecondFactor ? (
          <TextField
            id={FIELDS.secondFactorCode}
            label={t('data.delete.secondFactorLabel')}
            hint={t('data.delete.secondFactorHint')}
            inputMode="numeric"
            autoComplete="one-time-code"
            spellCheck={false}
            required
            value={values.secondFactorCode}
            error={errors.secondFactorCode ?? null}
            onChange={set('secondFactorCode')}
          />
        ) : null}
        <div className="wp-actions">
          <Button type="submit" variant="danger" busy={deleting}>
            {t('data.delete.confirm')}
          </Button>
          <Button variant="secondary" onClick={onCancel}>
            {t('form.cancel')}
          </Button>
        </div>
      </form>
    </section>
  );
}
