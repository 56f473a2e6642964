import { z } from 'zod';
import { ChangeRequest, Lodging, Outcome, ProductKind } from './casework';
import { APPLICATION_STATUSES } from './order-rules';
import { OrderTimeline } from './timeline';
import { CHOOSE_FROM_LIST, text } from './primitives';
import { OrderRefund } from './refunds';
import { CreditNoteSummary, ReceiptSummary } from './receipts';
import { Currency } from './money';

export const ApplicationStatus = z.enum(APPLICATION_STATUSES, CHOOSE_FROM_LIST);
export type ApplicationStatus = z.infer<typeof ApplicationStatus>;

export const OrderSummary = z.object({
  id: text(),
  reference: text(),
  status: ApplicationStatus,
  createdAt: text(),
  paidAt: text().nullable(),
  submittedAt: text().nullable(),
  decidedAt: text().nullable(),
  /** Paid, submitted, in review, decided: each with its time once reached. */
  timeline: OrderTimeline,
  /** Shown to the traveller when the application was rejected. */
  decisionReason: text().nullable(),
  totalCents: z.number().int(),
  currency: Currency,
  travelerCount: z.number().int(),
  /**
   * The travellers by age on the day of travel, e.g. '2 adults, 1 child' (libs/contracts ages.ts). Sent by the
   * API; optional only for readers that predate it.
   */
  travelerSummary: text().optional(),
  /** The same travellers counted by age, for a front end that words them in the reader's language. */
  travelerGroups: z
    .object({
      adults: z.number().int().min(0),
      children: z.number().int().min(0),
      unknown: z.number().int().min(0),
    })
    .optional(),
  visaType: z.object({ id: text(), name: text() }),
  country: z.object({ id: text(), name: text(), flagEmoji: text() }),
  /** Where "Continue Application →" goes, or null when the order cannot be resumed. */
  resumePath: text().nullable(),
  /** Where a submitted or decided order is read ("View application"), or null. */
  viewPath: text().nullable(),
  /** Money given back on this order (succeeded refunds), oldest first. */
  refunds: z.array(OrderRefund),
  // Receipts
  /** The receipt of a paid order (null before payment); optional only for readers that predate it. */
  receipt: ReceiptSummary.nullable().optional(),
  /** The credit notes of its succeeded refunds, oldest first; optional only for readers that predate them. */
  creditNotes: z.array(CreditNoteSummary).optional(),
  // Casework (sent by the API; optional only for readers that predate it)
  /** An ETA or a visa. */
  productKind: ProductKind.optional(),
  /** The travellers by name, lead first (the grants name them). */
  travelers: z.array(z.object({ id: text(), firstName: text(), lastName: text() })).optional(),
  /** The changes staff asked for, while the order waits for them. */
  changeRequest: ChangeRequest.nullable().optional(),
  /** Once submitted to the UK government. */
  lodging: Lodging.nullable().optional(),
  /** The government's outcome, with what was granted. */
  outcome: Outcome.nullable().optional(),
});
export type OrderSummary = z.infer<typeof OrderSummary>;

export const MyApplicationsResponse = z.array(OrderSummary);
export type MyApplicationsResponse = z.infer<typeof MyApplicationsResponse>;

/** The signed-in traveller's saved, unpaid application (the wizard's draft), as My orders shows it. */
export const DraftSummary = z.object({
  savedAt: text(),
  /** Drafts are kept for a while after their last save, then removed. */
  expiresAt: text(),
  currentStep: z.number().int().min(1).max(5),
  /** Where "Continue Application →" goes: the wizard page of the saved step. */
  resumePath: text(),
  visaType: z.object({ id: text(), name: text() }).nullable(),
  country: z.object({ id: text(), name: text(), flagEmoji: text() }).nullable(),
  travelerCount: z.number().int(),
  /** The travellers' names as entered so far (unnamed ones left out). */
  travelerNames: z.array(text()),
});
export type DraftSummary = z.infer<typeof DraftSummary>;

export const MyDraftResponse = z.object({ draft: DraftSummary.nullable() });
export type MyDraftResponse = z.infer<typeof MyDraftResponse>;
