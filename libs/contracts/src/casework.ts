import { z } from 'zod';
import { ApiMessages } from './api-messages';
import { CHOOSE_FROM_LIST, IsoDate, text, Uuid } from './primitives';
import {
  CHANGE_SECTIONS,
  HOME_OFFICE_REFERENCE,
  normaliseHomeOfficeReference,
  ORDER_CHANGE_SECTIONS,
} from './casework-rules';

/**
 * Casework after submission: staff ask the traveller for changes, lodge the application with the Home Office, and
 * record the government's outcome with its reference, validity and decision document. The steps themselves are
 * statuses of the lifecycle (`lifecycle.ts`); these are what each step records and what people see of it.
 */

/** The products: an ETA, or a visitor visa. */
export const ProductKind = z.enum(['ETA', 'VISA']);
export type ProductKind = z.infer<typeof ProductKind>;

export const ChangeSection = z.enum(CHANGE_SECTIONS, CHOOSE_FROM_LIST);
export type ChangeSection = z.infer<typeof ChangeSection>;

/** One change staff ask for: where, and what to do, in words the traveller reads. */
export const RequestedChange = z
  .object({
    /** The traveller whose section or document must change; null for the order's general information. */
    travelerId: Uuid.nullable(),
    section: ChangeSection,
    message: text().trim().min(1, ApiMessages['casework.messageRequired']).max(1000),
  })
  .superRefine((c, ctx) => {
    const orderWide = ORDER_CHANGE_SECTIONS.includes(c.section);
    if (orderWide && c.travelerId !== null)
      ctx.addIssue({
        code: 'custom',
        path: ['travelerId'],
        message: ApiMessages['casework.generalInfoIsOrderWide'],
      });
    if (!orderWide && c.travelerId === null)
      ctx.addIssue({
        code: 'custom',
        path: ['travelerId'],
        message: ApiMessages['casework.changeNeedsTraveler'],
      });
  });
export type RequestedChange = z.input<typeof RequestedChange>;

/** A change asked for, as the traveller sees it: done once they saved the section or uploaded a new document. */
export const ChangeRequestItem = z.object({
  travelerId: text().nullable(),
  section: ChangeSection,
  message: text(),
  resolved: z.boolean(),
});
export type ChangeRequestItem = z.infer<typeof ChangeRequestItem>;

/** The latest request for changes of an order: open until the traveller resubmits. */
export const ChangeRequest = z.object({
  requestedAt: text(),
  /** When the traveller resubmitted with the changes; null while the request is open. */
  resubmittedAt: text().nullable(),
  items: z.array(ChangeRequestItem),
});
export type ChangeRequest = z.infer<typeof ChangeRequest>;

// Lodging with the Home Office

/** Either product's reference (which one the order needs is checked against its product). */
export const HomeOfficeReference = text()
  .trim()
  .min(1, ApiMessages['casework.referenceRequired'])
  .max(40, ApiMessages['casework.referenceFormat'])
  .transform(normaliseHomeOfficeReference)
  .refine(
    (v) => HOME_OFFICE_REFERENCE.VISA.test(v) || HOME_OFFICE_REFERENCE.ETA.test(v),
    ApiMessages['casework.referenceFormat'],
  );
export type HomeOfficeReference = z.output<typeof HomeOfficeReference>;

/** What the traveller sees of the lodging: the reference and the day it was submitted. */
export const Lodging = z.object({
  reference: text(),
  /** The day staff submitted it to the Home Office (YYYY-MM-DD). */
  lodgedOn: text(),
});
export type Lodging = z.infer<typeof Lodging>;

// The outcome

/** The reference on a decision (an ETA number, a visa's or eVisa's reference). */
export const GrantReference = text()
  .trim()
  .transform((v) => v.toUpperCase().replace(/\s+/g, ''))
  .refine((v) => /^[A-Z0-9-]{6,30}$/.test(v), ApiMessages['casework.grantReference']);
export type GrantReference = z.output<typeof GrantReference>;

/** What staff record for each traveller of an approved application. */
export const GrantBody = z
  .object({
    travelerId: Uuid,
    reference: GrantReference,
    validFrom: IsoDate,
    validUntil: IsoDate,
    /** The last four characters of the passport the permission is linked to. */
    passportLast4: text()
      .trim()
      .transform((v) => v.toUpperCase())
      .refine((v) => /^[A-Z0-9]{4}$/.test(v), ApiMessages['casework.passportEnding']),
    /** The decision document, uploaded first (`POST …/decision-documents`). */
    documentId: Uuid,
  })
  .refine((g) => g.validFrom < g.validUntil, {
    message: ApiMessages['casework.validUntilOrder'],
    path: ['validUntil'],
  });
export type GrantBody = z.input<typeof GrantBody>;

/** A decision document as the traveller and staff download it. */
export const DecisionDocument = z.object({
  id: text(),
  contentType: text(),
  filename: text().nullable(),
  /** Served to the order's owner and staff only. */
  url: text(),
});
export type DecisionDocument = z.infer<typeof DecisionDocument>;

/** An ETA or visa granted to one traveller. */
export const Grant = z.object({
  travelerId: text(),
  kind: ProductKind,
  reference: text(),
  validFrom: text(),
  validUntil: text(),
  passportLast4: text(),
  document: DecisionDocument.nullable(),
});
export type Grant = z.infer<typeof Grant>;

/** The government's outcome as staff recorded it. */
export const Outcome = z.object({
  outcome: z.enum(['APPROVED', 'REJECTED']),
  recordedAt: text(),
  /** The reason the government gave (a refusal). */
  reason: text().nullable(),
  /** One per traveller when approved. */
  grants: z.array(Grant),
  /** A refusal's letter, if the government sent one. */
  document: DecisionDocument.nullable(),
});
export type Outcome = z.infer<typeof Outcome>;

/** `POST /api/admin/applications/:id/decision-documents`: who the uploaded decision is for. */
export const DecisionDocumentFields = z.object({ travelerId: Uuid });
export type DecisionDocumentFields = z.input<typeof DecisionDocumentFields>;
export const DecisionDocumentResponse = z.object({ document: DecisionDocument });
export type DecisionDocumentResponse = z.infer<typeof DecisionDocumentResponse>;

// Reminders before an ETA, a visa or its passport expires

/** A reminder's link (`/renew?token=…`, `/reminders/unsubscribe?token=…`). */
export const ReminderTokenBody = z.object({
  token: text()
    .trim()
    .min(1, ApiMessages['casework.reminderLinkInvalid'])
    .max(400, ApiMessages['casework.reminderLinkInvalid']),
});
export type ReminderTokenBody = z.input<typeof ReminderTokenBody>;

/** What a new application is prefilled with, from a reminder's link. */
export const RenewalPrefill = z.object({
  countryCode: text(),
  visaTypeId: text(),
  email: text(),
  traveler: z.object({ firstName: text(), lastName: text(), dateOfBirth: text() }),
});
export type RenewalPrefill = z.infer<typeof RenewalPrefill>;

export const UnsubscribeResponse = z.object({ kind: ProductKind, unsubscribed: z.literal(true) });
export type UnsubscribeResponse = z.infer<typeof UnsubscribeResponse>;
