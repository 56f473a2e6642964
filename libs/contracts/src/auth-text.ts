import { apiMessage, ApiMessages } from './api-messages';

// The account screens' texts and limits, without zod: the pages that show them (log in, My orders) draw without the
// schema library. The schemas of the auth API (`auth.ts`) build on these.

/** Texts shown to people by the account screens and returned by the auth API. */
export const AuthText = {
  firstNameRequired: ApiMessages['auth.firstNameRequired'],
  lastNameRequired: ApiMessages['auth.lastNameRequired'],
  /** The profile's one name field, when its first or last name is missing. */
  fullNameRequired: ApiMessages['auth.fullNameRequired'],
  emailRequired: ApiMessages['auth.emailRequired'],
  emailInvalid: ApiMessages['auth.emailInvalid'],
  passwordRequired: ApiMessages['auth.passwordRequired'],
  passwordTooShort: ApiMessages['auth.passwordTooShort'],
  passwordTooLong: ApiMessages['auth.passwordTooLong'],
  passwordTooCommon: ApiMessages['auth.passwordTooCommon'],
  passwordsDoNotMatch: ApiMessages['auth.passwordsDoNotMatch'],
  codeInvalidFormat: ApiMessages['auth.codeInvalidFormat'],
  wrongCredentials: ApiMessages['auth.wrongCredentials'],
  emailTaken: ApiMessages['auth.emailTaken'],
  signInLinkInvalid: ApiMessages['auth.signInLinkInvalid'],
  codeWrong: ApiMessages['auth.codeWrong'],
  codeExpired: ApiMessages['auth.codeExpired'],
  codeAttemptsExceeded: ApiMessages['auth.codeAttemptsExceeded'],
  notSignedIn: ApiMessages['auth.notSignedIn'],
  forbidden: ApiMessages['auth.forbidden'],
  signInLinkSent: ApiMessages['auth.signInLinkSent'],
  resetEmailSent: ApiMessages['auth.resetEmailSent'],
  verificationSent: ApiMessages['auth.verificationSent'],
  passwordResetDone: ApiMessages['auth.passwordResetDone'],
  emailVerified: ApiMessages['auth.emailVerified'],
  profileSaved: ApiMessages['auth.profileSaved'],
  emailChangePending: ApiMessages['auth.emailChangePending'],
  passwordThrottled: (seconds: number) => apiMessage('auth.passwordThrottled', { seconds }),
  otherSessionsEnded: ApiMessages['auth.otherSessionsEnded'],
  prehijackPasswordRemoved: ApiMessages['auth.prehijackPasswordRemoved'],
  recentProofRequired: ApiMessages['auth.recentProofRequired'],
  recentProofCodeSent: ApiMessages['auth.recentProofCodeSent'],
  recentProofPurposeInvalid: ApiMessages['auth.recentProofPurposeInvalid'],
  recentProofDone: ApiMessages['auth.recentProofDone'],
  wrongPassword: ApiMessages['auth.wrongPassword'],
  passwordChanged: ApiMessages['auth.passwordChanged'],
  emailChangeUndone: ApiMessages['auth.emailChangeUndone'],
  emailChangeUndoInvalid: ApiMessages['auth.emailChangeUndoInvalid'],
  emailChangeUndoTaken: ApiMessages['auth.emailChangeUndoTaken'],
  secondFactorRequired: ApiMessages['auth.secondFactorRequired'],
  secondFactorSetupRequired: ApiMessages['auth.secondFactorSetupRequired'],
  secondFactorWrong: ApiMessages['auth.secondFactorWrong'],
  secondFactorAlreadySetUp: ApiMessages['auth.secondFactorAlreadySetUp'],
  secondFactorStaffOnly: ApiMessages['auth.secondFactorStaffOnly'],
  recoveryCodeUsed: (left: number) => apiMessage('auth.recoveryCodeUsed', { left }),
} as const;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const CODE_LENGTH = 6;
