import { z } from 'zod';
import { text } from './primitives';

/** Per-field messages keyed by the dotted path of the field, e.g. `travelers.0.firstName`. */
export const FieldErrors = z.record(text(), text());
export type FieldErrors = z.infer<typeof FieldErrors>;

export const ErrorEnvelope = z.object({
  success: z.literal(false),
  error: text(),
  code: text(),
  fieldErrors: FieldErrors.optional(),
  requestId: text(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;

/** The success envelope `{ success: true, data }` around a response schema. */
export function okEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data });
}

export type OkEnvelope<T> = { success: true; data: T };
export type Envelope<T> = OkEnvelope<T> | ErrorEnvelope;
