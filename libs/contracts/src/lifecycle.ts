import type { ApplicationStatus } from './orders';

/**
 * Who takes a step of an order's lifecycle: the payment (the provider confirmed it), the traveller, staff, or a
 * refund in full (decided by staff, settled by the provider; a refund the provider refuses reopens the order
 * where it was).
 */
export type LifecycleActor = 'payment' | 'traveller' | 'staff' | 'refund';

/**
 * The order lifecycle, every state and every step of it, declared once: the API's status machine
 * (`changeStatus`) allows exactly these steps, the staff area offers the staff ones, and the refunds each status
 * allows follow from it.
 *
 *   DRAFT ─paid→ IN_PROGRESS ─submitted→ SUBMITTED ─review→ UNDER_REVIEW
 *   UNDER_REVIEW ─staff ask for changes→ CHANGES_REQUESTED ─the traveller resubmits→ SUBMITTED
 *   UNDER_REVIEW ─lodged with the Home Office→ LODGED ─the government's outcome, recorded by staff→ APPROVED | REJECTED
 *   IN_PROGRESS, SUBMITTED, UNDER_REVIEW, CHANGES_REQUESTED ─refund in full→ REFUNDED (closed)
 *   REFUNDED ─the refund failed→ the status the order had before it
 *
 * Once lodged the government fee is spent: a lodged or decided order is never refunded in full (its service fee
 * can be, see `refunds.ts`).
 */
export const LIFECYCLE: Readonly<
  Record<ApplicationStatus, Readonly<Partial<Record<ApplicationStatus, LifecycleActor>>>>
> = {
  DRAFT: { IN_PROGRESS: 'payment' },
  IN_PROGRESS: { SUBMITTED: 'traveller', REFUNDED: 'refund' },
  SUBMITTED: { UNDER_REVIEW: 'staff', REFUNDED: 'refund' },
  UNDER_REVIEW: { CHANGES_REQUESTED: 'staff', LODGED: 'staff', REFUNDED: 'refund' },
  CHANGES_REQUESTED: { SUBMITTED: 'traveller', REFUNDED: 'refund' },
  LODGED: { APPROVED: 'staff', REJECTED: 'staff' },
  APPROVED: {},
  REJECTED: {},
  REFUNDED: {
    IN_PROGRESS: 'refund',
    SUBMITTED: 'refund',
    UNDER_REVIEW: 'refund',
    CHANGES_REQUESTED: 'refund',
  },
};

/** Whether `actor` may move an order from `from` to `to`. */
export function canStep(
  from: ApplicationStatus,
  to: ApplicationStatus,
  actor?: LifecycleActor,
): boolean {
  const by = LIFECYCLE[from][to];
  return by !== undefined && (actor === undefined || by === actor);
}

/** The statuses `actor` can move an order to from `from`. */
export function nextStatuses(from: ApplicationStatus, actor: LifecycleActor): ApplicationStatus[] {
  return (Object.keys(LIFECYCLE[from]) as ApplicationStatus[]).filter(
    (to) => LIFECYCLE[from][to] === actor,
  );
}

/** Whether an order at this status can still be refunded in full (which closes it). */
export const canRefundInFull = (status: ApplicationStatus): boolean =>
  canStep(status, 'REFUNDED', 'refund');
