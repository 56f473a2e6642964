import { ApiMessages, ErrorCode } from '@waypoint/contracts';
import type { CounterStore } from './counter-store';
import { AppError, type Message } from './errors';

export const RATE_LIMITED_MESSAGE = ApiMessages['request.rateLimited'];

export interface Limit {
  /** What is counted, e.g. `login:ip:1.2.3.4` or `login:email:ann@example.com`. */
  key: string;
  max: number;
  windowSeconds: number;
}

/**
 * Fixed-window counters, shared by every API process (in Redis or the database: see `CounterStore`). Counts the
 * attempt and throws 429 with Retry-After once a limit is exceeded (with `message`, or the general "Too many
 * attempts").
 */
export async function consumeRateLimits(
  counters: CounterStore,
  limits: Limit[],
  message: Message = 'request.rateLimited',
): Promise<void> {
  for (const limit of limits) {
    const { count, secondsLeft } = await counters.increment(limit.key, limit.windowSeconds);
    if (count > limit.max) {
      throw new AppError(ErrorCode.RATE_LIMITED, message, {
        retryAfterSeconds: Math.max(1, secondsLeft),
      });
    }
  }
}

/** Removes expired counters (run by the background worker). */
export async function pruneRateLimits(counters: CounterStore): Promise<void> {
  await counters.prune();
}

/**
 * Growing delays after repeated failures (wrong passwords), instead of a lockout an attacker could use to keep the
 * owner out. Each key counts its failures for `windowSeconds`; from the `after`-th failure on, the next attempt
 * must wait 1 s, 2 s, 4 s … up to `capSeconds`. The counters live in the same store.
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
export async function backoffWait(counters: CounterStore, backoffs: Backoff[]): Promise<number> {
  let longest = 0;
  for (const backoff of backoffs) {
    longest = Math.max(longest, await counters.secondsLeft(waitKey(backoff.key)));
  }
  return longest;
}

/**
 * Counts a failure on each key and starts its delay once the failures reach the threshold. Callers count an
 * attempt before checking it (and forgive it on success), so parallel guesses cannot slip past the delay.
 */
export async function recordBackoffFailure(
  counters: CounterStore,
  backoffs: Backoff[],
): Promise<void> {
  for (const backoff of backoffs) {
    const { count: failures } = await counters.increment(
      failKey(backoff.key),
      backoff.windowSeconds,
    );
    if (failures < backoff.after) continue;
    const delay = Math.min(backoff.capSeconds, 2 ** Math.min(30, failures - backoff.after));
    await counters.set(waitKey(backoff.key), failures, delay);
  }
}

/** Takes back one counted failure (an attempt counted up front that then succeeded). */
export async function forgiveBackoffFailure(counters: CounterStore, key: string): Promise<void> {
  await counters.decrement(failKey(key));
}

/** Forgets the failures of keys (after a successful attempt). */
export async function clearBackoff(counters: CounterStore, keys: string[]): Promise<void> {
  await counters.delete(keys.flatMap((key) => [failKey(key), waitKey(key)]));
}
