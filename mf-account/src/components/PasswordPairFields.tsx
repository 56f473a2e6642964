import type { ChangeEvent } from 'react';
import { AuthText, PASSWORD_MIN_LENGTH, type FieldErrors } from '@waypoint/contracts';
import { useT } from '@waypoint/ui';
import { accountMessages } from '../i18n/catalog';
import { MismatchAnnouncement, PasswordField } from './forms';

/** A new password and the same password typed again. */
export interface PasswordPair {
  password: string;
  confirmPassword: string;
}

export interface PasswordPairFieldsProps {
  /** The ids of the two inputs, as the form's error summary links to them. */
  ids: Readonly<Record<keyof PasswordPair, string>>;
  values: PasswordPair;
  /** The messages of the last submit, or the server's, by field. */
  errors: Partial<Record<keyof PasswordPair, string | null>>;
  onChange: (name: keyof PasswordPair, value: string) => void;
}

/**
 * The problems found on submit, with 'Passwords do not match' at the confirmation when the two differ and it has no
 * other message.
 */
export function withPasswordMismatch(values: PasswordPair, problems: FieldErrors): FieldErrors {
  if (values.confirmPassword === values.password || problems.confirmPassword) return problems;
  return { ...problems, confirmPassword: AuthText.passwordsDoNotMatch };
}

/**
 * A new password with its length rule as a hint, then its confirmation. 'Passwords do not match' shows at the
 * confirmation as soon as it differs, and is announced once; it goes again as soon as the two match.
 */
export function PasswordPairFields({ ids, values, errors, onChange }: PasswordPairFieldsProps) {
  const t = useT(accountMessages);
  const mismatch = values.confirmPassword !== '' && values.confirmPassword !== values.password;
  // The live message replaces a stale one from the last submit once the passwords match again.
  const confirmError = mismatch
    ? AuthText.passwordsDoNotMatch
    : errors.confirmPassword === AuthText.passwordsDoNotMatch
      ? null
      : errors.confirmPassword;
  // Both are new passwords: password managers offer to generate one and save it.
  const field = (name: keyof PasswordPair) => ({
    id: ids[name],
    autoComplete: 'new-password',
    required: true,
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => onChange(name, event.target.value),
  });
  return (
    <>
      <PasswordField
        {...field('password')}
        label={t('form.password')}
        hint={t('register.passwordHint', { min: PASSWORD_MIN_LENGTH })}
        error={errors.password}
      />
      <PasswordField
        {...field('confirmPassword')}
        label={t('form.confirmPassword')}
        error={confirmError}
      />
      <MismatchAnnouncement message={mismatch ? AuthText.passwordsDoNotMatch : null} />
    </>
  );
}
