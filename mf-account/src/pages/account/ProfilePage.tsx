import { useState, type FormEvent } from 'react';
import {
  AuthText,
  ChangePasswordBody,
  ClientErrorText,
  ErrorCode,
  UpdateProfileBody,
  type FieldErrors,
  splitName,
} from '@waypoint/contracts';
import {
  AuthErrorText,
  Link,
  fieldErrorsFromIssues,
  fieldErrorsOf,
  isApiError,
  knownFieldErrors,
  selectUser,
  setUser,
  updateProfile,
  useAppDispatch,
  useAppSelector,
  useFormErrors,
  userFromReply,
  type AuthUser,
} from '@waypoint/platform';
import { useGetCountriesQuery } from '@waypoint/platform/api';
import { useApiText } from '@waypoint/platform/i18n';
import { Button, CountryPicker, ErrorBox, ErrorSummary, TextField, rich, useT } from '@waypoint/ui';
import { CodeForm } from '../../components/CodeForm';
import {
  MismatchAnnouncement,
  PasswordField,
  StatusMessage,
  errorText,
} from '../../components/forms';
import { RecentProof } from '../../components/RecentProof';
import { accountMessages } from '../../i18n/catalog';
import { accountApi } from '../../state';
import { YourData } from './YourData';

const FIELDS = { name: 'profile-name', nationality: 'profile-nationality', email: 'profile-email' };

const NAME_MISSING: readonly string[] = [AuthText.firstNameRequired, AuthText.lastNameRequired];

/**
 * The schema's and the server's field names, as the fields of this form. The form has one Name field for the first
 * and last name, so a missing part reads as the whole name being needed.
 */
function onFormFields(errors: FieldErrors | undefined): FieldErrors {
  const mapped: FieldErrors = {};
  for (const [field, message] of Object.entries(errors ?? {})) {
    const isName = field === 'firstName' || field === 'lastName';
    const name = isName ? 'name' : field;
    if (name in FIELDS && !(name in mapped))
      mapped[name] = isName && NAME_MISSING.includes(message) ? AuthText.fullNameRequired : message;
  }
  return mapped;
}

function fullName(user: AuthUser): string {
  return `${user.firstName} ${user.lastName}`.trim();
}

function ProfileForm({ user }: { user: AuthUser }) {
  const dispatch = useAppDispatch();
  const countries = useGetCountriesQuery();
  const [name, setName] = useState(() => fullName(user));
  const [nationality, setNationality] = useState<string | null>(user.nationality);
  const [email, setEmail] = useState(user.email);
  const { errors, summary, attempt, clearErrors, showErrors } = useFormErrors(FIELDS);
  const [failure, setFailure] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** The change waiting for 'Confirm it is you' (a new e-mail needs a recent proof). */
  const [waiting, setWaiting] = useState<UpdateProfileBody | null>(null);
  const t = useT(accountMessages);
  const apiText = useApiText();

  const showUser = (saved: AuthUser) => {
    setName(fullName(saved));
    setNationality(saved.nationality);
    setEmail(saved.email);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    setMessage(null);
    // The name is split on its first space into first and last name (spec: Profile).
    const parsed = UpdateProfileBody.safeParse({
      ...splitName(name),
      nationality: nationality ?? '',
      email,
    });
    if (!parsed.success) {
      showErrors(onFormFields(fieldErrorsFromIssues(parsed.error.issues)));
      return;
    }
    clearErrors();
    await save({
      firstName: parsed.data.firstName,
      lastName: parsed.data.lastName,
      nationality: parsed.data.nationality ?? null,
      email: parsed.data.email,
    });
  };

  const save = async (input: UpdateProfileBody) => {
    setBusy(true);
    const result = await dispatch(updateProfile(input));
    setBusy(false);
    if (updateProfile.fulfilled.match(result)) {
      setWaiting(null);
      showUser(result.payload);
      setMessage(
        result.payload.pendingEmail && result.payload.pendingEmail !== user.pendingEmail
          ? AuthText.emailChangePending
          : AuthText.profileSaved,
      );
      return;
    }
    if (!updateProfile.rejected.match(result)) return;
    // Changing the e-mail needs a recent proof: ask for it, then send the same change again.
    if (result.meta.code === ErrorCode.RECENT_PROOF_REQUIRED) {
      setWaiting(input);
      return;
    }
    const onFields = onFormFields(result.meta.fieldErrors);
    if (Object.keys(onFields).length > 0) showErrors(onFields);
    else setFailure(result.payload ?? AuthErrorText.updateProfile);
  };

  return (
    <>
      <ErrorSummary errors={summary} focusKey={attempt} />
      {failure ? <ErrorBox>{apiText(failure)}</ErrorBox> : null}
      <StatusMessage>{message}</StatusMessage>

      {user.pendingEmail ? (
        <section className="wp-card wpa-pending" aria-labelledby="profile-pending-title">
          <h2 id="profile-pending-title">{t('profile.pendingHeading')}</h2>
          <p>{apiText(AuthText.emailChangePending)}</p>
          <p>
            {rich(t('profile.newEmail', { email: user.pendingEmail }), {
              email: (text) => (
                <strong>
                  <bdi>{text}</bdi>
                </strong>
              ),
            })}
          </p>
          <CodeForm
            idPrefix="profile-new-email"
            onVerified={(verified, notice) => {
              showUser(verified);
              setMessage(notice ?? AuthText.emailVerified);
            }}
          />
        </section>
      ) : null}

      {waiting ? (
        <RecentProof
          idPrefix="profile-proof"
          purpose="email-change"
          hasPassword={user.hasPassword !== false}
          onProved={() => void save(waiting)}
          onCancel={() => setWaiting(null)}
        />
      ) : null}

      <form className="wp-stack wpa-profile" noValidate onSubmit={onSubmit}>
        <TextField
          id={FIELDS.name}
          label={t('profile.name')}
          hint={t('profile.nameHint')}
          autoComplete="name"
          required
          value={name}
          error={errors.name}
          onChange={(event) => setName(event.target.value)}
        />
        <CountryPicker
          id={FIELDS.nationality}
          label={t('profile.nationality')}
          placeholder={t('profile.nationalityPlaceholder')}
          countries={countries.data ?? []}
          loading={countries.isLoading}
          value={nationality}
          error={errors.nationality}
          onChange={setNationality}
        />
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
        <Button type="submit" busy={busy} busyLabel={t('profile.saving')}>
          {t('profile.save')}
        </Button>
      </form>

      {user.emailVerified === false && !user.pendingEmail ? (
        <p className="wpa-note">
          {rich(t('profile.notVerified'), {
            verify: (text) => (
              <Link to="/auth/verify-email" className="wpa-inline-link">
                {text}
              </Link>
            ),
          })}
        </p>
      ) : null}
      <PasswordSection user={user} />
      <YourData user={user} />
    </>
  );
}

