import {
  FUNNEL_STAGES,
  RECEIVED_STATUSES,
  type ApplicationStatus,
  type Funnel,
  type ReceivedDay,
  type ReceivedStatus,
  type RevenueDay,
  type SpeedRecord,
} from '@waypoint/contracts';

/**
 * The dashboard charts' series, shaped from the rows their queries return: each day of the period present (zero
 * when nothing happened on it), money net of refunds, and each speed's share on time.
 */

/** The applications received (paid) on a day with one status, and how many of them reached each stage. */
export interface ReceivedRow {
  day: string;
  status: ApplicationStatus;
  count: number;
  submitted: number;
  reviewed: number;
  lodged: number;
}

/**
 * Applications lodged in the period with one speed and one time to lodging (in tenths of an hour): how many, and
 * how many by their due date.
 */
export interface LodgingRow {
  hours: number;
  tenths: number;
  lodged: number;
  onTime: number;
}

/** Applications lodged in the period with one speed: how many, how many by their due date, the median time. */
export interface SpeedRow {
  hours: number;
  lodged: number;
  onTime: number;
  medianHours: number | null;
}

/** A processing option that names a speed. */
export interface SpeedOption {
  hours: number;
  optionId: string;
  name: string;
}

/** An amount of money moved on a day, in cents. */
export interface MoneyRow {
  day: string;
  cents: number;
}

const isReceived = (status: ApplicationStatus): status is ReceivedStatus => status !== 'DRAFT';

const zeroByStatus = (): Record<ReceivedStatus, number> =>
  Object.fromEntries(RECEIVED_STATUSES.map((s) => [s, 0])) as Record<ReceivedStatus, number>;

/** Applications received per day by their status now, for every day of the period (`days`, oldest first). */
export function receivedSeries(
  rows: readonly ReceivedRow[],
  days: readonly string[],
): ReceivedDay[] {
  const byDay = new Map(days.map((day) => [day, zeroByStatus()]));
  for (const row of rows) {
    const counts = byDay.get(row.day);
    if (!counts || !isReceived(row.status)) continue;
    counts[row.status] += row.count;
  }
  return days.map((day) => {
    const byStatus = byDay.get(day)!;
    const total = Object.values(byStatus).reduce((sum, n) => sum + n, 0);
    return { day, total, byStatus };
  });
}

/**
 * How far the applications received in the period got: paid, submitted, under review, lodged, decided (an
 * approval or a refusal). A stage counts the applications that reached it, wherever they are now.
 */
export function funnelOf(rows: readonly ReceivedRow[]): Funnel {
  const sums = { paid: 0, submitted: 0, reviewed: 0, lodged: 0, approved: 0, refused: 0 };
  for (const row of rows) {
    if (!isReceived(row.status)) continue;
    sums.paid += row.count;
    sums.submitted += row.submitted;
    sums.reviewed += row.reviewed;
    sums.lodged += row.lodged;
    if (row.status === 'APPROVED') sums.approved += row.count;
    if (row.status === 'REJECTED') sums.refused += row.count;
  }
  const count: Record<(typeof FUNNEL_STAGES)[number], number> = {
    paid: sums.paid,
    submitted: sums.submitted,
    reviewed: sums.reviewed,
    lodged: sums.lodged,
    decided: sums.approved + sums.refused,
  };
  return {
    stages: FUNNEL_STAGES.map((stage) => ({ stage, count: count[stage] })),
    approved: sums.approved,
    refused: sums.refused,
  };
}

/**
 * The median of values given with how often each occurs: the middle value, or halfway between the two middle
 * ones when there is an even number of them; null when there is none.
 */
export function medianOf(counts: readonly { value: number; count: number }[]): number | null {
  const sorted = counts.filter((c) => c.count > 0).sort((a, b) => a.value - b.value);
  const n = sorted.reduce((sum, c) => sum + c.count, 0);
  if (n === 0) return null;
  /** The value at a 1-based position of the sorted values. */
  const at = (position: number) => {
    let seen = 0;
    for (const c of sorted) {
      seen += c.count;
      if (seen >= position) return c.value;
    }
    return sorted.at(-1)!.value;
  };
  return n % 2 === 1 ? at((n + 1) / 2) : (at(n / 2) + at(n / 2 + 1)) / 2;
}

/** Each speed's lodgings, on-time lodgings and median hours, from the lodgings counted by time to lodging. */
export function speedRows(rows: readonly LodgingRow[]): SpeedRow[] {
  const bySpeed = new Map<number, LodgingRow[]>();
  for (const row of rows) bySpeed.set(row.hours, [...(bySpeed.get(row.hours) ?? []), row]);
  return [...bySpeed].map(([hours, times]) => {
    const median = medianOf(times.map((t) => ({ value: t.tenths, count: t.lodged })));
    return {
      hours,
      lodged: times.reduce((sum, t) => sum + t.lodged, 0),
      onTime: times.reduce((sum, t) => sum + t.onTime, 0),
      medianHours: median === null ? null : median / 10,
    };
  });
}

/** A share of a whole, 0 to 1; null when there is no whole. */
export function shareOf(part: number, whole: number): number | null {
  return whole > 0 ? part / whole : null;
}

/** Hours to a tenth. */
const tenth = (hours: number) => Math.round(hours * 10) / 10;

/**
 * Each speed's record: every speed offered (`options`, zero when nothing of it was lodged) and any other that an
 * application lodged in the period was paid for, fastest first.
 */
export function speedRecords(
  rows: readonly SpeedRow[],
  options: readonly SpeedOption[],
): SpeedRecord[] {
  const named = new Map(options.map((o) => [o.hours, o]));
  const done = new Map(rows.map((r) => [r.hours, r]));
  const hours = [...new Set([...named.keys(), ...done.keys()])].sort((a, b) => a - b);
  return hours.map((h) => {
    const row = done.get(h);
    const option = named.get(h);
    const lodged = row?.lodged ?? 0;
    const onTime = row?.onTime ?? 0;
    return {
      hours: h,
      optionId: option?.optionId ?? null,
      name: option?.name ?? null,
      lodged,
      onTime,
      onTimeShare: shareOf(onTime, lodged),
      medianHours: lodged > 0 && row && row.medianHours !== null ? tenth(row.medianHours) : null,
    };
  });
}

/** Money per day for every day of the period: paid, refunded (settled that day) and the difference. */
export function revenueSeries(
  paid: readonly MoneyRow[],
  refunded: readonly MoneyRow[],
  days: readonly string[],
): RevenueDay[] {
  const sum = (rows: readonly MoneyRow[]) => {
    const byDay = new Map<string, number>();
    for (const r of rows) byDay.set(r.day, (byDay.get(r.day) ?? 0) + r.cents);
    return byDay;
  };
  const paidByDay = sum(paid);
  const refundedByDay = sum(refunded);
  return days.map((day) => {
    const paidCents = paidByDay.get(day) ?? 0;
    const refundedCents = refundedByDay.get(day) ?? 0;
    return { day, paidCents, refundedCents, netCents: paidCents - refundedCents };
  });
}
