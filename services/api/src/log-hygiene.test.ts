import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import type { ApplicationDetail } from '@waypoint/contracts';
import { users } from './db/schema';
import {
  Browser,
  lastCode,
  lastSignInToken,
  STRONG_PASSWORD,
  uniqueEmail,
  signInNewStaff,
} from './test/auth-helpers';
import { body, createTestApp, type TestApp } from './test/harness';
import { orderBody } from './test/orders';

/**
 * What the logs may never hold, checked on a whole journey at debug level: passwords and their hashes, passport
 * numbers, sign-in and upload tokens, one-time codes, session cookies and payment client secrets.
 */
function captureLogs() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { stream, text: () => lines.join('') };
}

/** A secret is found when it appears on its own (a 6-digit code inside a longer number does not count). */
function leaked(log: string, secrets: Iterable<string>): string[] {
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return [...new Set(secrets)].filter(
    (secret) =>
      secret.length > 0 &&
      new RegExp(`(?<![0-9A-Za-z.])${escape(secret)}(?![0-9A-Za-z])`).test(log) === true,
  );
}

/** A browser that remembers every cookie value it was ever given. */
class RecordingBrowser extends Browser {
  readonly seen = new Set<string>();
  override async request(options: Parameters<Browser['request']>[0]) {
    const res = await super.request(options);
    for (const c of res.cookies as { name: string; value: string }[]) {
      if (c.value) this.seen.add(c.value);
    }
    return res;
  }
}

