import { useEffect, useRef, useState, type FormEvent } from 'react';
import { AuthText, ClientErrorText, SecondFactorBody, VerifyEmailBody } from '@waypoint/contracts';
import {
  AuthErrorText,
  Navigate,
  loginRedirectPath,
  needsSecondFactor,
  selectAuth,
  selectAuthNotice,
  setUser,
  userFromReply,
  verifySecondFactor,
  useAppDispatch,
  useAppSelector,
  useAppStore,
  useNavigate,
  type AuthUser,
} from '@waypoint/platform';
import { useApiText } from '@waypoint/platform/i18n';
import {
  Banner,
  Button,
  Checkbox,
  ErrorBox,
  PageSpinner,
  Spinner,
  TextField,
  useT,
} from '@waypoint/ui';
import { AuthPage, errorText } from '../../components/forms';
import { useRedirectTarget } from '../../components/redirect';
import { accountMessages } from '../../i18n/catalog';
import {
  useBeginSecondFactorSetupMutation,
  useConfirmSecondFactorSetupMutation,
} from '../../state';

const CODE_ID = 'second-factor-code';

/** The 6-digit code field both steps use, with its error at the field. */
function CodeField({
  value,
  error,
  onChange,
  label,
  hint,
}: {
  value: string;
  error: string | null;
  onChange: (value: string) => void;
  label: string;
  hint?: string;
}) {
  return (
    <TextField
      id={CODE_ID}
      label={label}
      {...(hint ? { hint } : {})}
      className="wpa-code"
      inputMode="text"
      autoComplete="one-time-code"
      spellCheck={false}
      autoCapitalize="none"
      required
      value={value}
      error={error}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/** Later sign-ins: the code from the authenticator app, or one of the recovery codes. */
function EnterCode({
  onDone,
  onNotice,
}: {
  onDone: () => void;
  onNotice: (notice: string) => void;
}) {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const t = useT(accountMessages);
  const apiText = useApiText();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const parsed = SecondFactorBody.safeParse({ code });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? AuthText.codeInvalidFormat);
      document.getElementById(CODE_ID)?.focus();
      return;
    }
    setFieldError(null);
    setBusy(true);
    const result = await dispatch(verifySecondFactor(parsed.data.code));
    setBusy(false);
    if (verifySecondFactor.fulfilled.match(result)) {
      // A recovery code was used: say how many are left before going on.
      const notice = selectAuthNotice(store.getState());
      if (notice) onNotice(notice);
      else onDone();
      return;
    }
    if (!verifySecondFactor.rejected.match(result)) return;
    const message = result.meta.fieldErrors?.code ?? result.payload ?? AuthErrorText.verify;
    if (result.meta.status === 400 && result.meta.fieldErrors?.code) setFieldError(message);
    else setFailure(message);
  };

  return (
    <>
      {failure ? <ErrorBox>{apiText(failure)}</ErrorBox> : null}
      <form className="wp-stack" noValidate onSubmit={onSubmit}>
        <p>{t('secondFactor.enterIntro')}</p>
        <CodeField
          label={t('secondFactor.codeLabel')}
          hint={t('secondFactor.codeHint')}
          value={code}
          error={fieldError}
          onChange={setCode}
        />
        <Button type="submit" busy={busy} fullWidth>
          {t('form.verify')}
        </Button>
      </form>
    </>
  );
}

