import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';

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

export async function deleteCounters(db: Db, keys: string[]): Promise<void> {
  for (const key of keys) {
    await db.execute(sql`delete from rate_limit_buckets where key = ${key}`);
  }
}

/** Removes counters whose window has ended. */
export async function deleteExpiredCounters(db: Db): Promise<void> {
  await db.execute(sql`delete from rate_limit_buckets where reset_at < now()`);
}
