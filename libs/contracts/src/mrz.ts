import { z } from 'zod';
import { atMostItems, CHOOSE_FROM_LIST, text } from './primitives';
import { ValidationText } from './messages';

/**
 * The reading of a passport page's machine-readable zone (MRZ): what was read, and where it differs from the
 * passport details the traveller entered.
 */

/** The details an MRZ carries that the portal compares with the traveller's. */
export const MrzField = z.enum(
  ['number', 'expirationDate', 'nationality', 'lastName', 'firstName', 'dateOfBirth', 'sex'],
  CHOOSE_FROM_LIST,
);
export type MrzField = z.infer<typeof MrzField>;

/** The fields read from an MRZ whose check digits were right. Dates are YYYY-MM-DD. */
export const MrzRead = z.object({
  number: text(),
  /** The MRZ's three-letter code (`FRA`; `D` for Germany). */
  nationalityCode: text(),
  /** The same as the portal's two-letter country code, or null when the portal has none for it. */
  nationality: text().nullable(),
  issuingCountry: text().nullable(),
  lastName: text(),
  firstName: text(),
  dateOfBirth: text(),
  expirationDate: text(),
  sex: z.enum(['male', 'female']).nullable(),
  /**
   * Fields no check digit vouches for (names, sex, nationality) whose reading was a near thing: compared with the
   * traveller's answers, never offered in their place.
   */
  unsure: z.array(MrzField).optional(),
});
export type MrzRead = z.infer<typeof MrzRead>;

export const MrzStatus = z.enum(['pending', 'matched', 'mismatch', 'unreadable']);
export type MrzStatus = z.infer<typeof MrzStatus>;

/**
 * Why a passport page's zone was not read, for staff: `no-zone` (no machine-readable lines found on the page),
 * `checks` (lines found, but no reading of them passed the check digits), `timeout` (the reading ran out of
 * time), `failed` (the reader failed), `not-read` (too many pages were waiting, or the service was stopping).
 */
export const MrzUnreadableReason = z.enum(['no-zone', 'checks', 'timeout', 'failed', 'not-read']);
export type MrzUnreadableReason = z.infer<typeof MrzUnreadableReason>;

export const MrzMismatch = z.object({
  field: MrzField,
  /** As the traveller entered it. */
  entered: text(),
  /** As the MRZ gives it (a country as its two-letter code when the portal knows it). */
  read: text(),
  /** The traveller confirmed their value over the one read. */
  kept: z.boolean(),
  /**
   * Whether the value read may be offered as a one-click replacement: not when the two differ only in characters
   * the reader confuses (0 and O, 1 and I…), where the traveller compares with the passport itself. Sent by the
   * API; optional only for readers that predate it.
   */
  offered: z.boolean().optional(),
});
export type MrzMismatch = z.infer<typeof MrzMismatch>;

/**
 * A passport page's MRZ result: `pending` while it is read (shortly after the upload), `matched` when every
 * detail the traveller gave agrees, `mismatch` while one differs (compared with the current details, so a
 * corrected detail stops differing), `unreadable` when no MRZ with right check digits was found.
 */
export const PassportMrz = z.object({
  status: MrzStatus,
  read: MrzRead.nullable(),
  mismatches: z.array(MrzMismatch),
  /** Why an `unreadable` page was not read (null for a page read before reasons were kept). */
  reason: MrzUnreadableReason.nullable().optional(),
});
export type PassportMrz = z.infer<typeof PassportMrz>;

/** `POST /api/application/:id/documents/:documentId/mrz/keep`: the traveller keeps their values of these fields. */
export const MrzKeepBody = z.object({
  fields: z
    .array(MrzField, { error: ValidationText.atLeastOne })
    .min(1, ValidationText.atLeastOne)
    .max(7, atMostItems(7)),
});
export type MrzKeepBody = z.input<typeof MrzKeepBody>;

/** Characters a reader of the machine-readable zone confuses with each other (OCR-B: 0/O/D/Q, 1/I/L/T, 2/Z, 5/S, 8/B, 6/G). */
const CONFUSABLE: readonly string[] = ['0ODQ', '1ILT', '2Z', '5S', '8B', '6G'];

/**
 * Whether two values differ only where one character could have been read for the other: a difference a misread
 * can explain, so the value read is not offered in place of the one entered.
 */
export function differsOnlyByConfusables(a: string, b: string): boolean {
  const x = a.toUpperCase();
  const y = b.toUpperCase();
  if (x.length !== y.length || x === y) return false;
  return [...x].every(
    (c, i) => c === y[i] || CONFUSABLE.some((group) => group.includes(c) && group.includes(y[i]!)),
  );
}
