import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import { AuthText } from '@waypoint/contracts';
import {
  backoffWait,
  clearBackoff,
  consumeRateLimits,
  forgiveBackoffFailure,
  recordBackoffFailure,
  type Backoff,
} from '../../lib/rate-limit';
import { AppError } from '../../lib/errors';
import { Browser, uniqueEmail } from '../../test/auth-helpers';
import { body, createTestApp, type TestApp } from '../../test/harness';
import { reserveBackoffAttempt } from './backoff';
import {
  DatabaseCounters,
  FallbackCounters,
  RedisCounters,
  createCounterStore,
  type CounterStore,
} from './counters';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** A port nothing listens on: Redis configured but down. */
const CLOSED_REDIS_URL = 'redis://127.0.0.1:1';

let t: TestApp;
let inspector: Redis;
const prefixes: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  inspector = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
});
afterAll(async () => {
  for (const prefix of prefixes) {
    const keys = await inspector.keys(`${prefix}*`);
    if (keys.length > 0) await inspector.del(...keys);
  }
  inspector.disconnect();
  await t.close();
});

/** A Redis store of its own: a key prefix no other test (or test run) uses, removed afterwards. */
function redisStore(): RedisCounters {
  const keyPrefix = `waypoint-test:${crypto.randomUUID()}:`;
  prefixes.push(keyPrefix);
  return new RedisCounters({ url: REDIS_URL, keyPrefix });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const key = (name: string) => `${name}:${crypto.randomUUID()}`;

async function retryAfterOf(run: Promise<unknown>): Promise<number> {
  const err = await run.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  expect(err).toMatchObject({ code: 'RATE_LIMITED' });
  return (err as AppError).retryAfterSeconds!;
}

describe.each([
  ['the database', () => new DatabaseCounters(t.database.db) as CounterStore],
  ['Redis', () => redisStore() as CounterStore],
])('rate limits counted in %s', (_name, makeStore) => {
  let store: CounterStore;
  beforeEach(async () => {
    store = makeStore();
    await store.ready();
  });
  afterEach(() => store.close());

  it('lets `max` attempts through in a window, then refuses with the seconds left', async () => {
    const limit = { key: key('login:ip'), max: 3, windowSeconds: 60 };
    for (let i = 0; i < 3; i += 1) await consumeRateLimits(store, [limit]);
    const retryAfter = await retryAfterOf(consumeRateLimits(store, [limit]));
    expect(retryAfter).toBeGreaterThanOrEqual(59);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Another key is counted on its own.
    await expect(
      consumeRateLimits(store, [{ ...limit, key: key('login:ip') }]),
    ).resolves.toBeUndefined();
  });

  it('counts parallel attempts exactly', async () => {
    const limit = { key: key('burst'), max: 10, windowSeconds: 60 };
    const results = await Promise.allSettled(
      Array.from({ length: 25 }, () => consumeRateLimits(store, [limit])),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
  });

  it('starts afresh when the window ends', async () => {
    const limit = { key: key('short'), max: 1, windowSeconds: 1 };
    await consumeRateLimits(store, [limit]);
    await expect(consumeRateLimits(store, [limit])).rejects.toThrow(AppError);
    await sleep(1100);
    await expect(consumeRateLimits(store, [limit])).resolves.toBeUndefined();
  });

  it('refuses with the caller’s message', async () => {
    const limit = { key: key('codes'), max: 0, windowSeconds: 60 };
    await expect(consumeRateLimits(store, [limit], 'auth.wrongCredentials')).rejects.toThrow(
      AuthText.wrongCredentials,
    );
  });

  it('delays after repeated failures, doubling up to the cap, and forgets them on success', async () => {
    const backoff: Backoff = {
      key: key('login:email'),
      after: 2,
      capSeconds: 4,
      windowSeconds: 60,
    };
    await recordBackoffFailure(store, [backoff]);
    expect(await backoffWait(store, [backoff])).toBe(0);
    await recordBackoffFailure(store, [backoff]);
    expect(await backoffWait(store, [backoff])).toBe(1);
    await recordBackoffFailure(store, [backoff]);
    expect(await backoffWait(store, [backoff])).toBe(2);
    await recordBackoffFailure(store, [backoff]);
    await recordBackoffFailure(store, [backoff]);
    expect(await backoffWait(store, [backoff])).toBe(4);
    await clearBackoff(store, [backoff.key]);
    expect(await backoffWait(store, [backoff])).toBe(0);
    await recordBackoffFailure(store, [backoff]);
    expect(await backoffWait(store, [backoff])).toBe(0);
  });

  it('takes back a failure counted up front, never below zero', async () => {
    const backoff: Backoff = { key: key('login:ip'), after: 2, capSeconds: 60, windowSeconds: 60 };
    await forgiveBackoffFailure(store, backoff.key);
    await recordBackoffFailure(store, [backoff]);
    await forgiveBackoffFailure(store, backoff.key);
    await forgiveBackoffFailure(store, backoff.key);
    await recordBackoffFailure(store, [backoff]);
    expect(await backoffWait(store, [backoff])).toBe(0);
    await recordBackoffFailure(store, [backoff]);
    expect(await backoffWait(store, [backoff])).toBe(1);
  });

  it('lets parallel attempts under a back-off through only up to its threshold, counting no refused one', async () => {
    const base = key('burst:email');
    const attempt = {
      failuresKey: `${base}:failures`,
      waitKey: `${base}:wait`,
      after: 3,
      capSeconds: 60,
      windowSeconds: 60,
    };
    const results = await Promise.all(
      Array.from({ length: 25 }, () => store.reserveAttempt(attempt)),
    );
    expect(results.filter((r) => r.reserved)).toHaveLength(3);
    expect(results.filter((r) => !r.reserved)).toEqual(
      Array.from({ length: 22 }, () => ({ reserved: false, waitSeconds: 1 })),
    );
    expect((await store.increment(attempt.failuresKey, 60)).count).toBe(4);
  });

  it('reserves attempts as the growing delays go: refused while one runs, the next one longer', async () => {
    const backoff: Backoff = {
      key: key('login:email'),
      after: 2,
      capSeconds: 4,
      windowSeconds: 60,
    };
    const endWait = () => store.delete([`${backoff.key}:wait`]);
    expect(await reserveBackoffAttempt(store, [backoff])).toBe(0);
    expect(await backoffWait(store, [backoff])).toBe(0);
    expect(await reserveBackoffAttempt(store, [backoff])).toBe(0);
    expect(await backoffWait(store, [backoff])).toBe(1);
    expect(await reserveBackoffAttempt(store, [backoff])).toBe(1);
    await endWait();
    expect(await reserveBackoffAttempt(store, [backoff])).toBe(0);
    expect(await backoffWait(store, [backoff])).toBe(2);
    await endWait();
    // A failure forgiven no longer counts towards the next delay.
    expect(await reserveBackoffAttempt(store, [backoff])).toBe(0);
    await forgiveBackoffFailure(store, backoff.key);
    await endWait();
    expect(await reserveBackoffAttempt(store, [backoff])).toBe(0);
    expect(await backoffWait(store, [backoff])).toBe(4);
    await clearBackoff(store, [backoff.key]);
    expect(await reserveBackoffAttempt(store, [backoff])).toBe(0);
    expect(await backoffWait(store, [backoff])).toBe(0);
  });

  it('takes back an attempt counted on one key when another key refuses it', async () => {
    const wide: Backoff = { key: key('ip'), after: 100, capSeconds: 60, windowSeconds: 60 };
    const narrow: Backoff = { key: key('email'), after: 1, capSeconds: 60, windowSeconds: 60 };
    const waits = await Promise.all(
      Array.from({ length: 10 }, () => reserveBackoffAttempt(store, [wide, narrow])),
    );
    expect(waits.filter((wait) => wait === 0)).toHaveLength(1);
    expect(waits.filter((wait) => wait === 1)).toHaveLength(9);
    expect((await store.increment(`${wide.key}:failures`, 60)).count).toBe(2);
  });

  it('the longest wait of several keys is the one that counts', async () => {
    const a: Backoff = { key: key('a'), after: 1, capSeconds: 60, windowSeconds: 60 };
    const b: Backoff = { key: key('b'), after: 1, capSeconds: 60, windowSeconds: 60 };
    await recordBackoffFailure(store, [a]);
    await recordBackoffFailure(store, [a]);
    await recordBackoffFailure(store, [a]);
    await recordBackoffFailure(store, [b]);
    expect(await backoffWait(store, [a, b])).toBe(4);
  });
});

describe('choosing the store', () => {
  it('counts in the database without REDIS_URL and in Redis with it', async () => {
    const withoutRedis = createCounterStore(t.config, t.database.db);
    expect(withoutRedis.kind).toBe('database');
    const keyPrefix = `waypoint-test:${crypto.randomUUID()}:`;
    prefixes.push(keyPrefix);
    const withRedis = createCounterStore(
      { ...t.config, redisUrl: REDIS_URL, redisKeyPrefix: keyPrefix },
      t.database.db,
    );
    try {
      expect(withRedis.kind).toBe('redis');
      await withRedis.ready();
      await consumeRateLimits(withRedis, [
        { key: 'register:ip:10.0.0.1', max: 5, windowSeconds: 60 },
      ]);
      expect(await inspector.get(`${keyPrefix}register:ip:10.0.0.1`)).toBe('1');
      expect(await inspector.pttl(`${keyPrefix}register:ip:10.0.0.1`)).toBeGreaterThan(59_000);
    } finally {
      await withRedis.close();
    }
  });
});

describe('when Redis is configured but down', () => {
  it('keeps limiting with the database’s counters instead of failing open or refusing everyone', async () => {
    const store = new FallbackCounters(
      new RedisCounters({ url: CLOSED_REDIS_URL, keyPrefix: 'waypoint-test:down:' }),
      new DatabaseCounters(t.database.db),
    );
    try {
      await store.ready();
      const limit = { key: key('login:ip'), max: 2, windowSeconds: 60 };
      await consumeRateLimits(store, [limit]);
      await consumeRateLimits(store, [limit]);
      await expect(consumeRateLimits(store, [limit])).rejects.toThrow(AppError);
      const backoff: Backoff = {
        key: key('login:email'),
        after: 1,
        capSeconds: 60,
        windowSeconds: 60,
      };
      await recordBackoffFailure(store, [backoff]);
      expect(await backoffWait(store, [backoff])).toBe(1);
      expect(await reserveBackoffAttempt(store, [backoff])).toBe(1);
      const other: Backoff = { ...backoff, key: key('login:email') };
      expect(await reserveBackoffAttempt(store, [other])).toBe(0);
      expect(await reserveBackoffAttempt(store, [other])).toBe(1);
    } finally {
      await store.close();
    }
  });

  it('answers logins with 401 and then 429, never 500', async () => {
    const down = await createTestApp({ REDIS_URL: CLOSED_REDIS_URL });
    try {
      const b = new Browser(down.app, '10.66.0.1');
      const email = uniqueEmail();
      const statuses: number[] = [];
      for (let i = 0; i < 6; i += 1) {
        const res = await b.post('/api/auth/login', { email, password: 'wrong-password' });
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
      expect(statuses[5]).toBe(429);
      const res = await b.post('/api/auth/login', { email, password: 'wrong-password' });
      expect(body(res)).toMatchObject({ code: 'RATE_LIMITED' });
    } finally {
      await down.close();
    }
  });
});
