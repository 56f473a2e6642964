/**
 * Constants without zod: the front ends import these, and a module that builds no schema lets their bundles leave
 * zod out (`sideEffects: false` in package.json lets webpack skip the schema modules they do not use).
 */

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
  NOT_READY: 'NOT_READY',
  INTERNAL: 'INTERNAL',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Fallback texts of the client when the server gives none (spec section 8). */
export const ClientErrorText = {
  requestFailed: 'Request failed',
  unknown: 'Unknown error',
} as const;

/** Messages of the shared request rules (see primitives.ts). */
export const ValidationText = {
  forbiddenCharacters:
    'This contains a character that is not allowed (a null character or broken Unicode). Please remove it.',
  forbiddenHeader: 'A request header contains a character that is not allowed (a null character).',
  invalidId: 'This is not a valid id',
  dateFormat: 'Dates use the YYYY-MM-DD form',
  realDate: 'Please enter a real date',
} as const;
