import { apiMessage, ApiMessages } from './api-messages';
import { z } from 'zod';
import { CodeField, SecondFactorCodeField } from './auth';
import { text } from './primitives';

/**
 * A traveller's rights over their personal data (UK GDPR): a copy of everything held about them
 * (`GET /api/auth/profile/export`, a zip) and the deletion of their account (`POST /api/auth/profile/delete`).
 */

/** Deleting the account: the password (or, for an account without one, an e-mailed code) and the staff code. */
export const DeleteAccountBody = z.object({
  password: text({ error: ApiMessages['personalData.passwordRequired'] })
    .max(1024, apiMessage('validation.atMostCharacters', { max: 1024 }))
    .optional(),
  /** The 6-digit code of `POST /api/auth/recent-proof/code`, for an account that has no password. */
  code: CodeField.optional(),
  /** An authenticator code (or a recovery code), when the account has a second factor. */
  secondFactorCode: SecondFactorCodeField.optional(),
});
export type DeleteAccountBody = z.input<typeof DeleteAccountBody>;

export const DeleteAccountResponse = z.object({
  deleted: z.literal(true),
  message: text(),
});
export type DeleteAccountResponse = z.infer<typeof DeleteAccountResponse>;

/** The name of the export's file for a day: `waypoint-data-2026-11-26.zip`. */
export const exportFilename = (date: Date) =>
  `waypoint-data-${date.toISOString().slice(0, 10)}.zip`;

/** The default number of days documents are kept after a decision (`DOCUMENT_RETENTION_DAYS`). */
export const DEFAULT_DOCUMENT_RETENTION_DAYS = 90;
