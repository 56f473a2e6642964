import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import type { BackoffAttempt, Reservation } from './counters';

/** Rate-limit counters in rate_limit_buckets: one row per key, with the end of its window. */

/** Adds one to a counter, starting a new window when none is running; the count and the seconds left. */
export async function incrementCounter(
  db: Db,
  key: string,
  windowSeconds: number,
): Promise<{ count: number; secondsLeft: number }> {
  const result = await db.execute(sql`
    insert into rate_limit_buckets (key, count, reset_at)
    values (${key}, 1, now() + make_interval(secs => ${windowSeconds}))
    on conflict (key) do update set
      count = case when rate_limit_buckets.reset_at <= now() then 1 else rate_limit_buckets.count + 1 end,
      reset_at = case when rate_limit_buckets.reset_at <= now() then excluded.reset_at else rate_limit_buckets.reset_at end
    returning count, ceil(extract(epoch from (reset_at - now())))::int as seconds_left`);
  const row = rowsOf<{ count: number; seconds_left: number }>(result)[0];
  return { count: Number(row?.count ?? 0), secondsLeft: Number(row?.seconds_left ?? 0) };
}

/** Sets a counter to `count` for `seconds` from now, whatever it held. */
export async function setCounter(
  db: Db,
  key: string,
  count: number,
  seconds: number,
): Promise<void> {
  await db.execute(sql`
    insert into rate_limit_buckets (key, count, reset_at)
    values (${key}, ${count}, now() + make_interval(secs => ${seconds}))
    on conflict (key) do update set count = excluded.count, reset_at = excluded.reset_at`);
}

/** The whole seconds left on a running counter (0 when there is none). */
export async function counterSecondsLeft(db: Db, key: string): Promise<number> {
  const result = await db.execute(sql`
    select ceil(extract(epoch from (reset_at - now())))::int as seconds_left
    from rate_limit_buckets where key = ${key} and reset_at > now()`);
  const row = rowsOf<{ seconds_left: number }>(result)[0];
  return row ? Math.max(1, Number(row.seconds_left)) : 0;
}

/** Takes one off a counter, never below zero, keeping its window. */
export async function decrementCounter(db: Db, key: string): Promise<void> {
  await db.execute(
    sql`update rate_limit_buckets set count = greatest(count - 1, 0) where key = ${key}`,
  );
}

/**
 * One attempt under a back-off, counted up front in a single statement. Counting the failure locks its row, so
 * parallel attempts on a key take turns; the upsert of the wait row then reads that row at its newest (not as
 * the statement's snapshot saw it) and lets the attempt through only when no delay runs, starting the next
 * delay from the threshold on. Without a delay the wait row is still written, already over, since that write is
 * what tells a let-through attempt from a refused one. The wall clock, not the transaction's start, measures
 * the delay: an attempt that waited for the lock must not find the delay it waited behind still to come.
 */
export async function reserveBackoffAttempt(db: Db, attempt: BackoffAttempt): Promise<Reservation> {
  const { failuresKey, waitKey, windowSeconds, after, capSeconds } = attempt;
  const result = await db.execute(sql`
    with failures as (
      insert into rate_limit_buckets as b (key, count, reset_at)
      values (${failuresKey}, 1, now() + make_interval(secs => ${windowSeconds}))
      on conflict (key) do update set
        count = case when b.reset_at <= now() then 1 else b.count + 1 end,
        reset_at = case when b.reset_at <= now() then excluded.reset_at else b.reset_at end
      returning count
    ), reserved as (
      insert into rate_limit_buckets as b (key, count, reset_at)
      select ${waitKey}, failures.count, clock_timestamp() + make_interval(secs =>
        case when failures.count >= ${after}::int
          then least(${capSeconds}::int, power(2, least(30, failures.count - ${after}::int)))
          else 0 end)
      from failures
      on conflict (key) do update set count = excluded.count, reset_at = excluded.reset_at
      where b.reset_at <= clock_timestamp()
      returning count
    )
    select count(*)::int as reserved from reserved`);
  if (Number(rowsOf<{ reserved: number }>(result)[0]?.reserved ?? 0) > 0) return { reserved: true };
  // Refused: the failure counted on the way in is taken back.
  await decrementCounter(db, failuresKey);
  return { reserved: false, waitSeconds: Math.max(1, await counterSecondsLeft(db, waitKey)) };
}

export async function deleteCounters(db: Db, keys: string[]): Promise<void> {
  for (const key of keys) {
    await db.execute(sql`delete from rate_limit_buckets where key = ${key}`);
  }
}

/** Removes counters whose window has ended. */
export async function deleteExpiredCounters(db: Db): Promise<void> {
  await db.execute(sql`delete from rate_limit_buckets where reset_at < now()`);
}
