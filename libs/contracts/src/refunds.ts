import { z } from 'zod';
import { ApiMessages } from './api-messages';
import { canRefundInFull } from './lifecycle';
import { APPLICATION_STATUSES } from './order-rules';
import type { ApplicationStatus } from './orders';
import { CHOOSE_FROM_LIST, text } from './primitives';

/**
 * Refunds of a paid order. Staff refund the whole order, or only Waypoint's service fee (the processing price
 * of every traveller) once the government fee is spent. Which refund an order allows depends on its status; the
 * API enforces `refundKindsFor` and the admin area offers the same choices, so the two never disagree.
 */
export const RefundKind = z.enum(['full', 'service_fee'], CHOOSE_FROM_LIST);
export type RefundKind = z.infer<typeof RefundKind>;

export const RefundStatus = z.enum(['pending', 'succeeded', 'failed']);
export type RefundStatus = z.infer<typeof RefundStatus>;

/**
 * The refunds each status allows. Until staff lodge an application with the Home Office nothing has been spent
 * on the government's side, so the whole order can be refunded (a traveller who changes their mind, an application
 * that cannot be lodged) or just the service fee (a goodwill gesture, e.g. a missed processing time). Once lodged,
 * the government fee is spent: only the service fee can come back. An unpaid order has nothing to refund.
 */
export const REFUND_KINDS: Readonly<Record<ApplicationStatus, readonly RefundKind[]>> =
  Object.fromEntries(
    APPLICATION_STATUSES.map((status) => [
      status,
      [
        // Refunded in full is a step of the lifecycle (libs/contracts lifecycle.ts).
        ...(canRefundInFull(status) ? (['full'] as const) : []),
        // The service fee comes back from any paid order still open or decided.
        ...(status !== 'DRAFT' && status !== 'REFUNDED' ? (['service_fee'] as const) : []),
      ],
    ]),
  ) as unknown as Record<ApplicationStatus, readonly RefundKind[]>;

export function refundKindsFor(status: ApplicationStatus): readonly RefundKind[] {
  return REFUND_KINDS[status] ?? [];
}

/** What an order's prices say each kind of refund gives back, in cents. */
export function refundAmountCents(
  kind: RefundKind,
  order: { totalCents: number; processingFeeCents: number; travelerCount: number },
): number {
  return kind === 'full' ? order.totalCents : order.processingFeeCents * order.travelerCount;
}

export const RefundText = {
  reasonRequired: ApiMessages['refund.reasonRequired'],
} as const;

export const RefundBody = z.object({
  kind: RefundKind,
  /** Why the order is refunded (kept for staff, in the audit log). */
  reason: text().trim().min(1, { message: RefundText.reasonRequired }).max(1000),
  /** Made by the admin page once per confirmation: a double click or a retry returns the same refund. */
  idempotencyKey: text().trim().min(8).max(100),
});
export type RefundBody = z.infer<typeof RefundBody>;

/** A refund as staff see it. */
export const Refund = z.object({
  id: text(),
  kind: RefundKind,
  amountCents: z.number().int(),
  currency: text(),
  status: RefundStatus,
  reason: text(),
  /** The member of staff who asked for it. */
  staffEmail: text().nullable(),
  /** The provider's reason when the refund failed. */
  failureReason: text().nullable(),
  createdAt: text(),
  /** When the provider said it succeeded or failed. */
  settledAt: text().nullable(),
});
export type Refund = z.infer<typeof Refund>;

/** A refund that a status allows, with what it would give back (offered only while it fits what is left). */
export const RefundOption = z.object({ kind: RefundKind, amountCents: z.number().int() });
export type RefundOption = z.infer<typeof RefundOption>;

/** The refund made (or found again by its key), and the order's refunds and choices as they are now. */
export const RefundResponse = z.object({
  refund: Refund,
  refunds: z.array(Refund),
  refundOptions: z.array(RefundOption),
  /** The order as the refund left it: a refund in full closes it (REFUNDED), a step that bumps its version. */
  order: z.object({ status: z.enum(APPLICATION_STATUSES), version: z.number().int() }),
});
export type RefundResponse = z.infer<typeof RefundResponse>;

/** A refund as the traveller sees it in My orders (succeeded ones only). */
export const OrderRefund = z.object({
  kind: RefundKind,
  amountCents: z.number().int(),
  refundedAt: text(),
});
export type OrderRefund = z.infer<typeof OrderRefund>;
