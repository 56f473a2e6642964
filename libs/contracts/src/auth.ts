import { apiMessage, ApiMessages } from './api-messages';
import { AuthText, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './auth-text';
import { z } from 'zod';
import { STAFF_ROLES } from './roles';
import { LOCALES } from './locales';
import { text } from './primitives';

/** A simple e-mail pattern (something @ something . something), lower-cased and trimmed. */
export const EmailField = text({ error: AuthText.emailRequired })
  .trim()
  .min(1, AuthText.emailRequired)
  .max(254, AuthText.emailInvalid)
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, AuthText.emailInvalid)
  .transform((v) => v.toLowerCase());
export type EmailField = z.input<typeof EmailField>;

/** A new password: length here; the common-password check runs on the server. */
export const NewPasswordField = text({ error: AuthText.passwordRequired })
  .min(1, AuthText.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, AuthText.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, AuthText.passwordTooLong);
export type NewPasswordField = z.input<typeof NewPasswordField>;

export const CodeField = text({ error: AuthText.codeInvalidFormat })
  .trim()
  .regex(/^\d{6}$/, AuthText.codeInvalidFormat);
export type CodeField = z.input<typeof CodeField>;

const NameField = (message: string) =>
  text({ error: message })
    .trim()
    .min(1, message)
    .max(100, apiMessage('validation.atMostCharacters', { max: 100 }));

/** An account's role: a traveller (`user`), or staff: a `caseworker` or an `admin` (see `staff-accounts.ts`). */
export const Role = z.enum(['user', ...STAFF_ROLES]);
export type Role = z.infer<typeof Role>;

/**
 * Where a staff session stands with its second factor: `setup-required` (no authenticator yet), `required`
 * (enter a code), `verified`; `not-required` for travellers.
 */
export const SecondFactorState = z.enum(['not-required', 'setup-required', 'required', 'verified']);
export type SecondFactorState = z.infer<typeof SecondFactorState>;

export const User = z.object({
  id: text(),
  email: text(),
  firstName: text().nullable(),
  lastName: text().nullable(),
  /** Country code of the nationality, e.g. "US". */
  nationality: text().nullable(),
  role: Role,
  emailVerified: z.boolean(),
  hasPassword: z.boolean(),
  /** A new address waiting for its verification code. */
  pendingEmail: text().nullable(),
  secondFactor: SecondFactorState,
  /**
   * The account's language: pages after sign-in and its e-mails use it. Null until one is chosen or known (an
   * account made by staff): the browser then gives it the page's.
   */
  locale: z.enum(LOCALES).nullable(),
});
export type User = z.infer<typeof User>;

export const UserResponse = z.object({
  user: User,
  /**
   * Set when this sign-in confirmed the address of an account for the first time: every other session was ended
   * (and the owner told by e-mail). The page the user lands on shows the notice.
   */
  notice: text().optional(),
});
export type UserResponse = z.infer<typeof UserResponse>;

export const CheckEmailBody = z.object({ email: EmailField });
export type CheckEmailBody = z.input<typeof CheckEmailBody>;
export const CheckEmailResponse = z.object({ hasPassword: z.boolean() });
export type CheckEmailResponse = z.infer<typeof CheckEmailResponse>;

export const LoginBody = z.object({
  email: EmailField,
  password: text({ error: AuthText.passwordRequired })
    .min(1, AuthText.passwordRequired)
    .max(1024, apiMessage('validation.atMostCharacters', { max: 1024 })),
});
export type LoginBody = z.input<typeof LoginBody>;