const PASSWORD_FIELDS = {
  password: 'profile-password',
  confirmPassword: 'profile-password-confirm',
};

/** Set a password (accounts made by paying have none) or change it; needs a recent proof. */
function PasswordSection({ user }: { user: AuthUser }) {
  const dispatch = useAppDispatch();
  const [changing, setChanging] = useState(false);
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const { errors, setErrors, clearErrors } = useFormErrors(PASSWORD_FIELDS);
  const [failure, setFailure] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [waiting, setWaiting] = useState(false);
  const hasPassword = user.hasPassword !== false;
  const mismatch = confirmPassword !== '' && confirmPassword !== password;
  const t = useT(accountMessages);
  const apiText = useApiText();

  const send = async () => {
    const parsed = ChangePasswordBody.safeParse({ password, confirmPassword });
    if (!parsed.success) {
      setErrors(knownFieldErrors(fieldErrorsFromIssues(parsed.error.issues), PASSWORD_FIELDS));
      return;
    }
    clearErrors();
    try {
      // Not tracked: the password is never kept in the store.
      setChanging(true);
      const reply = await dispatch(
        accountApi.endpoints.changePassword.initiate(parsed.data, { track: false }),
      ).unwrap();
      const saved = userFromReply(reply);
      if (saved) dispatch(setUser(saved));
      setWaiting(false);
      setPassword('');
      setConfirmPassword('');
      setMessage(reply.notice ?? AuthText.passwordChanged);
    } catch (error) {
      if (isApiError(error) && error.code === ErrorCode.RECENT_PROOF_REQUIRED) {
        setWaiting(true);
        return;
      }
      const onFields = knownFieldErrors(fieldErrorsOf(error), PASSWORD_FIELDS);
      if (Object.keys(onFields).length > 0) setErrors(onFields);
      else setFailure(errorText(error, ClientErrorText.requestFailed));
    } finally {
      setChanging(false);
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    setMessage(null);
    void send();
  };

  return (
    <section className="wp-stack wpa-password" aria-labelledby="profile-password-title">
      <h2 id="profile-password-title">
        {hasPassword ? t('profile.changePassword') : t('profile.setPassword')}
      </h2>
      {hasPassword ? null : <p className="wpa-note">{t('profile.noPassword')}</p>}
      {failure ? <ErrorBox>{apiText(failure)}</ErrorBox> : null}
      <StatusMessage>{message}</StatusMessage>
      {waiting ? (
        <RecentProof
          idPrefix="password-proof"
          purpose="password-change"
          hasPassword={hasPassword}
          onProved={() => void send()}
          onCancel={() => setWaiting(false)}
        />
      ) : null}
      <form className="wp-stack" noValidate onSubmit={onSubmit}>
        <PasswordField
          id={PASSWORD_FIELDS.password}
          label={t('form.newPassword')}
          autoComplete="new-password"
          required
          value={password}
          error={errors.password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <PasswordField
          id={PASSWORD_FIELDS.confirmPassword}
          label={t('profile.confirmNewPassword')}
          autoComplete="new-password"
          required
          value={confirmPassword}
          error={errors.confirmPassword ?? (mismatch ? AuthText.passwordsDoNotMatch : null)}
          onChange={(event) => setConfirmPassword(event.target.value)}
        />
        <MismatchAnnouncement message={mismatch ? AuthText.passwordsDoNotMatch : null} />
        <Button type="submit" busy={changing}>
          {t('profile.savePassword')}
        </Button>
      </form>
    </section>
  );
}

/** Profile: name, nationality and e-mail of the signed-in user (inside the account layout). */
export function ProfilePage() {
  const user = useAppSelector(selectUser);
  const t = useT(accountMessages);
  return (
    <>
      <title>{t('form.pageTitle', { title: t('profile.title') })}</title>
      <h1>{t('profile.title')}</h1>
      {user ? <ProfileForm key={user.id} user={user} /> : null}
    </>
  );
}
