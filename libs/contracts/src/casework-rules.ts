import type { ApiMessageKey } from './api-messages';

/**
 * What the pages know of casework without validating anything: the sections a change can be asked for, where a
 * change is made, what is left of a request, and how Home Office references are written. No zod here, so My orders
 * and the post-payment pages do not load the schema library; the schemas (`casework.ts`) build on these.
 */

/** The products: an ETA, or a visitor visa (`ProductKind` in `casework.ts`). */
type ProductKind = 'ETA' | 'VISA';

/**
 * What staff can ask a traveller to change: the order's general information, or one of a traveller's sections or
 * documents (the slugs of the post-payment journey; `journeys/post-payment.ts` checks they are the same).
 */
export const CHANGE_SECTIONS = [
  'general-info',
  'passport-page',
  'applicants-photo',
  'personal-information',
  'passport-information',
  'work',
  'declaration',
] as const;
/** A section or document a change can be asked for (`ChangeSection` in `casework.ts`). */
type ChangeSection = (typeof CHANGE_SECTIONS)[number];
/** The sections that belong to the whole order rather than to one traveller. */
export const ORDER_CHANGE_SECTIONS: readonly ChangeSection[] = ['general-info'];

/** The documents among them (a change is made by uploading a new one). */
export const DOCUMENT_CHANGE_SECTIONS: readonly ChangeSection[] = [
  'passport-page',
  'applicants-photo',
];

/** Where a change is made: the section's page of the post-payment journey. */
export function changePath(
  applicationId: string,
  change: { section: ChangeSection; travelerId: string | null },
): string {
  const base = `/application/${encodeURIComponent(applicationId)}/${change.section}`;
  return change.travelerId ? `${base}?traveler=${encodeURIComponent(change.travelerId)}` : base;
}

/** A change asked for, as the traveller sees it (the shape of `ChangeRequestItem` in `casework.ts`). */
interface ChangeItem {
  travelerId: string | null;
  section: ChangeSection;
  message: string;
  resolved: boolean;
}

/** The key of a change (one per traveller and section). */
export const changeKey = (c: { travelerId: string | null; section: ChangeSection }) =>
  `${c.travelerId ?? 'order'}:${c.section}`;

/** The changes still to make of an open request. */
export const changesLeft = <Item extends ChangeItem>(
  request: { resubmittedAt: string | null; items: Item[] } | null | undefined,
): Item[] => (request && !request.resubmittedAt ? request.items.filter((i) => !i.resolved) : []);

/** A Home Office reference as written, without spaces or hyphens, upper-cased. */
export const normaliseHomeOfficeReference = (value: string) =>
  value.toUpperCase().replace(/[\s-]/g, '');

/** The reference a lodged application gets: GWF and 9 digits for a visa, 16 digits for an ETA. */
export const HOME_OFFICE_REFERENCE: Record<ProductKind, RegExp> = {
  VISA: /^GWF\d{9}$/,
  ETA: /^\d{16}$/,
};

/** The message for a reference that is not the one of this product (null when it is). */
export function homeOfficeReferenceIssue(kind: ProductKind, value: string): ApiMessageKey | null {
  if (HOME_OFFICE_REFERENCE[kind].test(normaliseHomeOfficeReference(value))) return null;
  return kind === 'VISA' ? 'casework.visaReference' : 'casework.etaReference';
}

/** A reference as people read it: an ETA's in groups of four digits. */
export function formatHomeOfficeReference(reference: string): string {
  return /^\d{16}$/.test(reference) ? (reference.match(/\d{4}/g) ?? []).join('-') : reference;
}

/** Days before the expiry that a reminder is e-mailed. */
export const REMINDER_DAYS = [60, 14] as const;
export type ReminderDays = (typeof REMINDER_DAYS)[number];
