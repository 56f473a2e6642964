import { z } from 'zod';
import { AdminText } from './admin-text';
import {
  CHART_PERIOD_TOO_LONG,
  FUNNEL_STAGES,
  MAX_CHART_DAYS,
  periodLength,
  resolveChartPeriod,
} from './chart-period';
import { ApplicationStatus } from './orders';
import { blankOr, IsoDate, text } from './primitives';
import { ValidationText } from './messages';

/**
 * The staff dashboard's charts for a period of UK calendar days (`from` and `to` both included): applications
 * received per day by status, the funnel from paid to decided, time from submission to lodging against each speed's
 * promise, and revenue per day net of refunds.
 *
 * An application is received on the day it is paid (an unpaid order is a draft, nobody's work yet); the funnel
 * follows the applications received in the period to where they are now. Lodging is counted on the day it was
 * recorded, whenever the application was received. Money is counted on the day it moved: a payment on the day it
 * succeeded, a refund on the day the provider settled it.
 */

/** A resolved period: both days known, in order, at most `MAX_CHART_DAYS` long. */
export const ChartPeriod = z
  .object({ from: IsoDate, to: IsoDate })
  .refine((p) => p.from <= p.to, { message: AdminText.dateOrder, path: ['to'] })
  .refine((p) => p.from > p.to || periodLength(p.from, p.to) <= MAX_CHART_DAYS, {
    message: CHART_PERIOD_TOO_LONG,
    path: ['to'],
  });
export type ChartPeriod = z.infer<typeof ChartPeriod>;

/**
 * `GET /api/admin/dashboard/charts?from=&to=`: UK calendar days written YYYY-MM-DD, both included and both optional
 * (see `resolveChartPeriod`). `to` must not be before `from`, and the period is at most 366 days.
 */
export const DashboardChartsQuery = z
  .object({
    from: blankOr(IsoDate, ValidationText.realDate),
    to: blankOr(IsoDate, ValidationText.realDate),
  })
  .transform((q) => resolveChartPeriod(q))
  .pipe(ChartPeriod);
export type DashboardChartsQuery = z.input<typeof DashboardChartsQuery>;

/** The applications received (paid) on a day, by the status they have now. */
export const ReceivedDay = z.object({
  day: text(),
  total: z.number().int(),
  byStatus: z.record(ApplicationStatus.exclude(['DRAFT']), z.number().int()),
});
export type ReceivedDay = z.infer<typeof ReceivedDay>;

/** A stage of the funnel (see `FUNNEL_STAGES`). */
export const FunnelStage = z.enum(FUNNEL_STAGES);
export type FunnelStage = z.infer<typeof FunnelStage>;

/** The applications received in the period that reached each stage, and the decisions among them. */
export const Funnel = z.object({
  stages: z.array(z.object({ stage: FunnelStage, count: z.number().int() })),
  approved: z.number().int(),
  refused: z.number().int(),
});
export type Funnel = z.infer<typeof Funnel>;

/**
 * A processing speed's record over the applications lodged in the period. Time is counted on the promise's clock:
 * from the first submission to lodging, less the time spent waiting for the traveller's changes; an application is
 * on time when lodged by its due date.
 */
export const SpeedRecord = z.object({
  /** The speed's promise, in hours. */
  hours: z.number().int(),
  /** One of the speed's processing options, to name it (`uk-eta-express`, 'Express'); null for none. */
  optionId: text().nullable(),
  name: text().nullable(),
  lodged: z.number().int(),
  onTime: z.number().int(),
  /** The share lodged on time, 0 to 1; null when none was lodged. */
  onTimeShare: z.number().nullable(),
  /** The median time to lodging in hours, to a tenth; null when none was lodged. */
  medianHours: z.number().nullable(),
});
export type SpeedRecord = z.infer<typeof SpeedRecord>;

/** The money of a day in euro cents: payments that succeeded, refunds settled, and what is left. */
export const RevenueDay = z.object({
  day: text(),
  paidCents: z.number().int(),
  refundedCents: z.number().int(),
  netCents: z.number().int(),
});
export type RevenueDay = z.infer<typeof RevenueDay>;

export const DashboardChartsResponse = z.object({
  period: z.object({ from: text(), to: text(), days: z.number().int() }),
  /** Every day of the period, oldest first, zero on a day without any. */
  received: z.array(ReceivedDay),
  funnel: Funnel,
  /** The speeds offered and any other an application lodged in the period was paid for, fastest first. */
  speeds: z.array(SpeedRecord),
  /** Every day of the period, oldest first. */
  revenue: z.array(RevenueDay),
});
export type DashboardChartsResponse = z.infer<typeof DashboardChartsResponse>;
