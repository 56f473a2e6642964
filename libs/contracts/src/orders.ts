import { z } from 'zod';
import { ApiMessages, type ApiMessageKey } from './api-messages';
import { OrderTimeline } from './timeline';
import { text } from './primitives';
import { OrderRefund } from './refunds';
import { ReceiptSummary } from './receipts';

export const ApplicationStatus = z.enum([
  'DRAFT',
  'IN_PROGRESS',
  'SUBMITTED',
  'UNDER_REVIEW',
  'APPROVED',
  'REJECTED',
]);
export type ApplicationStatus = z.infer<typeof ApplicationStatus>;

/** My orders tabs (spec: My orders). */
export const ACTIVE_STATUSES: readonly ApplicationStatus[] = [
  'DRAFT',
  'IN_PROGRESS',
  'SUBMITTED',
  'UNDER_REVIEW',
];
export const OLD_STATUSES: readonly ApplicationStatus[] = ['APPROVED', 'REJECTED'];

/** The catalog key of each status's name (what a front end translates, e.g. in `admin.transitionNotAllowed`). */
export const STATUS_MESSAGE_KEY = {
  DRAFT: 'applicationStatus.draft',
  IN_PROGRESS: 'applicationStatus.inProgress',
  SUBMITTED: 'applicationStatus.submitted',
  UNDER_REVIEW: 'applicationStatus.underReview',
  APPROVED: 'applicationStatus.approved',
  REJECTED: 'applicationStatus.rejected',
} as const satisfies Record<ApplicationStatus, ApiMessageKey>;

/** Display labels of the statuses (in English). */
export const STATUS_LABEL: Record<ApplicationStatus, string> = {
  DRAFT: ApiMessages[STATUS_MESSAGE_KEY.DRAFT],
  IN_PROGRESS: ApiMessages[STATUS_MESSAGE_KEY.IN_PROGRESS],
  SUBMITTED: ApiMessages[STATUS_MESSAGE_KEY.SUBMITTED],
  UNDER_REVIEW: ApiMessages[STATUS_MESSAGE_KEY.UNDER_REVIEW],
  APPROVED: ApiMessages[STATUS_MESSAGE_KEY.APPROVED],
  REJECTED: ApiMessages[STATUS_MESSAGE_KEY.REJECTED],
};

/**
 * Where the traveller continues an order, or null when there is nothing left to do:
 * an unpaid order resumes at checkout, a paid one at the post-payment steps.
 */
export function resumePath(status: ApplicationStatus, id: string): string | null {
  if (status === 'DRAFT') return `/application/checkout?applicationId=${encodeURIComponent(id)}`;
  if (status === 'IN_PROGRESS') return `/application/${encodeURIComponent(id)}/general-info`;
  return null;
}

/** Where a paid order that can no longer be changed is read (its answers, documents and status). */
export function viewPath(status: ApplicationStatus, id: string): string | null {
  if (status === 'DRAFT' || status === 'IN_PROGRESS') return null;
  return `/application/${encodeURIComponent(id)}/review`;
}

/** The order reference people see: the last 8 characters of the id, upper-cased. */
export function orderReference(id: string): string {
  return id.slice(-8).toUpperCase();
}

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
  currency: z.literal('EUR'),
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
