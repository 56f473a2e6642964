import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { BackoffAttempt, CounterStore, Reservation } from '../../lib/counter-store';
import * as repo from './rate-limits.repo';

export type { BackoffAttempt, CounterStore, Reservation } from '../../lib/counter-store';

export class DatabaseCounters implements CounterStore {
  readonly kind = 'database';

  constructor(private readonly db: Db) {}

  increment(key: string, windowSeconds: number) {
    return repo.incrementCounter(this.db, key, windowSeconds);
  }
  set(key: string, count: number, seconds: number) {
    return repo.setCounter(this.db, key, count, seconds);
  }
  secondsLeft(key: string) {
    return repo.counterSecondsLeft(this.db, key);
  }
  decrement(key: string) {
    return repo.decrementCounter(this.db, key);
  }
  reserveAttempt(attempt: BackoffAttempt) {
    return repo.reserveBackoffAttempt(this.db, attempt);
  }
  delete(keys: string[]) {
    return repo.deleteCounters(this.db, keys);
  }
  prune() {
    return repo.deleteExpiredCounters(this.db);
  }
  async ready() {}
  async close() {}
}

/** INCR and the window's PEXPIRE in one step, so no counter is ever left without an expiry. */
const INCREMENT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;

const DECREMENT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

/**
 * A back-off's attempt in one step (KEYS: failures, wait; ARGV: window in ms, threshold, cap in seconds): refused
 * with the milliseconds left while the wait runs, otherwise the failure is counted and, from the threshold on,
 * the next wait set (holding the failure count, as elsewhere).
 */
const RESERVE_ATTEMPT = `
local waiting = redis.call('PTTL', KEYS[2])
if waiting > 0 then return {0, waiting} end
local failures = redis.call('INCR', KEYS[1])
if redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local after = tonumber(ARGV[2])
if failures >= after then
  local delay = math.min(tonumber(ARGV[3]), 2 ^ math.min(30, failures - after))
  redis.call('SET', KEYS[2], failures, 'PX', math.max(1, math.floor(delay * 1000)))
end
return {1, 0}`;

export interface RedisCountersOptions {
  url: string;
  /** Put before every key, so that several deployments (or test runs) can share one Redis. */
  keyPrefix: string;
  log?: FastifyBaseLogger;
}

const toSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

export class RedisCounters implements CounterStore {
  readonly kind = 'redis';
  private readonly client: Redis;
  private readonly prefix: string;

  constructor(options: RedisCountersOptions) {
    this.prefix = options.keyPrefix;
    this.client = new Redis(options.url, {
      // A request never waits for Redis to come back: a command fails at once while it is away
      // (and the caller falls back), and reconnection goes on in the background.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      connectTimeout: 2000,
      commandTimeout: 1000,
      retryStrategy: (times) => Math.min(times * 250, 5000),
    });
    let lastWarning = 0;
    this.client.on('error', (err: Error) => {
      if (Date.now() - lastWarning < 60_000) return;
      lastWarning = Date.now();
      options.log?.warn({ err: err.message }, 'Redis for rate limits is unavailable');
    });
  }

  private k(key: string) {
    return `${this.prefix}${key}`;
  }

  async increment(key: string, windowSeconds: number) {
    const [count, ttl] = (await this.client.eval(
      INCREMENT,
      1,
      this.k(key),
      String(windowSeconds * 1000),
    )) as [number, number];
    return { count: Number(count), secondsLeft: toSeconds(Number(ttl)) };
  }

  async set(key: string, count: number, seconds: number) {
    await this.client.set(this.k(key), String(count), 'PX', Math.max(1, seconds * 1000));
  }

  async secondsLeft(key: string) {
    const ms = await this.client.pttl(this.k(key));
    return ms > 0 ? toSeconds(ms) : 0;
  }

  async decrement(key: string) {
    await this.client.eval(DECREMENT, 1, this.k(key));
  }

  async reserveAttempt(attempt: BackoffAttempt): Promise<Reservation> {
    const [reserved, waitingMs] = (await this.client.eval(
      RESERVE_ATTEMPT,
      2,
      this.k(attempt.failuresKey),
      this.k(attempt.waitKey),
      String(attempt.windowSeconds * 1000),
      String(attempt.after),
      String(attempt.capSeconds),
    )) as [number, number];
    if (Number(reserved) === 1) return { reserved: true };
    return { reserved: false, waitSeconds: toSeconds(Number(waitingMs)) };
  }

  async delete(keys: string[]) {
    if (keys.length > 0) await this.client.del(...keys.map((key) => this.k(key)));
  }

  /** Redis expires counters itself. */
  async prune() {}

  ready(): Promise<void> {
    if (this.client.status === 'ready') return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.client.off('ready', done);
        this.client.off('error', done);
        this.client.off('end', done);
        resolve();
      };
      const timer = setTimeout(done, 2500);
      this.client.once('ready', done);
      this.client.once('error', done);
      this.client.once('end', done);
    });
  }

  async close() {
    this.client.disconnect();
  }
}

/**
 * Redis first, the database when Redis cannot answer. The login limiter must neither let unlimited guesses
 * through while Redis is down (failing open) nor lock everyone out (failing closed); the database's counters
 * keep the limits working, only counting afresh from the moment of the outage.
 */
export class FallbackCounters implements CounterStore {
  readonly kind = 'redis';
  private lastWarning = 0;

  constructor(
    private readonly primary: CounterStore,
    private readonly fallback: CounterStore,
    private readonly log?: FastifyBaseLogger,
  ) {}

  private async either<T>(run: (store: CounterStore) => Promise<T>): Promise<T> {
    try {
      return await run(this.primary);
    } catch (err) {
      if (Date.now() - this.lastWarning > 60_000) {
        this.lastWarning = Date.now();
        this.log?.warn(
          { err: err instanceof Error ? err.message : String(err) },
          'Rate limits counted in the database while Redis is unavailable',
        );
      }
      return run(this.fallback);
    }
  }

  increment(key: string, windowSeconds: number) {
    return this.either((s) => s.increment(key, windowSeconds));
  }
  set(key: string, count: number, seconds: number) {
    return this.either((s) => s.set(key, count, seconds));
  }
  async secondsLeft(key: string) {
    return this.either((s) => s.secondsLeft(key));
  }
  decrement(key: string) {
    return this.either((s) => s.decrement(key));
  }
  reserveAttempt(attempt: BackoffAttempt) {
    return this.either((s) => s.reserveAttempt(attempt));
  }
  delete(keys: string[]) {
    return this.either((s) => s.delete(keys));
  }
  /** Counters written during an outage live in the database and are pruned there. */
  async prune() {
    await this.fallback.prune();
  }
  ready() {
    return this.primary.ready();
  }
  async close() {
    await this.primary.close();
    await this.fallback.close();
  }
}

/** The store the configuration asks for, chosen once at start. */
export function createCounterStore(config: Config, db: Db, log?: FastifyBaseLogger): CounterStore {
  const database = new DatabaseCounters(db);
  if (!config.redisUrl) return database;
  const redis = new RedisCounters({
    url: config.redisUrl,
    keyPrefix: config.redisKeyPrefix,
    ...(log ? { log } : {}),
  });
  return new FallbackCounters(redis, database, log);
}
