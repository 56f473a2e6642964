import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import type { LightMyRequestResponse } from 'fastify';
import { AuthText, DEFAULT_LOCALE } from '@waypoint/contracts';
import { Browser, STRONG_PASSWORD, uniqueEmail } from '../../test/auth-helpers';
import { body, createTestApp, type TestApp } from '../../test/harness';
import { raceRounds } from '../../test/rounds';
import { insertUser } from './auth.repo';
import { hashPassword } from './passwords';
import { IP_FAILURES_BEFORE_DELAY, PASSWORD_FAILURES_BEFORE_DELAY } from './password-check';

/**
 * Wrong passwords sent all at once must not outrun the growing delays: however many arrive together, no more
 * passwords are checked than the delays would let through one after the other in the time the burst took.
 */

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const BURST = 30;
const ACCOUNT_ROUNDS = raceRounds(6);
const ADDRESS_ROUNDS = 2;
/** One hash for every account: only the checks of the guesses are under test. */
const passwordHash = hashPassword(STRONG_PASSWORD);

let ipCounter = 0;
const nextIp = () => {
  ipCounter += 1;
  return `10.91.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
};

/**
 * The most checks the delays allow within `ms`: `after` at once, then one more once each delay is over (1 s,
 * then 2 s more, 4 s more …). A burst normally ends well within the first delay, but a slow machine may not.
 */
function allowedWithin(after: number, ms: number) {
  let allowed = after;
  for (let waited = 1; waited * 1000 <= ms; waited = waited * 2 + 1) allowed += 1;
  return allowed;
}

interface Burst {
  /** Answered 401: the password was checked and found wrong. */
  checked: number;
  /** Answered 429: refused before any check. */
  slowed: number;
  /** Any other answer (there should be none). */
  others: number[];
  /** From the first request to the last reply. */
  ms: number;
}

async function burst(attempts: (() => Promise<LightMyRequestResponse>)[]): Promise<Burst> {
  const started = Date.now();
  const replies = await Promise.all(attempts.map((attempt) => attempt()));
  const result: Burst = { checked: 0, slowed: 0, others: [], ms: Date.now() - started };
  for (const res of replies) {
    if (res.statusCode === 401) {
      result.checked += 1;
    } else if (res.statusCode === 429) {
      result.slowed += 1;
      // The same clear message a single slowed-down attempt gets, naming the wait.
      const seconds = Number(res.headers['retry-after']);
      expect(seconds).toBeGreaterThan(0);
      expect(body(res)).toMatchObject({
        code: 'RATE_LIMITED',
        error: AuthText.passwordThrottled(seconds),
      });
    } else {
      result.others.push(res.statusCode);
    }
  }
  return result;
}

/** The rounds that checked more passwords than the delays allow (or none at all). */
function outOfBounds(rounds: Burst[], after: number) {
  return rounds
    .map((round, index) => ({
      round: index + 1,
      ...round,
      allowed: allowedWithin(after, round.ms),
    }))
    .filter(({ checked, allowed }) => checked < 1 || checked > allowed);
}

describe.each([
  ['the database', () => ({})],
  ['Redis', () => ({ REDIS_URL, REDIS_KEY_PREFIX: `waypoint-test:${crypto.randomUUID()}:` })],
])('parallel wrong passwords, counted in %s', (name, envOf) => {
  let t: TestApp;
  let env: Record<string, string>;
  beforeAll(async () => {
    env = envOf();
    t = await createTestApp(env);
  });
  afterAll(async () => {
    await t.close();
    if (env.REDIS_KEY_PREFIX) {
      const inspector = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
      const keys = await inspector.keys(`${env.REDIS_KEY_PREFIX}*`);
      if (keys.length > 0) await inspector.del(...keys);
      inspector.disconnect();
    }
  });

  it(`checks no more than the delays allow of ${BURST} simultaneous guesses at one account`, async () => {
    const rounds: Burst[] = [];
    for (let round = 0; round < ACCOUNT_ROUNDS; round += 1) {
      const email = uniqueEmail('race');
      await insertUser(t.database.db, {
        email,
        firstName: 'Ann',
        lastName: 'Lee',
        passwordHash: await passwordHash,
        locale: DEFAULT_LOCALE,
      });
      // Each guess from an IP address of its own: only the account's delays stand in the way.
      const guesses = Array.from({ length: BURST }, () => new Browser(t.app, nextIp()));
      rounds.push(
        await burst(
          guesses.map(
            (b) => () => b.post('/api/auth/login', { email, password: 'wrong-password' }),
          ),
        ),
      );
    }
    expect(rounds.flatMap((r) => r.others)).toEqual([]);
    expect(outOfBounds(rounds, PASSWORD_FAILURES_BEFORE_DELAY)).toEqual([]);
  });

  it(`checks no more than the delays allow of ${BURST} simultaneous guesses from one address`, async () => {
    const rounds: Burst[] = [];
    for (let round = 0; round < ADDRESS_ROUNDS; round += 1) {
      const b = new Browser(t.app, nextIp());
      // A different account each time: only the IP address's delays stand in the way.
      const emails = Array.from({ length: BURST }, () => uniqueEmail('spray'));
      rounds.push(
        await burst(
          emails.map(
            (email) => () => b.post('/api/auth/login', { email, password: 'wrong-password' }),
          ),
        ),
      );
    }
    expect(rounds.flatMap((r) => r.others)).toEqual([]);
    expect(outOfBounds(rounds, IP_FAILURES_BEFORE_DELAY)).toEqual([]);
  });
});
