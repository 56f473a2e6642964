import { z } from 'zod';
import { text } from './primitives';

/** Texts shown to people by the account screens and returned by the auth API. */
export const AuthText = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Valid email is required',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordTooLong: 'Password must be at most 128 characters',
  passwordTooCommon: 'This password is too common. Please choose a less predictable one.',
  passwordsDoNotMatch: 'Passwords do not match',
  codeInvalidFormat: 'Enter the 6-digit code',
  wrongCredentials: 'Incorrect email or password',
  emailTaken: 'An account with this email already exists. Please log in.',
  signInLinkInvalid: 'This sign-in link is invalid or has expired. Please request a new one.',
  codeWrong: 'The code is incorrect. Please check it and try again.',
  codeExpired: 'The code has expired or was already used. Please request a new one.',
  codeAttemptsExceeded: 'Too many attempts with this code. Please request a new one.',
  notSignedIn: 'Please log in to continue.',
  forbidden: 'You do not have access to this page.',
  signInLinkSent:
    "If an account exists for this email, we've sent a sign-in link. It is valid for 15 minutes.",
  resetEmailSent: 'Password reset email sent successfully. Please check your email.',
  verificationSent: 'We have sent a 6-digit code to your email.',
  passwordResetDone: 'Your password has been reset. Please log in with your new password.',
  emailVerified: 'Your email address is verified.',
  profileSaved: 'Your details have been saved.',
  emailChangePending:
    'We have sent a 6-digit code to your new email address. Your email changes once you enter it.',
} as const;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const CODE_LENGTH = 6;

/** A simple e-mail pattern (something @ something . something), lower-cased and trimmed. */
export const EmailField = text({ error: AuthText.emailRequired })
  .trim()
  .min(1, AuthText.emailRequired)
  .max(254, AuthText.emailInvalid)
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, AuthText.emailInvalid)
  .transform((v) => v.toLowerCase());

/** A new password: length here; the common-password check runs on the server. */
export const NewPasswordField = text({ error: AuthText.passwordRequired })
  .min(1, AuthText.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, AuthText.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, AuthText.passwordTooLong);

export const CodeField = text({ error: AuthText.codeInvalidFormat })
  .trim()
  .regex(/^\d{6}$/, AuthText.codeInvalidFormat);

const NameField = (message: string) =>
  text({ error: message }).trim().min(1, message).max(100, 'Please use at most 100 characters');

export const Role = z.enum(['user', 'admin']);
export type Role = z.infer<typeof Role>;

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
});
export type User = z.infer<typeof User>;

export const UserResponse = z.object({ user: User });

export const CheckEmailBody = z.object({ email: EmailField });
export const CheckEmailResponse = z.object({ hasPassword: z.boolean() });

export const LoginBody = z.object({
  email: EmailField,
  password: text({ error: AuthText.passwordRequired }).min(1, AuthText.passwordRequired).max(1024),
});

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
export const SentResponse = z.object({ sent: z.literal(true), message: text() });

export const VerifyTokenBody = z.object({
  token: text({ error: AuthText.signInLinkInvalid })
    .trim()
    .min(1, AuthText.signInLinkInvalid)
    .max(200),
});

export const VerifyEmailBody = z.object({ code: CodeField });

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
export const ResetPasswordResponse = z.object({ reset: z.literal(true), message: text() });

export const UpdateProfileBody = z.object({
  firstName: text().trim().max(100).default(''),
  lastName: text().trim().max(100).default(''),
  nationality: text()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'Please choose a nationality from the list')
    .nullable()
    .optional()
    .or(z.literal('').transform(() => null)),
  email: EmailField,
});
export type UpdateProfileBody = z.input<typeof UpdateProfileBody>;

export const LogoutResponse = z.object({ loggedOut: z.literal(true) });

/** Splits "Mary Ann Smith" on the first space: first name "Mary", last name "Ann Smith" (spec: Profile). */
export function splitName(full: string): { firstName: string; lastName: string } {
  const trimmed = full.trim().replace(/\s+/g, ' ');
  const space = trimmed.indexOf(' ');
  if (space === -1) return { firstName: trimmed, lastName: '' };
  return { firstName: trimmed.slice(0, space), lastName: trimmed.slice(space + 1) };
}
