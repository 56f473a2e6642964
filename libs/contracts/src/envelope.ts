import { z } from 'zod';
import { API_MESSAGE_KEYS } from './api-messages';
import { text } from './primitives';

/** Per-field messages keyed by the dotted path of the field, e.g. `travelers.0.firstName`. */
export const FieldErrors = z.record(text(), text());
export type FieldErrors = z.infer<typeof FieldErrors>;

/** A key of the API's message catalog (`ApiMessages`). */
export const MessageKey = z.enum(API_MESSAGE_KEYS);
export type MessageKey = z.infer<typeof MessageKey>;

/** The values of a catalog message's placeholders, e.g. `{ max: 100 }`. */
export const MessageParams = z.record(text(), z.union([text(), z.number()]));
export type MessageParams = z.infer<typeof MessageParams>;

/** A message as its catalog key and parameters, for a front end to show in the reader's language. */
export const MessageRef = z.object({ key: MessageKey, params: MessageParams.optional() });
export type MessageRef = z.infer<typeof MessageRef>;

/** The catalog key of each of `fieldErrors`' messages, under the same dotted paths. */
export const FieldErrorKeys = z.record(text(), MessageRef);
export type FieldErrorKeys = z.infer<typeof FieldErrorKeys>;

export const ErrorEnvelope = z.object({
  success: z.literal(false),
  /** The message in English. */
  error: text(),
  code: text(),
  /** The catalog key of `error` (`error.unknown` when the catalog has no such message). */
  messageKey: MessageKey,
  messageParams: MessageParams.optional(),
  fieldErrors: FieldErrors.optional(),
  fieldErrorKeys: FieldErrorKeys.optional(),
  requestId: text(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;

/** The success envelope `{ success: true, data }` around a response schema. */
export function okEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data });
}

export type OkEnvelope<T> = { success: true; data: T };
export type Envelope<T> = OkEnvelope<T> | ErrorEnvelope;
