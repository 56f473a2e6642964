import { useEffect, useRef, useState, type FormEvent } from 'react';
import { AuthText, ClientErrorText } from '@waypoint/contracts';
import {
  AuthErrorText,
  Link,
  SECOND_FACTOR_PATH,
  login,
  needsSecondFactor,
  useAppDispatch,
  useFormErrors,
  useNavigate,
} from '@waypoint/platform';
import { useApiText } from '@waypoint/platform/i18n';
import { usePreloadOnFirstUse } from '@waypoint/platform/lazy-page';
import { Button, ErrorBox, ErrorSummary, TextField, rich, useT } from '@waypoint/ui';
import { AuthPage, PasswordField, StatusMessage, errorText } from '../../components/forms';
import { useRedirectTarget, withRedirect } from '../../components/redirect';
import { accountMessages } from '../../i18n/catalog';
import { useCheckEmailMutation, useSendSignInLinkMutation } from '../../state';

const FIELDS = { email: 'login-email', password: 'login-password' };
const SEND_LINK_ID = 'login-send-link';

/** The form's checks, downloaded with the schema library on the user's first key or tap, or when it is sent. */
const loadSignInSchemas = () => import('../../components/signInSchemas');
/** Ahead of time; a download that fails there is tried again when the form is sent. */
const FIRST_USE = [{ preload: () => loadSignInSchemas().catch(() => undefined) }];

/** Which part of the sign-in the page shows: the e-mail, then a password or an e-mailed link. */
type Step = 'email' | 'password' | 'link';

/**
 * Log in: the e-mail first; an account with a password then asks for it, any other address is offered a sign-in
 * link by e-mail. Afterwards the user goes back to the page they were sent from, or home.
 */
