import { useState, type FormEvent } from 'react';
import { AuthText, UpdateProfileBody, splitName } from '@waypoint/contracts';
import {
  AuthErrorText,
  Link,
  selectUser,
  updateProfile,
  useAppDispatch,
  useAppSelector,
  useGetCountriesQuery,
  type AuthUser,
} from '@waypoint/platform';
import { Button, CountryPicker, ErrorBox, ErrorSummary, TextField } from '@waypoint/ui';
import { CodeForm } from '../../components/CodeForm';
import {
  StatusMessage,
  errorsFromIssues,
  summaryErrors,
  type FieldErrors,
} from '../../components/forms';
import type { EmailState } from '../../components/resetEmail';

const FIELDS = { name: 'profile-name', nationality: 'profile-nationality', email: 'profile-email' };

/** The schema's and the server's field names, as the fields of this form. */
function onFormFields(errors: Record<string, string> | undefined): FieldErrors {
  const mapped: FieldErrors = {};
  for (const [field, message] of Object.entries(errors ?? {})) {
    const name = field === 'firstName' || field === 'lastName' ? 'name' : field;
    if (name in FIELDS && !(name in mapped)) mapped[name] = message;
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
  const [errors, setErrors] = useState<FieldErrors>({});
  const [attempt, setAttempt] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const showErrors = (next: FieldErrors) => {
    setErrors(next);
    setAttempt((count) => count + 1);
  };

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
      showErrors(onFormFields(errorsFromIssues(parsed.error.issues)));
      return;
    }
    setErrors({});
    setBusy(true);
    const result = await dispatch(
      updateProfile({
        firstName: parsed.data.firstName,
        lastName: parsed.data.lastName,
        nationality: parsed.data.nationality ?? null,
        email: parsed.data.email,
      }),
    );
    setBusy(false);
    if (updateProfile.fulfilled.match(result)) {
      showUser(result.payload);
      setMessage(AuthText.profileSaved);
      return;
    }
    const onFields = onFormFields(result.meta.fieldErrors);
    if (Object.keys(onFields).length > 0) showErrors(onFields);
    else setFailure(result.payload ?? AuthErrorText.updateProfile);
  };

  const forgotState: EmailState = { email: user.email };

  return (
    <>
      <ErrorSummary errors={summaryErrors(errors, FIELDS)} focusKey={attempt} />
      {failure ? <ErrorBox>{failure}</ErrorBox> : null}
      <StatusMessage>{message}</StatusMessage>

      {user.pendingEmail ? (
        <section className="wp-card wpa-pending" aria-labelledby="profile-pending-title">
          <h2 id="profile-pending-title">Confirm your new email</h2>
          <p>{AuthText.emailChangePending}</p>
          <p>
            New email: <strong>{user.pendingEmail}</strong>
          </p>
          <CodeForm
            idPrefix="profile-new-email"
            onVerified={(verified) => {
              showUser(verified);
              setMessage(AuthText.emailVerified);
            }}
          />
        </section>
      ) : null}

      <form className="wp-stack wpa-profile" noValidate onSubmit={onSubmit}>
        <TextField
          id={FIELDS.name}
          label="Name"
          autoComplete="name"
          value={name}
          error={errors.name}
          onChange={(event) => setName(event.target.value)}
        />
        <CountryPicker
          id={FIELDS.nationality}
          label="Nationality"
          countries={countries.data ?? []}
          loading={countries.isLoading}
          value={nationality}
          error={errors.nationality}
          onChange={setNationality}
        />
        <TextField
          id={FIELDS.email}
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          required
          value={email}
          error={errors.email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Button type="submit" busy={busy} busyLabel="Saving...">
          Save Change
        </Button>
      </form>

      {user.emailVerified === false && !user.pendingEmail ? (
        <p className="wpa-note">
          Your email address is not verified yet.{' '}
          <Link to="/auth/verify-email" className="wpa-inline-link">
            Verify your email
          </Link>
        </p>
      ) : null}
      {user.hasPassword === false ? (
        <p className="wpa-note">
          Your account has no password: you log in with a link we email you. To set a password, use{' '}
          <Link to="/auth/forgot-password" state={forgotState} className="wpa-inline-link">
            Forgot password
          </Link>
          .
        </p>
      ) : null}
    </>
  );
}

/** Profile: name, nationality and e-mail of the signed-in user (inside the account layout). */
export function ProfilePage() {
  const user = useAppSelector(selectUser);
  return (
    <>
      <title>Profile – Waypoint</title>
      <h1>Profile</h1>
      {user ? <ProfileForm key={user.id} user={user} /> : null}
    </>
  );
}