describe('log hygiene', () => {
  let t: TestApp;
  let logs: ReturnType<typeof captureLogs>;

  beforeAll(async () => {
    logs = captureLogs();
    t = await createTestApp(
      { LOG_LEVEL: 'debug' },
      (app) => {
        // A query that fails with the values of the request among its parameters.
        app.post('/api/test/failing-query', async () => {
          await app.ctx.db.execute(
            sql`select ${'Q7777777'}::uuid, ${'leaky@example.com'}::text, ${'$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA'}::text`,
          );
          return { success: true };
        });
        app.post('/api/test/duplicate-email', async () => {
          const [someone] = await app.ctx.db.select().from(users).limit(1);
          await app.ctx.db.insert(users).values({ email: someone!.email, passwordHash: 'h' });
          return { success: true };
        });
      },
      logs.stream,
    );
  });
  afterAll(() => t.close());

  it('a failed query logs neither its parameters nor the values the database quotes', async () => {
    const failing = await t.app.inject({ method: 'POST', url: '/api/test/failing-query' });
    expect(failing.statusCode).toBe(500);
    const b = new Browser(t.app, '10.8.0.1');
    const email = uniqueEmail('duplicate');
    await b.post('/api/auth/register', {
      firstName: 'Dee',
      lastName: 'Up',
      email,
      password: STRONG_PASSWORD,
    });
    const duplicate = await t.app.inject({ method: 'POST', url: '/api/test/duplicate-email' });
    expect(duplicate.statusCode).toBe(500);

    const out = logs.text();
    const errors = out
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { msg: string; err?: Record<string, unknown> })
      .filter((line) => line.err);
    expect(errors.length).toBeGreaterThanOrEqual(2);
    // The query and the database's own description remain, for whoever investigates.
    expect(errors[0]!.err).toMatchObject({
      type: 'DrizzleQueryError',
      message: expect.stringMatching(/^Failed query: select \$1::uuid/),
      cause: { code: '22P02' },
    });
    expect(JSON.stringify(errors)).toMatch(/"code":"23505"/);
    for (const secret of [
      'Q7777777',
      'leaky@example.com',
      '$argon2id',
      'c2FsdA',
      'params',
      email,
    ]) {
      expect(out).not.toContain(secret);
    }
  });

  it('a whole journey at debug level leaves no secret in the log', async () => {
    const secrets: string[] = [STRONG_PASSWORD];
    let ip = 10;
    const browser = () => new RecordingBrowser(t.app, `10.8.1.${ip++}`);
    const ann = browser();
    const email = uniqueEmail('journey');

    // Registration and e-mail verification.
    expect(
      (
        await ann.post('/api/auth/register', {
          firstName: 'Ann',
          lastName: 'Lee',
          email,
          password: STRONG_PASSWORD,
          confirmPassword: STRONG_PASSWORD,
        })
      ).statusCode,
    ).toBe(200);
    const verification = (await lastCode(t.database.db, email, 'email-verification'))!;
    secrets.push(verification);
    expect((await ann.post('/api/auth/verify-email', { code: verification })).statusCode).toBe(200);
    const [registered] = await t.database.db.select().from(users).where(eq(users.email, email));
    secrets.push(registered!.passwordHash!);

    // Sign out and in again, with a wrong password first.
    await ann.post('/api/auth/logout');
    expect(
      (await ann.post('/api/auth/login', { email, password: 'Wrong-Password-99' })).statusCode,
    ).toBe(401);
    secrets.push('Wrong-Password-99');
    expect(
      (await ann.post('/api/auth/login', { email, password: STRONG_PASSWORD })).statusCode,
    ).toBe(200);

    // The wizard's draft, with a passport number, then the order and its payment.
    const order = orderBody(email, 2);
    order.travelers[0]!.passport!.number = 'K4827391';
    order.travelers[1]!.passport!.number = 'K5938402';
    secrets.push('K4827391', 'K5938402');
    expect(
      (
        await ann.post('/api/applications/save', {
          countryId: order.countryId,
          visaTypeId: order.visaTypeId,
          travelers: order.travelers,
          currentStep: 3,
        })
      ).statusCode,
    ).toBe(200);
    expect((await ann.get('/api/applications/session-data')).statusCode).toBe(200);
    const intent = body<{
      data: { applicationId: string; paymentIntentId: string; clientSecret: string };
    }>(await ann.post('/api/applications/create-payment-intent', order)).data;
    secrets.push(intent.clientSecret);
    const paid = await ann.post('/api/payments/sandbox/confirm', {
      paymentIntentId: intent.paymentIntentId,
      clientSecret: intent.clientSecret,
      paymentMethod: 'pm_card_visa',
      billingDetails: {
        name: 'Ann Lee',
        email,
        address: { line1: '1 High St', city: 'London', postal_code: 'SW1A 1AA', country: 'GB' },
      },
    });
    expect(paid.statusCode).toBe(200);
    expect(
      (
        await ann.post('/api/applications/confirm-payment', {
          paymentIntentId: intent.paymentIntentId,
        })
      ).statusCode,
    ).toBe(200);

    // The answers after payment, the passport's among them, and a phone upload link.
    const id = intent.applicationId;
    const detail = body<{ data: ApplicationDetail }>(await ann.get(`/api/application/${id}`)).data;
    const travelerId = detail.travelers[0]!.id;
    expect(
      (await ann.put(`/api/application/${id}/passport-info`, { travelerId, issuingCountry: 'US' }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await ann.put(`/api/application/${id}/general-info`, {
          countryCode: '+44',
          phoneNumber: '07911 123456',
          notificationPreference: 'sms',
        })
      ).statusCode,
    ).toBe(200);
    const link = body<{ data: { url: string } }>(
      await ann.post(`/api/application/${id}/travelers/${travelerId}/upload-link/photo`),
    ).data.url;
    const uploadToken = link.split('/upload/')[1]!;
    secrets.push(uploadToken);
    expect((await browser().get(`/api/uploads/${uploadToken}`)).statusCode).toBe(200);
    expect((await browser().get(`/api/uploads/${uploadToken}x?token=abc`)).statusCode).toBe(404);

    // Staff open the application, passport numbers included.
    const staff = browser();
    const staffEmail = uniqueEmail('staff');
    await staff.post('/api/auth/register', {
      firstName: 'Sam',
      lastName: 'Staff',
      email: staffEmail,
      password: 'Staff-Password-77',
    });
    secrets.push('Staff-Password-77');
    await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.email, staffEmail));
    // The authenticator's secret and the recovery codes are secrets too.
    const secondFactor = await signInNewStaff(staff, staffEmail, 'Staff-Password-77');
    secrets.push(secondFactor.secret, ...secondFactor.recoveryCodes);
    const seen = await staff.get(`/api/admin/applications/${id}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.body).toContain('K4827391');

    // A password reset with its code, then a sign-in link.
    const other = browser();
    expect((await other.post('/api/auth/forgot-password', { email })).statusCode).toBe(200);
    const resetCode = (await lastCode(t.database.db, email, 'password-reset'))!;
    secrets.push(resetCode);
    const reset = await other.post('/api/auth/reset-password', {
      email,
      code: resetCode,
      password: 'Another-Harbour-58',
      confirmPassword: 'Another-Harbour-58',
    });
    expect(reset.statusCode).toBe(200);
    secrets.push('Another-Harbour-58');
    expect((await other.post('/api/auth/sign-in-link', { email })).statusCode).toBe(200);
    const signInToken = (await lastSignInToken(t.database.db, email))!;
    secrets.push(signInToken);
    expect((await other.post('/api/auth/verify-token', { token: signInToken })).statusCode).toBe(
      200,
    );

    for (const row of await t.database.db.select().from(users)) {
      if (row.passwordHash) secrets.push(row.passwordHash);
    }
    for (const b of [ann, staff, other]) secrets.push(...b.seen);

    const out = logs.text();
    // The journey was logged (at debug level every request is), only without its secrets.
    expect(out).toContain('/api/uploads/[redacted]');
    expect(out).toContain('"url":"/api/auth/verify-token"');
    expect(leaked(out, secrets)).toEqual([]);
    expect(out).not.toMatch(/\$argon2id\$/);
  });
});
