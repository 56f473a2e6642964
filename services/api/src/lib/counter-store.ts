/**
 * Where rate-limit counters live: Redis when REDIS_URL is set, the database otherwise. Every counter has a
 * window; when it ends the counter is gone (Redis expires it; the database prunes it).
 */
export interface CounterStore {
  readonly kind: 'database' | 'redis';
  /** Adds one, starting a window of `windowSeconds` when none is running; the count and the whole seconds left. */
  increment(key: string, windowSeconds: number): Promise<{ count: number; secondsLeft: number }>;
  /** Sets the counter to `count` for `seconds` from now. */
  set(key: string, count: number, seconds: number): Promise<void>;
  /** The whole seconds left on a running counter (0 when there is none). */
  secondsLeft(key: string): Promise<number>;
  /** Takes one off, never below zero, keeping the window. */
  decrement(key: string): Promise<void>;
  /**
   * Takes one attempt under a back-off in a single atomic step, before the attempt is made: refused (nothing
   * counted) while a delay runs, otherwise counted as a failure up front, starting the next delay once the
   * failures reach the threshold. However many attempts arrive at once, no more get through than one after the
   * other would.
   */
  reserveAttempt(attempt: BackoffAttempt): Promise<Reservation>;
  delete(keys: string[]): Promise<void>;
  /** Removes counters whose window has ended (where the store does not expire them itself). */
  prune(): Promise<void>;
  /** Settles once the store has connected or failed to (it never throws: a store that is down is used as such). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** One attempt under a back-off: its two counters and its rule (see `Backoff` in lib/rate-limit). */
export interface BackoffAttempt {
  /** Counts the failures for `windowSeconds`. */
  failuresKey: string;
  /** Runs while the next attempt must wait. */
  waitKey: string;
  windowSeconds: number;
  /** From this many failures on, each one starts a delay: 1 s, 2 s, 4 s … up to `capSeconds`. */
  after: number;
  capSeconds: number;
}

export type Reservation = { reserved: true } | { reserved: false; waitSeconds: number };