/** The ten recovery codes, shown once: copy, download, and confirm they are saved. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [saved, setSaved] = useState(false);
  const [copied, setCopied] = useState<string | null>(null);
  const t = useT(accountMessages);
  const text = `${t('recovery.fileText')}\n\n${codes.join('\n')}\n`;
  const download = `data:text/plain;charset=utf-8,${encodeURIComponent(text)}`;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(t('recovery.copied'));
    } catch {
      setCopied(t('recovery.copyUnavailable'));
    }
  };

  return (
    <section className="wp-stack" aria-labelledby="recovery-codes-title">
      <h2 id="recovery-codes-title">{t('recovery.heading')}</h2>
      <p>{t('recovery.intro')}</p>
      <ul className="wpa-recovery-codes" aria-label={t('recovery.listLabel')}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className="wp-actions">
        <Button variant="secondary" onClick={() => void copy()}>
          {t('recovery.copy')}
        </Button>
        <a
          className="wp-button wp-button--secondary"
          href={download}
          download="waypoint-recovery-codes.txt"
        >
          {t('recovery.download')}
        </a>
      </div>
      <p role="status" className="wpa-status">
        {copied ?? ''}
      </p>
      <Checkbox
        id="recovery-codes-saved"
        label={t('recovery.saved')}
        checked={saved}
        onChange={setSaved}
      />
      <Button disabled={!saved} onClick={onDone}>
        {t('form.continue')}
      </Button>
    </section>
  );
}

/** First staff sign-in: scan the QR code (or type the key), confirm with a code, save the recovery codes. */
function SetUp({ onDone }: { onDone: (user: AuthUser | null) => void }) {
  const [begin, setup] = useBeginSecondFactorSetupMutation();
  const [confirm, confirming] = useConfirmSecondFactorSetupMutation();
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<{ codes: string[]; user: AuthUser | null } | null>(null);
  const started = useRef(false);
  const t = useT(accountMessages);
  const apiText = useApiText();

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void begin();
  }, [begin]);

  if (done) {
    return <RecoveryCodes codes={done.codes} onDone={() => onDone(done.user)} />;
  }
  if (setup.isError) {
    return <ErrorBox>{apiText(errorText(setup.error, ClientErrorText.requestFailed))}</ErrorBox>;
  }
  if (!setup.data) return <Spinner label={t('secondFactor.preparing')} showLabel />;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const parsed = VerifyEmailBody.safeParse({ code: code.replace(/\s+/g, '') });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? AuthText.codeInvalidFormat);
      document.getElementById(CODE_ID)?.focus();
      return;
    }
    setFieldError(null);
    try {
      const reply = await confirm(parsed.data).unwrap();
      // The user (now verified) is stored only once the codes are saved, so nothing moves on before.
      setDone({ codes: reply.recoveryCodes, user: userFromReply(reply) });
    } catch (error) {
      const message = errorText(error, AuthErrorText.verify);
      if (message === AuthText.secondFactorWrong) setFieldError(message);
      else setFailure(message);
    }
  };

  return (
    <>
      {failure ? <ErrorBox>{apiText(failure)}</ErrorBox> : null}
      <ol className="wp-stack wpa-setup-steps">
        <li>
          <p>{t('secondFactor.setupIntro')}</p>
          <img
            className="wpa-qr"
            src={setup.data.qrCodeDataUrl}
            width={200}
            height={200}
            alt={t('secondFactor.qrAlt')}
          />
          <p>
            {t('secondFactor.manualKey')}{' '}
            <code className="wpa-manual-key" aria-label={t('secondFactor.manualKeyLabel')}>
              {setup.data.secret}
            </code>
          </p>
        </li>
        <li>
          <form className="wp-stack" noValidate onSubmit={onSubmit}>
            <CodeField
              label={t('secondFactor.setupCodeLabel')}
              value={code}
              error={fieldError}
              onChange={setCode}
            />
            <Button type="submit" busy={confirming.isLoading}>
              {t('secondFactor.turnOn')}
            </Button>
          </form>
        </li>
      </ol>
    </>
  );
}

/**
 * The second sign-in step for staff (mf-account, /auth/second-factor): set up the authenticator at the first
 * sign-in, later enter its code. Afterwards the staff member goes on to the remembered page (the admin area).
 */
export function SecondFactorPage() {
  const auth = useAppSelector(selectAuth);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const target = useRedirectTarget('/admin');
  const user = auth.user;
  /** The second factor was due when the page opened: once done, the page itself moves on. */
  const [dueAtStart] = useState(() => needsSecondFactor(auth.user));
  /** Shown after a recovery code was used (how many are left), before going on. */
  const [recoveryNotice, setRecoveryNotice] = useState<string | null>(null);
  const t = useT(accountMessages);
  const apiText = useApiText();

  const finish = (verified?: AuthUser | null) => {
    if (verified) dispatch(setUser(verified));
    navigate(target, { replace: true });
  };

  if (recoveryNotice) {
    return (
      <AuthPage title={t('secondFactor.signInTitle')}>
        <div className="wp-stack">
          <Banner tone="warning" title={t('secondFactor.recoveryUsed')}>
            {apiText(recoveryNotice)} {t('secondFactor.lostAuthenticator')}
          </Banner>
          <Button onClick={() => finish()}>{t('form.continue')}</Button>
        </div>
      </AuthPage>
    );
  }
  if (auth.isLoading && !user) return <PageSpinner />;
  if (!auth.isAuthenticated || !user) return <Navigate to={loginRedirectPath(target)} replace />;
  const state = user.secondFactor;
  if (state !== 'setup-required' && state !== 'required') {
    return dueAtStart ? <PageSpinner /> : <Navigate to={target} replace />;
  }
  return (
    <AuthPage
      title={
        state === 'setup-required' ? t('secondFactor.setUpTitle') : t('secondFactor.signInTitle')
      }
    >
      {state === 'setup-required' ? (
        <SetUp onDone={finish} />
      ) : (
        <EnterCode onDone={() => finish()} onNotice={setRecoveryNotice} />
      )}
    </AuthPage>
  );
}
