import { useState, type FormEvent } from 'react';
import { ErrorCode, RegisterBody } from '@waypoint/contracts';
import {
  AuthErrorText,
  Link,
  fieldErrorsFromIssues,
  knownFieldErrors,
  register,
  useAppDispatch,
  useFormErrors,
  useNavigate,
} from '@waypoint/platform';
import { useApiText } from '@waypoint/platform/i18n';
import { Button, ErrorBox, ErrorSummary, TextField, rich, useT } from '@waypoint/ui';
import { AuthPage } from '../../components/forms';
import { PasswordPairFields, withPasswordMismatch } from '../../components/PasswordPairFields';
import { useRedirectTarget, withRedirect } from '../../components/redirect';
import { accountMessages } from '../../i18n/catalog';

const FIELDS = {
  firstName: 'register-first-name',
  lastName: 'register-last-name',
  email: 'register-email',
  password: 'register-password',
  confirmPassword: 'register-confirm-password',
};

type Values = Required<RegisterBody>;

const EMPTY: Values = { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' };

/** Router state of the verify e-mail page when a code has just been sent. */
export interface CodeSentState {
  codeSent: true;
}

/**
 * Create an account. Nothing is sent while the passwords differ; on success the user is signed in and goes on to
 * enter the code e-mailed to them.
 */
export function RegisterPage() {
  const target = useRedirectTarget();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [values, setValues] = useState<Values>(EMPTY);
  const { errors, summary, attempt, clearErrors, showErrors } = useFormErrors(FIELDS);
  const [failure, setFailure] = useState<{ message: string; taken: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const t = useT(accountMessages);
  const apiText = useApiText();

  const update = (name: keyof Values, value: string) =>
    setValues((current) => ({ ...current, [name]: value }));
  const set = (name: keyof Values) => (event: { target: { value: string } }) =>
    update(name, event.target.value);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const parsed = RegisterBody.safeParse(values);
    const problems = withPasswordMismatch(
      values,
      parsed.success ? {} : fieldErrorsFromIssues(parsed.error.issues),
    );
    if (!parsed.success || Object.keys(problems).length > 0) {
      showErrors(problems);
      return;
    }
    clearErrors();
    setBusy(true);
    const result = await dispatch(register(parsed.data));
    setBusy(false);
    if (register.fulfilled.match(result)) {
      const codeSent: CodeSentState = { codeSent: true };
      navigate(withRedirect('/auth/verify-email', target), { replace: true, state: codeSent });
      return;
    }
    const onFields = knownFieldErrors(result.meta.fieldErrors, FIELDS);
    if (Object.keys(onFields).length > 0) {
      showErrors(onFields);
      return;
    }
    setFailure({
      message: result.payload ?? AuthErrorText.register,
      taken: result.meta.code === ErrorCode.CONFLICT,
    });
  };

  return (
    <AuthPage title={t('register.title')}>
      <ErrorSummary errors={summary} focusKey={attempt} />
      {failure ? (
        <ErrorBox>
          {apiText(failure.message)}
          {failure.taken ? (
            <>
              {' '}
              <Link to={withRedirect('/auth/login', target)}>{t('form.logIn')}</Link>
            </>
          ) : null}
        </ErrorBox>
      ) : null}
      <form className="wp-stack" noValidate onSubmit={onSubmit}>
        <TextField
          id={FIELDS.firstName}
          label={t('register.firstName')}
          autoComplete="given-name"
          required
          value={values.firstName}
          error={errors.firstName}
          onChange={set('firstName')}
        />
        <TextField
          id={FIELDS.lastName}
          label={t('register.lastName')}
          autoComplete="family-name"
          required
          value={values.lastName}
          error={errors.lastName}
          onChange={set('lastName')}
        />
        <TextField
          id={FIELDS.email}
          label={t('form.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          required
          value={values.email}
          error={errors.email}
          onChange={set('email')}
        />
        <PasswordPairFields ids={FIELDS} values={values} errors={errors} onChange={update} />
        <Button type="submit" busy={busy} fullWidth>
          {t('register.submit')}
        </Button>
      </form>
      <p className="wpa-aside">
        {rich(t('register.haveAccount'), {
          login: (text) => (
            <Link to={withRedirect('/auth/login', target)} className="wpa-inline-link">
              {text}
            </Link>
          ),
        })}
      </p>
    </AuthPage>
  );
}
