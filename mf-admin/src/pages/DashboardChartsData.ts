import {
  MAX_CHART_DAYS,
  lastDays,
  periodLength,
  type ChartPeriod,
  type DashboardChartsResponse,
  type RevenueDay,
  type SpeedRecord,
} from '@waypoint/contracts';
import { api } from '@waypoint/platform/api';

/** The dashboard's charts: their call, the periods offered, and the figures their summaries tell. */

/** The dashboard's tag: a decision or a refund changes the charts as it changes the counts. */
const DASHBOARD = { type: 'Application', id: 'ADMIN_DASHBOARD' } as const;
/** The charts' own tag, for Refresh. */
export const CHARTS = { type: 'Application', id: 'ADMIN_DASHBOARD_CHARTS' } as const;

export const chartsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDashboardCharts: build.query<DashboardChartsResponse, ChartPeriod>({
      query: ({ from, to }) => `/admin/dashboard/charts?${new URLSearchParams({ from, to })}`,
      providesTags: [DASHBOARD, CHARTS],
    }),
  }),
});

export const { useGetDashboardChartsQuery } = chartsApi;

/** The periods offered at a click, in days up to today; or dates of one's choosing. */
export const PRESETS = ['7', '30', '90'] as const;
export type PeriodChoice = (typeof PRESETS)[number] | 'custom';

/** The period of a preset: the last N UK days, today included. */
export const presetPeriod = (choice: (typeof PRESETS)[number], today: string): ChartPeriod =>
  lastDays(Number(choice), today);

/** What is wrong with dates typed for a period, or null when they make one. */
export function periodProblem(from: string, to: string): 'required' | 'order' | 'tooLong' | null {
  if (!from || !to) return 'required';
  if (to < from) return 'order';
  if (periodLength(from, to) > MAX_CHART_DAYS) return 'tooLong';
  return null;
}

const sum = (values: readonly number[]) => values.reduce((total, n) => total + n, 0);

/** The applications received in the period, and the first of the days with the most. */
export function receivedFigures(data: DashboardChartsResponse) {
  const total = sum(data.received.map((d) => d.total));
  const busiest = data.received.reduce<(typeof data.received)[number] | null>(
    (best, day) => (day.total > (best?.total ?? 0) ? day : best),
    null,
  );
  return { total, busiest };
}

/** The money of the period, and the first of the days with the most net. */
export function revenueFigures(days: readonly RevenueDay[]) {
  const paidCents = sum(days.map((d) => d.paidCents));
  const refundedCents = sum(days.map((d) => d.refundedCents));
  const moved = days.filter((d) => d.paidCents > 0 || d.refundedCents > 0);
  const best = moved.reduce<RevenueDay | null>(
    (top, day) => (!top || day.netCents > top.netCents ? day : top),
    null,
  );
  return { paidCents, refundedCents, netCents: paidCents - refundedCents, best };
}

/** The lodgings of the period over every speed, and the speed least often on time (of those with any). */
export function speedFigures(speeds: readonly SpeedRecord[]) {
  const lodged = sum(speeds.map((s) => s.lodged));
  const onTime = sum(speeds.map((s) => s.onTime));
  const worst = speeds
    .filter((s) => s.lodged > 0)
    .reduce<SpeedRecord | null>(
      (low, s) => (!low || (s.onTimeShare ?? 1) < (low.onTimeShare ?? 1) ? s : low),
      null,
    );
  return { lodged, onTime, share: lodged > 0 ? onTime / lodged : null, worst };
}
