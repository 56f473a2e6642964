import { apiMessage } from './api-messages';
import { APPLICATION_STATUSES } from './order-rules';

/**
 * The staff dashboard's periods and the words of its charts that the page needs before any schema: which days a
 * period holds, the statuses and stages the charts count. Free of the schema library, so the dashboard draws without
 * it (the schemas are in `dashboard-charts.ts`).
 */

/** A period of UK calendar days, YYYY-MM-DD, both included. */
export interface ChartDays {
  from: string;
  to: string;
}

/** The longest period the charts draw, in days (a year, a leap year's included). */
export const MAX_CHART_DAYS = 366;
/** The period drawn when none is asked for: the last 30 days, today included. */
export const DEFAULT_CHART_DAYS = 30;

/** The message of a period longer than `MAX_CHART_DAYS`. */
export const CHART_PERIOD_TOO_LONG = apiMessage('admin.chartPeriodTooLong', {
  max: MAX_CHART_DAYS,
});

const DAY_MS = 86_400_000;

const utcOf = (day: string) => Date.UTC(+day.slice(0, 4), +day.slice(5, 7) - 1, +day.slice(8, 10));

/** The calendar day `days` after `day` (before it when negative), both YYYY-MM-DD. */
export function addDays(day: string, days: number): string {
  return new Date(utcOf(day) + days * DAY_MS).toISOString().slice(0, 10);
}

/** How many days a period holds, both ends included (0 when `to` is before `from`). */
export function periodLength(from: string, to: string): number {
  return Math.max(0, Math.round((utcOf(to) - utcOf(from)) / DAY_MS) + 1);
}

/** Every day of a period, oldest first. */
export function daysOf(from: string, to: string): string[] {
  return Array.from({ length: periodLength(from, to) }, (_, i) => addDays(from, i));
}

/** Today's date in the United Kingdom at `now` (YYYY-MM-DD). */
export function ukToday(now: Date = new Date()): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** The last `days` days up to `today`, today included. */
export function lastDays(days: number, today: string): ChartDays {
  return { from: addDays(today, 1 - days), to: today };
}

/**
 * The period asked for, with what is left out filled in: up to today (UK) when `to` is missing, and the 30 days up
 * to `to` when `from` is missing.
 */
export function resolveChartPeriod(
  asked: { from?: string | undefined; to?: string | undefined },
  today: string = ukToday(),
): ChartDays {
  const to = asked.to ?? today;
  return { from: asked.from ?? addDays(to, 1 - DEFAULT_CHART_DAYS), to };
}

/** The statuses a received (paid) application can have: every one but the unpaid draft. */
export const RECEIVED_STATUSES = APPLICATION_STATUSES.filter(
  (s): s is Exclude<(typeof APPLICATION_STATUSES)[number], 'DRAFT'> => s !== 'DRAFT',
);
export type ReceivedStatus = (typeof RECEIVED_STATUSES)[number];

/**
 * The funnel's stages, in order: paid (received), submitted (every answer and document in), under review, lodged
 * with the Home Office, decided (approved or refused).
 */
export const FUNNEL_STAGES = ['paid', 'submitted', 'reviewed', 'lodged', 'decided'] as const;
