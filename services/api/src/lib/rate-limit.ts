import { sql } from 'drizzle-orm';
import { ErrorCode } from '@waypoint/contracts';
import { rowsOf, type Db } from '../db/client';
import { AppError } from './errors';

export const RATE_LIMITED_MESSAGE = 'Too many attempts. Please wait a moment and try again.';

export interface Limit {
  /** What is counted, e.g. `login:ip:1.2.3.4` or `login:email:ann@example.com`. */
  key: string;
  max: number;
  windowSeconds: number;
}

/**
 * Fixed-window counters kept in PostgreSQL (shared by every API process). Counts the attempt and throws 429
 * with Retry-After once a limit is exceeded (with `message`, or the general "Too many attempts").
 */
export async function consumeRateLimits(
  db: Db,
  limits: Limit[],
  message: string = RATE_LIMITED_MESSAGE,
): Promise<void> {
  for (const limit of limits) {
    const result = await db.execute(sql`
      insert into rate_limit_buckets (key, count, reset_at)
      values (${limit.key}, 1, now() + make_interval(secs => ${limit.windowSeconds}))
      on conflict (key) do update set
        count = case when rate_limit_buckets.reset_at <= now() then 1 else rate_limit_buckets.count + 1 end,
        reset_at = case when rate_limit_buckets.reset_at <= now() then excluded.reset_at else rate_limit_buckets.reset_at end
      returning count, ceil(extract(epoch from (reset_at - now())))::int as retry_after`);
    const row = rowsOf<{ count: number; retry_after: number }>(result)[0];
    if (row && Number(row.count) > limit.max) {
      const retryAfter = Math.max(1, Number(row.retry_after));
      throw new AppError(ErrorCode.RATE_LIMITED, message, { retryAfterSeconds: retryAfter });
    }
  }
}

/** Removes expired counters (run by the background worker). */
export async function pruneRateLimits(db: Db): Promise<void> {
  await db.execute(sql`delete from rate_limit_buckets where reset_at < now()`);
}

/**
 * Growing delays after repeated failures (wrong passwords), instead of a lockout an attacker could use to keep the
 * owner out. Each key counts its failures for `windowSeconds`; from the `after`-th failure on, the next attempt
 * must wait 1 s, 2 s, 4 s … up to `capSeconds`. The counters live in rate_limit_buckets too.
 */
export interface Backoff {
  /** What is counted, e.g. `login:email:ann@example.com` or `login:ip:1.2.3.4`. */
  key: string;
  after: number;
  capSeconds: number;
  windowSeconds: number;
}

const waitKey = (key: string) => `${key}:wait`;
const failKey = (key: string) => `${key}:failures`;

/** The seconds still to wait before the next attempt on any of the keys (0 when none). */
export async function backoffWait(db: Db, backoffs: Backoff[]): Promise<number> {
  let longest = 0;
  for (const backoff of backoffs) {
    const result = await db.execute(sql`
      select ceil(extract(epoch from (reset_at - now())))::int as wait
      from rate_limit_buckets where key = ${waitKey(backoff.key)} and reset_at > now()`);
    const row = rowsOf<{ wait: number }>(result)[0];
    if (row) longest = Math.max(longest, Math.max(1, Number(row.wait)));
  }
  return longest;
}

/**
 * Counts a failure on each key and starts its delay once the failures reach the threshold. Callers count an
 * attempt before checking it (and forgive it on success), so parallel guesses cannot slip past the delay.
 */
export async function recordBackoffFailure(db: Db, backoffs: Backoff[]): Promise<void> {
  for (const backoff of backoffs) {
    const result = await db.execute(sql`
      insert into rate_limit_buckets (key, count, reset_at)
      values (${failKey(backoff.key)}, 1, now() + make_interval(secs => ${backoff.windowSeconds}))
      on conflict (key) do update set
        count = case when rate_limit_buckets.reset_at <= now() then 1 else rate_limit_buckets.count + 1 end,
        reset_at = case when rate_limit_buckets.reset_at <= now() then excluded.reset_at else rate_limit_buckets.reset_at end
      returning count`);
    const failures = Number(rowsOf<{ count: number }>(result)[0]?.count ?? 0);
    if (failures < backoff.after) continue;
    const delay = Math.min(backoff.capSeconds, 2 ** Math.min(30, failures - backoff.after));
    await db.execute(sql`
      insert into rate_limit_buckets (key, count, reset_at)
      values (${waitKey(backoff.key)}, ${failures}, now() + make_interval(secs => ${delay}))
      on conflict (key) do update set count = excluded.count, reset_at = excluded.reset_at`);
  }
}

/** Takes back one counted failure (an attempt counted up front that then succeeded). */
export async function forgiveBackoffFailure(db: Db, key: string): Promise<void> {
  await db.execute(
    sql`update rate_limit_buckets set count = greatest(count - 1, 0) where key = ${failKey(key)}`,
  );
}

/** Forgets the failures of keys (after a successful attempt). */
export async function clearBackoff(db: Db, keys: string[]): Promise<void> {
  for (const key of keys) {
    await db.execute(
      sql`delete from rate_limit_buckets where key in (${failKey(key)}, ${waitKey(key)})`,
    );
  }
}