export function LoginPage() {
  const target = useRedirectTarget();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [checkEmail, checking] = useCheckEmailMutation();
  const [sendSignInLink, sending] = useSendSignInLinkMutation();
  const t = useT(accountMessages);
  const apiText = useApiText();

  const [step, setStep] = useState<Step>('email');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { errors, summary, attempt, clearErrors, showIssues } = useFormErrors(FIELDS);
  const [failure, setFailure] = useState<string | null>(null);
  const [linkMessage, setLinkMessage] = useState<string | null>(null);
  const [signingIn, setSigningIn] = useState(false);
  /** Password attempts are being slowed down: offer the e-mailed link, which always works. */
  const [throttled, setThrottled] = useState(false);

  usePreloadOnFirstUse(FIRST_USE);

  /** The form's checks; null, with the failure shown, when they cannot be downloaded (sending again retries). */
  const signInSchemas = async () => {
    try {
      return await loadSignInSchemas();
    } catch {
      setFailure(ClientErrorText.requestFailed);
      return null;
    }
  };

  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const stepChanged = useRef(false);

  // After Continue (or 'Use a different email') focus moves to what the user does next.
  useEffect(() => {
    if (!stepChanged.current) return;
    if (step === 'email') emailRef.current?.focus();
    else if (step === 'password') passwordRef.current?.focus();
    else document.getElementById(SEND_LINK_ID)?.focus();
  }, [step]);

  const goTo = (next: Step) => {
    stepChanged.current = true;
    setStep(next);
  };

  const useDifferentEmail = () => {
    setPassword('');
    clearErrors();
    setFailure(null);
    setLinkMessage(null);
    goTo('email');
  };

  const continueWithEmail = async () => {
    // What the field shows: this page's HTML is rendered at build time, so an address can be typed (and
    // Continue pressed) before the page's script has taken over the field.
    const typed = emailRef.current?.value ?? email;
    const schemas = await signInSchemas();
    if (!schemas) return;
    const parsed = schemas.CheckEmailBody.safeParse({ email: typed });
    if (!parsed.success) {
      showIssues(parsed.error.issues);
      return;
    }
    try {
      const reply = await checkEmail(parsed.data).unwrap();
      setEmail(parsed.data.email);
      goTo(reply.hasPassword === true ? 'password' : 'link');
    } catch (error) {
      // Empty when the server gave no message: the red box then says the e-mail could not be checked.
      setFailure(errorText(error, ''));
    }
  };

  const logIn = async () => {
    const schemas = await signInSchemas();
    if (!schemas) return;
    const parsed = schemas.LoginBody.safeParse({ email, password });
    if (!parsed.success) {
      showIssues(parsed.error.issues);
      return;
    }
    setSigningIn(true);
    const result = await dispatch(login(parsed.data));
    setSigningIn(false);
    if (login.fulfilled.match(result)) {
      // Staff continue with the second step (the authenticator) before going on.
      const next = needsSecondFactor(result.payload)
        ? withRedirect(SECOND_FACTOR_PATH, target)
        : target;
      navigate(next, { replace: true });
      return;
    }
    // Too many wrong passwords: the message says how long to wait; a sign-in link always works.
    setThrottled(result.meta.status === 429);
    setFailure(result.payload ?? AuthErrorText.login);
  };

  const emailLink = async () => {
    setLinkMessage(null);
    try {
      const reply = await sendSignInLink({ email }).unwrap();
      setLinkMessage(reply.message || AuthText.signInLinkSent);
    } catch (error) {
      setFailure(errorText(error, ClientErrorText.requestFailed));
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    clearErrors();
    setFailure(null);
    if (step === 'email') void continueWithEmail();
    else if (step === 'password') void logIn();
    else void emailLink();
  };

  return (
    <AuthPage title={t('login.title')}>
      <ErrorSummary errors={summary} focusKey={attempt} />
      {failure !== null ? (
        // Spec section 8: 'Failed to check email' when checking the e-mail fails without a message.
        <ErrorBox>{failure === '' ? t('login.checkEmailFailed') : apiText(failure)}</ErrorBox>
      ) : null}
      <form className="wp-stack" noValidate onSubmit={onSubmit}>
        <TextField
          ref={emailRef}
          id={FIELDS.email}
          label={t('form.email')}
          type="email"
          autoComplete="username"
          inputMode="email"
          spellCheck={false}
          required
          readOnly={step !== 'email'}
          value={email}
          error={errors.email}
          onChange={(event) => setEmail(event.target.value)}
        />
        {step !== 'email' ? (
          <p>
            <Button variant="link" onClick={useDifferentEmail}>
              {t('login.differentEmail')}
            </Button>
          </p>
        ) : null}

        {step === 'email' ? (
          <Button type="submit" busy={checking.isLoading} fullWidth>
            {t('form.continue')}
          </Button>
        ) : null}

        {step === 'password' ? (
          <>
            <PasswordField
              ref={passwordRef}
              id={FIELDS.password}
              label={t('form.password')}
              autoComplete="current-password"
              required
              value={password}
              error={errors.password}
              onChange={(event) => setPassword(event.target.value)}
            />
            <p>
              <Link to="/auth/forgot-password" state={{ email }} className="wpa-inline-link">
                {t('login.forgotPassword')}
              </Link>
            </p>
            <Button type="submit" busy={signingIn} fullWidth>
              {t('login.submit')}
            </Button>
            {throttled ? (
              <Button
                variant="secondary"
                busy={sending.isLoading}
                fullWidth
                onClick={() => void emailLink()}
              >
                {t('login.linkInstead')}
              </Button>
            ) : null}
          </>
        ) : null}

        {step === 'link' ? (
          <>
            <p>{t('login.linkIntro')}</p>
            <Button id={SEND_LINK_ID} type="submit" busy={sending.isLoading} fullWidth>
              {t('login.sendLink')}
            </Button>
          </>
        ) : null}
      </form>
      <StatusMessage>{linkMessage}</StatusMessage>
      <p className="wpa-aside">
        {rich(t('login.newHere'), {
          register: (text) => (
            <Link to={withRedirect('/auth/register', target)} className="wpa-inline-link">
              {text}
            </Link>
          ),
        })}
      </p>
    </AuthPage>
  );
}
