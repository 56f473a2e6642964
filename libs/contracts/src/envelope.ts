import { z } from 'zod';

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

/** Per-field messages keyed by the dotted path of the field, e.g. `travelers.0.firstName`. */
export const FieldErrors = z.record(z.string(), z.string());
export type FieldErrors = z.infer<typeof FieldErrors>;

export const ErrorEnvelope = z.object({
  success: z.literal(false),
  error: z.string(),
  code: z.string(),
  fieldErrors: FieldErrors.optional(),
  requestId: z.string(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;

/** The success envelope `{ success: true, data }` around a response schema. */
export function okEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data });
}

export type OkEnvelope<T> = { success: true; data: T };
export type Envelope<T> = OkEnvelope<T> | ErrorEnvelope;

/** Fallback texts of the client when the server gives none (spec section 8). */
export const ClientErrorText = {
  requestFailed: 'Request failed',
  unknown: 'Unknown error',
} as const;
