import { daysOf, type ChartPeriod, type DashboardChartsResponse } from '@waypoint/contracts';
import { and, asc, eq, gte, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { applications, payments, processingOptions, refunds } from '../../db/schema';
import type { ServiceContext } from '../../lib/context';
import {
  funnelOf,
  receivedSeries,
  revenueSeries,
  speedRecords,
  speedRows,
  type LodgingRow,
  type MoneyRow,
  type ReceivedRow,
} from './dashboard-charts-series';

/**
 * The staff dashboard's charts. Days are UK calendar days; every query reads one range of an index on the
 * timestamp it counts by, holding the columns it needs (see the schema's indexes for the dashboard charts), and
 * finds each row's day among the period's UK midnights (worked out once per query) rather than converting each
 * timestamp to UK time.
 */

const UK = sql.raw(`'Europe/London'`);

/** The instant a UK calendar day starts. */
const ukMidnight = (day: string, plus = 0) =>
  sql`((${day}::date + ${plus}::int)::timestamp at time zone ${UK})`;

/** `at` falls within the period's UK days. */
const within = (at: AnyPgColumn, period: ChartPeriod): SQL =>
  and(gte(at, ukMidnight(period.from)), lt(at, ukMidnight(period.to, 1)))!;

/**
 * The number of the period's UK day that `at` falls on, 1 for the first: its place among the UK midnights that
 * start each day (and end the last), a binary search per row.
 */
const dayNumber = (at: AnyPgColumn, period: ChartPeriod, days: number) =>
  sql<number>`width_bucket(${at}, (select array_agg((${period.from}::date + i)::timestamp at time zone ${UK} order by i) from generate_series(0, ${days}::int) i))`;

/** The day of a day number. */
const dayOf = (days: readonly string[], n: number | string) => days[Number(n) - 1] ?? '';

/** Groups by the select's first columns (their expressions carry parameters, so they are named by position). */
const byColumns = (n: number) => Array.from({ length: n }, (_, i) => sql.raw(String(i + 1)));

/** Applications paid in the period, by UK day and status now, with how many reached each stage. */
async function receivedRows(db: Db, period: ChartPeriod, days: string[]): Promise<ReceivedRow[]> {
  const rows = await db
    .select({
      day: dayNumber(applications.paidAt, period, days.length),
      status: applications.status,
      count: sql<number>`count(*)::int`,
      submitted: sql<number>`count(${applications.submittedAt})::int`,
      reviewed: sql<number>`count(${applications.reviewStartedAt})::int`,
      lodged: sql<number>`count(${applications.lodgedAt})::int`,
    })
    .from(applications)
    .where(within(applications.paidAt, period))
    .groupBy(...byColumns(2));
  return rows.map((r) => ({
    ...r,
    day: dayOf(days, r.day),
    count: Number(r.count),
    submitted: Number(r.submitted),
    reviewed: Number(r.reviewed),
    lodged: Number(r.lodged),
  }));
}

/**
 * Applications lodged in the period, by speed and by their time to lodging in tenths of an hour on the promise's
 * clock (from the first submission, less any wait for the traveller's changes: the due date is moved on by that
 * wait, so the clock reads the promise's hours plus the time lodged after, or less before, the due date), with how
 * many were lodged by their due date.
 */
async function lodgingRows(db: Db, period: ChartPeriod): Promise<LodgingRow[]> {
  const { lodgedAt, dueAt, processingHours } = applications;
  const rows = await db
    .select({
      hours: processingHours,
      tenths: sql<number>`floor(date_part('epoch', ${lodgedAt} - ${dueAt}) / 360 + ${processingHours} * 10 + 0.5)::int`,
      lodged: sql<number>`count(*)::int`,
      onTime: sql<number>`(count(*) filter (where ${lodgedAt} <= ${dueAt}))::int`,
    })
    .from(applications)
    .where(and(within(lodgedAt, period), isNotNull(dueAt)))
    .groupBy(...byColumns(2));
  return rows.map((r) => ({
    hours: Number(r.hours),
    tenths: Number(r.tenths),
    lodged: Number(r.lodged),
    onTime: Number(r.onTime),
  }));
}

/** One processing option per promise of hours, to name the speed (the first by the order they are offered in). */
async function speedOptions(db: Db) {
  const rows = await db
    .selectDistinctOn([processingOptions.hours], {
      hours: processingOptions.hours,
      optionId: processingOptions.id,
      name: processingOptions.name,
      active: processingOptions.active,
    })
    .from(processingOptions)
    .orderBy(
      asc(processingOptions.hours),
      sql`${processingOptions.active} desc`,
      asc(processingOptions.sortOrder),
      asc(processingOptions.id),
    );
  return rows;
}

/** Sums of money per UK day of `at`, over the rows of `at`'s table that `where` keeps. */
async function moneyPerDay(
  db: Db,
  period: ChartPeriod,
  days: string[],
  { at, amount, where }: { at: AnyPgColumn; amount: AnyPgColumn; where: SQL },
): Promise<MoneyRow[]> {
  const rows = await db
    .select({
      day: dayNumber(at, period, days.length),
      cents: sql<string>`sum(${amount})::bigint`,
    })
    .from(at.table)
    .where(and(where, within(at, period)))
    .groupBy(...byColumns(1));
  return rows.map((r) => ({ day: dayOf(days, r.day), cents: Number(r.cents) }));
}

/** The four charts of the dashboard for a period of UK days. */
export async function dashboardCharts({
  ctx,
  period,
}: {
  ctx: ServiceContext;
  period: ChartPeriod;
}): Promise<DashboardChartsResponse> {
  const { db } = ctx;
  const days = daysOf(period.from, period.to);
  const [received, lodgings, options, paid, refunded] = await Promise.all([
    receivedRows(db, period, days),
    lodgingRows(db, period),
    speedOptions(db),
    moneyPerDay(db, period, days, {
      at: payments.succeededAt,
      amount: payments.amountCents,
      where: eq(payments.status, 'succeeded'),
    }),
    moneyPerDay(db, period, days, {
      at: refunds.settledAt,
      amount: refunds.amountCents,
      where: eq(refunds.status, 'succeeded'),
    }),
  ]);
  const lodged = speedRows(lodgings);
  // A speed no longer offered is named, but listed only when something of it was lodged in the period.
  const named = options.filter(
    (o) => o.active || lodged.some((r) => r.hours === o.hours && r.lodged > 0),
  );
  return {
    period: { from: period.from, to: period.to, days: days.length },
    received: receivedSeries(received, days),
    funnel: funnelOf(received),
    speeds: speedRecords(lodged, named),
    revenue: revenueSeries(paid, refunded, days),
  };
}
