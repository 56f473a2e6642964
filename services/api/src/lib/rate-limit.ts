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
      throw new AppError(429, ErrorCode.RATE_LIMITED, message, undefined, retryAfter);
    }
  }
}

/** Removes expired counters (run by the background worker). */
export async function pruneRateLimits(db: Db): Promise<void> {
  await db.execute(sql`delete from rate_limit_buckets where reset_at < now()`);
}
