/**
 * Constants without zod: the front ends import these, and a module that builds no schema lets their bundles leave
 * zod out (`sideEffects: false` in package.json lets webpack skip the schema modules they do not use).
 */

import { ApiMessages } from './api-messages';

/** Machine-readable error codes carried by every error reply next to the human message. */
export const ErrorCode = {
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  INVALID_JSON: 'INVALID_JSON',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  BAD_REQUEST: 'BAD_REQUEST',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  RATE_LIMITED: 'RATE_LIMITED',
  /** A staff session that has not completed the second factor (set it up, or enter its code). */
  SECOND_FACTOR_REQUIRED: 'SECOND_FACTOR_REQUIRED',
  /** The change needs a recent proof: the password, or a code sent to the current address. */
  RECENT_PROOF_REQUIRED: 'RECENT_PROOF_REQUIRED',
  NOT_READY: 'NOT_READY',
  /** The database did not answer (a restart or failover): retry after the Retry-After seconds. */
  DATABASE_UNAVAILABLE: 'DATABASE_UNAVAILABLE',
  /** The server is shedding load (event loop or memory pressure): retry after the Retry-After seconds. */
  OVERLOADED: 'OVERLOADED',
  INTERNAL: 'INTERNAL',
  /** Submission refused: sections or documents are still missing (listed in `fieldErrors.missing`). */
  INCOMPLETE: 'INCOMPLETE',
  /** The card payment provider did not answer as expected: the payment can be tried again later. */
  PROVIDER: 'PROVIDER',
  /** A payment provider's webhook whose signature does not match its body. */
  BAD_SIGNATURE: 'BAD_SIGNATURE',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** The HTTP status every error code is sent with. */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  INVALID_JSON: 400,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  SECOND_FACTOR_REQUIRED: 403,
  RECENT_PROOF_REQUIRED: 403,
  NOT_READY: 503,
  DATABASE_UNAVAILABLE: 503,
  OVERLOADED: 503,
  INTERNAL: 500,
  INCOMPLETE: 400,
  PROVIDER: 502,
  BAD_SIGNATURE: 400,
} as const satisfies Record<ErrorCode, number>;

/** Texts of the retryable 503 replies. */
export const AvailabilityText = {
  databaseUnavailable: ApiMessages['availability.databaseUnavailable'],
  overloaded: ApiMessages['availability.overloaded'],
  shuttingDown: ApiMessages['availability.shuttingDown'],
} as const;

/** Messages of the shared request rules (see primitives.ts). */
export const ValidationText = {
  forbiddenCharacters: ApiMessages['validation.forbiddenCharacters'],
  forbiddenHeader: ApiMessages['validation.forbiddenHeader'],
  invalidId: ApiMessages['validation.invalidId'],
  dateFormat: ApiMessages['validation.dateFormat'],
  realDate: ApiMessages['validation.realDate'],
  required: ApiMessages['validation.required'],
  /** A value no form sends (a wrong type, a number out of range): the generic message. */
  invalidValue: ApiMessages['validation.invalidValue'],
  chooseFromList: ApiMessages['validation.chooseFromList'],
  atLeastOne: ApiMessages['validation.atLeastOne'],
  countryFromList: ApiMessages['validation.countryFromList'],
} as const;
