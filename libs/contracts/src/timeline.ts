import { z } from 'zod';
import { text } from './primitives';

/** The steps of an order's timeline, in order (`refunded` only for an order refunded in full). */
export const TimelineStepName = z.enum([
  'paid',
  'submitted',
  'in-review',
  'lodged',
  'decided',
  'refunded',
]);
export type TimelineStepName = z.infer<typeof TimelineStepName>;

export const TimelineStep = z.object({
  step: TimelineStepName,
  /** When the order reached the step (ISO 8601), or null while it has not. */
  at: text().nullable(),
  /** The decision, on the `decided` step once there is one. */
  outcome: z.enum(['APPROVED', 'REJECTED']).nullable(),
});
export type TimelineStep = z.infer<typeof TimelineStep>;

/**
 * An order's timeline: always the five steps, paid → submitted → in review → submitted to the UK government →
 * decided, and a sixth, refunded, when the order was refunded in full (which closes it).
 */
export const OrderTimeline = z.array(TimelineStep);
export type OrderTimeline = z.infer<typeof OrderTimeline>;

/** The timeline of an application from its status and the times the status machine stamped. */
export function orderTimeline(application: {
  /** The application's status (an `ApplicationStatus`). */
  status: string;
  paidAt: string | null;
  submittedAt: string | null;
  reviewStartedAt: string | null;
  /** When staff lodged it with the Home Office (LODGED). */
  lodgedAt?: string | null;
  decidedAt: string | null;
  /** When a refund in full closed the order (for a REFUNDED one). */
  refundedAt?: string | null;
}): OrderTimeline {
  const { status } = application;
  // A rejected order refunded in full keeps its decision on the timeline.
  const outcome =
    status === 'APPROVED' || status === 'REJECTED'
      ? status
      : status === 'REFUNDED' && application.decidedAt
        ? 'REJECTED'
        : null;
  const steps: OrderTimeline = [
    { step: 'paid', at: application.paidAt, outcome: null },
    { step: 'submitted', at: application.submittedAt, outcome: null },
    { step: 'in-review', at: application.reviewStartedAt, outcome: null },
    { step: 'lodged', at: application.lodgedAt ?? null, outcome: null },
    { step: 'decided', at: outcome ? application.decidedAt : null, outcome },
  ];
  if (status === 'REFUNDED')
    steps.push({ step: 'refunded', at: application.refundedAt ?? null, outcome: null });
  return steps;
}
