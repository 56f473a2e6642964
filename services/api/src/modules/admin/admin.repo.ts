import type { AdminSortColumn, SortOrder } from '@waypoint/contracts';
import {
  and,
  asc,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { queueWhere } from './staff-work';
import {
  applicationCounts,
  applications,
  countries,
  payments,
  refunds,
  travelers,
  users,
  visaTypes,
} from '../../db/schema';

export interface ListFilters {
  search?: string | undefined;
  status?: (typeof applications.$inferSelect)['status'] | undefined;
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
  /** Accounts whose e-mail is the searched address (looked up first by `resolveFilters`). */
  accountIds?: string[] | undefined;
  /** The work queue: open work overdue or due later today, and open work of the asking member of staff or nobody. */
  due?: 'overdue' | 'today' | undefined;
  assignee?: 'me' | 'none' | undefined;
  /** The member of staff asking (for `assignee: 'me'`). */
  staffId?: string | undefined;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Looks up what a filter needs before the list query: the accounts of a searched e-mail address. */
export async function resolveFilters(db: Db, f: ListFilters): Promise<ListFilters> {
  const term = f.search?.trim().toLowerCase();
  if (!term || !EMAIL.test(term)) return f;
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.email, term));
  return { ...f, accountIds: rows.map((r) => r.id) };
}