export const RegisterBody = z
  .object({
    firstName: NameField(AuthText.firstNameRequired),
    lastName: NameField(AuthText.lastNameRequired),
    email: EmailField,
    password: NewPasswordField,
    confirmPassword: text().optional(),
  })
  .refine((b) => b.confirmPassword === undefined || b.confirmPassword === b.password, {
    message: AuthText.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type RegisterBody = z.input<typeof RegisterBody>;

export const EmailBody = z.object({ email: EmailField });
export type EmailBody = z.input<typeof EmailBody>;
export const SentResponse = z.object({ sent: z.literal(true), message: text() });
export type SentResponse = z.infer<typeof SentResponse>;

export const VerifyTokenBody = z.object({
  token: text({ error: AuthText.signInLinkInvalid })
    .trim()
    .min(1, AuthText.signInLinkInvalid)
    .max(200, AuthText.signInLinkInvalid),
});
export type VerifyTokenBody = z.input<typeof VerifyTokenBody>;

export const VerifyEmailBody = z.object({ code: CodeField });
export type VerifyEmailBody = z.input<typeof VerifyEmailBody>;

export const ResetPasswordBody = z
  .object({
    email: EmailField,
    code: CodeField,
    password: NewPasswordField,
    confirmPassword: text(),
  })
  .refine((b) => b.confirmPassword === b.password, {
    message: AuthText.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type ResetPasswordBody = z.input<typeof ResetPasswordBody>;
export const ResetPasswordResponse = z.object({
  reset: z.literal(true),
  message: text(),
  /** Set when the code confirmed the address of an account for the first time (see UserResponse). */
  notice: text().optional(),
});
export type ResetPasswordResponse = z.infer<typeof ResetPasswordResponse>;

/** One of the portal's languages (`LOCALES`). */
export const LocaleField = z.enum(LOCALES, { error: ApiMessages['validation.localeFromList'] });
export type LocaleField = z.infer<typeof LocaleField>;

/** The profile never blanks a name: both parts are required, as at registration. */
export const UpdateProfileBody = z.object({
  firstName: NameField(AuthText.firstNameRequired),
  lastName: NameField(AuthText.lastNameRequired),
  nationality: z.union(
    [
      text()
        .trim()
        .toUpperCase()
        .regex(/^[A-Z]{2}$/, ApiMessages['validation.nationalityFromList'])
        .nullable()
        .optional(),
      z.literal('').transform(() => null),
    ],
    { error: ApiMessages['validation.nationalityFromList'] },
  ),
  email: EmailField,
  /** The account's language; unchanged when left out. */
  locale: LocaleField.optional(),
});
export type UpdateProfileBody = z.input<typeof UpdateProfileBody>;

/** A change of the account's language alone (the language picker of a signed-in traveller). */
export const UpdateLocaleBody = z.object({ locale: LocaleField });
export type UpdateLocaleBody = z.input<typeof UpdateLocaleBody>;

/**
 * What a recent proof is asked for: the e-mailed code's message names the action it confirms (changing the
 * e-mail or the password, downloading a copy of one's data, deleting the account).
 */
export const RecentProofPurpose = z.enum(
  ['email-change', 'password-change', 'data-export', 'account-deletion'],
  { error: AuthText.recentProofPurposeInvalid },
);
export type RecentProofPurpose = z.infer<typeof RecentProofPurpose>;

/** Asks for a 6-digit code e-mailed to the current address, naming what it will confirm. */
export const RecentProofCodeBody = z.object(
  { purpose: RecentProofPurpose },
  { error: AuthText.recentProofPurposeInvalid },
);
export type RecentProofCodeBody = z.input<typeof RecentProofCodeBody>;

/** Proof that the signed-in person is the owner, before changing the e-mail or the password. */
export const RecentProofBody = z.union(
  [
    z.object({
      password: text({ error: AuthText.passwordRequired })
        .min(1, AuthText.passwordRequired)
        .max(1024, apiMessage('validation.atMostCharacters', { max: 1024 })),
    }),
    z.object({ code: CodeField }),
  ],
  { error: AuthText.recentProofRequired },
);
export type RecentProofBody = z.input<typeof RecentProofBody>;

export const ChangePasswordBody = z
  .object({ password: NewPasswordField, confirmPassword: text() })
  .refine((b) => b.confirmPassword === b.password, {
    message: AuthText.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type ChangePasswordBody = z.input<typeof ChangePasswordBody>;

export const UndoEmailChangeResponse = z.object({ undone: z.literal(true), message: text() });
export type UndoEmailChangeResponse = z.infer<typeof UndoEmailChangeResponse>;

/** A 6-digit authenticator code, or a recovery code (xxxxx-xxxxx, the dash optional). */
export const SecondFactorCodeField = text({ error: ApiMessages['auth.secondFactorCodeRequired'] })
  .trim()
  .transform((v) => v.replace(/\s+/g, '').toLowerCase())
  .pipe(
    text().regex(/^(\d{6}|[a-z2-7]{5}-?[a-z2-7]{5})$/, ApiMessages['auth.secondFactorCodeFormat']),
  );
export type SecondFactorCodeField = z.input<typeof SecondFactorCodeField>;
export const SecondFactorBody = z.object({ code: SecondFactorCodeField });
export type SecondFactorBody = z.input<typeof SecondFactorBody>;
export const SecondFactorSetupConfirmBody = z.object({ code: CodeField });
export type SecondFactorSetupConfirmBody = z.input<typeof SecondFactorSetupConfirmBody>;

export const SecondFactorSetupResponse = z.object({
  /** The secret in base32, for typing into the app by hand. */
  secret: text(),
  otpauthUri: text(),
  /** The otpauth URI as a QR code, an SVG data URL. */
  qrCodeDataUrl: text(),
});
export type SecondFactorSetupResponse = z.infer<typeof SecondFactorSetupResponse>;

export const SecondFactorSetupDoneResponse = z.object({
  user: User,
  /** Ten single-use recovery codes, shown only this once. */
  recoveryCodes: z.array(text()),
});
export type SecondFactorSetupDoneResponse = z.infer<typeof SecondFactorSetupDoneResponse>;

export const LogoutResponse = z.object({ loggedOut: z.literal(true) });
export type LogoutResponse = z.infer<typeof LogoutResponse>;

/** Splits "Mary Ann Smith" on the first space: first name "Mary", last name "Ann Smith" (spec: Profile). */
export function splitName(full: string): { firstName: string; lastName: string } {
  const trimmed = full.trim().replace(/\s+/g, ' ');
  const space = trimmed.indexOf(' ');
  if (space === -1) return { firstName: trimmed, lastName: '' };
  return { firstName: trimmed.slice(0, space), lastName: trimmed.slice(space + 1) };
}