/** Escapes LIKE wildcards so a search for "50%" means the characters, not a pattern. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The WHERE clause of the admin list; every filter is backed by an index (see the schema). */
export function listWhere(f: ListFilters): SQL | undefined {
  const parts: SQL[] = queueWhere(f);
  if (f.status) parts.push(eq(applications.status, f.status));
  if (f.dateFrom) parts.push(gte(applications.createdAt, sql`${f.dateFrom}::date`));
  if (f.dateTo) parts.push(lt(applications.createdAt, sql`${f.dateTo}::date + 1`));
  const term = f.search?.trim().toLowerCase();
  if (term && EMAIL.test(term)) {
    // A whole e-mail address: the order's or its account's, both found on an index.
    parts.push(
      f.accountIds?.length
        ? or(eq(applications.guestEmail, term), inArray(applications.userId, f.accountIds))!
        : eq(applications.guestEmail, term),
    );
  } else if (term) {
    const byText = sql`${applications.searchText} like ${`%${likeEscape(term)}%`}`;
    const ref = term.replace(/^#/, '').toUpperCase();
    parts.push(/^[0-9A-F]{8}$/.test(ref) ? or(byText, eq(applications.reference, ref))! : byText);
  }
  return parts.length ? and(...parts) : undefined;
}

export async function countApplications(db: Db, f: ListFilters): Promise<number> {
  // Without a search, dates or a queue filter, the exact totals kept by the trigger answer at once.
  if (!f.search?.trim() && !f.dateFrom && !f.dateTo && !f.due && !f.assignee) {
    const kept = await db
      .select({ n: sql<number>`coalesce(sum(${applicationCounts.n}), 0)::bigint` })
      .from(applicationCounts)
      .where(f.status ? eq(applicationCounts.status, f.status) : undefined);
    return Number(kept[0]?.n ?? 0);
  }
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(applications)
    .where(listWhere(f));
  return Number(rows[0]?.n ?? 0);
}

export interface ListSort {
  column: AdminSortColumn;
  order: SortOrder;
}

/** Newest first: the list's order when no other is asked for, and the order of the CSV export. */
export const NEWEST_FIRST: ListSort = { column: 'created', order: 'desc' };

/** The whitelisted columns of the sort (the query parameter never becomes SQL itself). */
const SORT_COLUMNS = {
  // Open work by due date; the rest (no queue date) after it, newest first.
  due: applications.queueDueAt,
  created: applications.createdAt,
  submitted: applications.submittedAt,
  amount: applications.totalCents,
  travellers: applications.travelerCount,
  // An enum: sorted in the order of the workflow (awaiting payment … rejected).
  status: applications.status,
} as const;

/** ORDER BY of a sort; ties (and rows without the value, always last) fall back to newest first. */
function orderOf(sort: ListSort): SQL {
  const fallback = sql`${applications.createdAt} desc nulls last, ${applications.id} desc nulls last`;
  if (sort.column === 'created' && sort.order === 'desc') return fallback;
  const column = SORT_COLUMNS[sort.column];
  const direction = sort.order === 'asc' ? sql`asc` : sql`desc`;
  return sql`${column} ${direction} nulls last, ${fallback}`;
}

/** The statuses of open work: the only rows with a queue date (the database's trigger keeps it). */
const QUEUE_STATUSES: readonly string[] = ['SUBMITTED', 'UNDER_REVIEW'];

/**
 * The ids of a page in the due-date order: open work by its queue date, then the rest newest first. Each part is
 * read on its own index (the queue's, and the newest-first one) from where the page starts in it, so neither sorts
 * the rows a filter keeps; a page past the open work counts it first (a range of the queue's index), and a status
 * that is never open work skips it.
 */
async function duePageIds(
  db: Db,
  where: SQL | undefined,
  f: ListFilters,
  sort: ListSort,
  limit: number,
  offset: number,
): Promise<string[]> {
  const direction = sort.order === 'asc' ? sql`asc` : sql`desc`;
  const newest = sql`${applications.createdAt} desc nulls last, ${applications.id} desc nulls last`;
  const isOpen = and(where, isNotNull(applications.queueDueAt));
  // The rest: newest first, on the status's index when the status is never open work, otherwise on the null end of
  // the queue's index (which holds them newest first).
  const closedStatus = Boolean(f.status && !QUEUE_STATUSES.includes(f.status));
  const rest = (take: number, skip: number) =>
    db
      .select({ id: applications.id })
      .from(applications)
      .where(closedStatus ? where : and(where, isNull(applications.queueDueAt)))
      .orderBy(closedStatus ? newest : sql`${applications.queueDueAt} asc nulls last, ${newest}`)
      .limit(take)
      .offset(skip);
  if (closedStatus) return (await rest(limit, offset)).map((r) => r.id);
  // Open work only (an open status, or a queue filter): nothing follows it.
  const openOnly = Boolean(f.status || f.due || f.assignee);
  const openCount =
    offset === 0
      ? 0
      : Number(
          (
            await db
              .select({ n: sql<number>`count(*)::int` })
              .from(applications)
              .where(isOpen)
          )[0]?.n ?? 0,
        );
  if (offset > 0 && offset >= openCount)
    return openOnly ? [] : (await rest(limit, offset - openCount)).map((r) => r.id);
  // The page starts in the open work; the rest, when the open work ends on it, follows from its start.
  const [open, after] = await Promise.all([
    db
      .select({ id: applications.id })
      .from(applications)
      .where(isOpen)
      .orderBy(sql`${applications.queueDueAt} ${direction}, ${newest}`)
      .limit(limit)
      .offset(offset),
    offset === 0 && !openOnly ? rest(limit, 0) : Promise.resolve([]),
  ]);
  const tail =
    open.length < limit && offset > 0 && !openOnly ? await rest(limit - open.length, 0) : after;
  return [...open, ...tail].slice(0, limit).map((r) => r.id);
}

/**
 * One page in the order asked for (newest first by default). The page of ids is found first (on the index alone
 * for the default and status orders), then joined, so a deep page does not join the rows it skips.
 */
export async function pageOfApplications(
  db: Db,
  f: ListFilters,
  limit: number,
  offset: number,
  /** Keyset continuation, newest first only: rows strictly after this one. */
  after?: { createdAt: Date; id: string },
  sort: ListSort = NEWEST_FIRST,
) {
  const where = listWhere(f);
  if (!after && sort.column === 'due') {
    const ids = await duePageIds(db, where, f, sort, limit, offset);
    if (ids.length === 0) return [];
    const place = new Map(ids.map((id, i) => [id, i]));
    const rows = await db
      .select({ a: applications, country: countries, visaTypeName: visaTypes.name, user: users })
      .from(applications)
      .innerJoin(countries, eq(countries.code, applications.countryCode))
      .innerJoin(visaTypes, eq(visaTypes.id, applications.visaTypeId))
      .leftJoin(users, eq(users.id, applications.userId))
      .where(inArray(applications.id, ids));
    return rows.sort((x, y) => place.get(x.a.id)! - place.get(y.a.id)!);
  }
  const keyset = after
    ? sql`(${applications.createdAt}, ${applications.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`
    : undefined;
  const order = orderOf(after ? NEWEST_FIRST : sort);
  const ids = db
    .select({ id: applications.id })
    .from(applications)
    .where(where && keyset ? and(where, keyset) : (where ?? keyset))
    .orderBy(order)
    .limit(limit)
    .offset(offset)
    .as('page');
  const rows = await db
    .select({ a: applications, country: countries, visaTypeName: visaTypes.name, user: users })
    .from(ids)
    .innerJoin(applications, eq(applications.id, ids.id))
    .innerJoin(countries, eq(countries.code, applications.countryCode))
    .innerJoin(visaTypes, eq(visaTypes.id, applications.visaTypeId))
    .leftJoin(users, eq(users.id, applications.userId))
    .orderBy(order);
  return rows;
}

export async function travellersOf(db: Db, applicationIds: string[]) {
  if (applicationIds.length === 0)
    return new Map<string, { firstName: string; lastName: string }[]>();
  const rows = await db
    .select({
      applicationId: travelers.applicationId,
      firstName: travelers.firstName,
      lastName: travelers.lastName,
    })
    .from(travelers)
    .where(inArray(travelers.applicationId, applicationIds))
    .orderBy(asc(travelers.position));
  const map = new Map<string, { firstName: string; lastName: string }[]>();
  for (const r of rows) {
    const list = map.get(r.applicationId) ?? [];
    list.push({ firstName: r.firstName, lastName: r.lastName });
    map.set(r.applicationId, list);
  }
  return map;
}

/** The applications changed most recently (the dashboard's activity). */
export async function recentlyUpdated(db: Db, limit: number) {
  return db
    .select({ a: applications, country: countries, visaTypeName: visaTypes.name, user: users })
    .from(applications)
    .innerJoin(countries, eq(countries.code, applications.countryCode))
    .innerJoin(visaTypes, eq(visaTypes.id, applications.visaTypeId))
    .leftJoin(users, eq(users.id, applications.userId))
    .orderBy(sql`${applications.updatedAt} desc nulls last`)
    .limit(limit);
}

/** The number of applications per status, as kept by the database's trigger (no scan of the applications). */
export async function statusCounts(db: Db) {
  const kept = await db
    .select({
      status: applicationCounts.status,
      n: sql<string>`sum(${applicationCounts.n})::bigint`,
    })
    .from(applicationCounts)
    .groupBy(applicationCounts.status);
  return Object.fromEntries(kept.map((r) => [r.status, Number(r.n)])) as Record<
    (typeof applications.$inferSelect)['status'],
    number
  >;
}

/**
 * The sums of an amount in cents today, in the last 7 and in the last 30 days, by the time each was settled. Summed as
 * bigint: a month of payments in cents can exceed an int.
 */
async function sumsByPeriod(
  db: Db,
  { from, amount, at, where }: { from: PgTable; amount: AnyPgColumn; at: AnyPgColumn; where: SQL },
) {
  const [sums] = await db
    .select({
      today: sql<string>`coalesce(sum(${amount}) filter (where ${at} >= date_trunc('day', now())), 0)::bigint`,
      last7: sql<string>`coalesce(sum(${amount}) filter (where ${at} >= now() - interval '7 days'), 0)::bigint`,
      last30: sql<string>`coalesce(sum(${amount}), 0)::bigint`,
    })
    .from(from)
    .where(and(where, gte(at, sql`now() - interval '30 days'`)));
  return {
    todayCents: Number(sums?.today ?? 0),
    last7DaysCents: Number(sums?.last7 ?? 0),
    last30DaysCents: Number(sums?.last30 ?? 0),
  };
}

/** Amounts paid today, in the last 7 and in the last 30 days, in cents. */
export const paidTotals = (db: Db) =>
  sumsByPeriod(db, {
    from: payments,
    amount: payments.amountCents,
    at: payments.succeededAt,
    where: eq(payments.status, 'succeeded'),
  });

/**
 * Amounts refunded today, in the last 7 and in the last 30 days, in cents: by when the provider settled each refund,
 * whenever its payment was made (what left the account in the period).
 */
export const refundedTotals = (db: Db) =>
  sumsByPeriod(db, {
    from: refunds,
    amount: refunds.amountCents,
    at: refunds.settledAt,
    where: eq(refunds.status, 'succeeded'),
  });

/** The newest payment of an application. */
export async function latestPaymentOf(db: Db, applicationId: string) {
  const [row] = await db
    .select()
    .from(payments)
    .where(eq(payments.applicationId, applicationId))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return row;
}
