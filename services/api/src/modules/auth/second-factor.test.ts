import { and, eq } from 'drizzle-orm';
import { AuthText } from '@waypoint/contracts';
import { auditLog, recoveryCodes, users } from '../../db/schema';
import {
  Browser,
  signInNewStaff,
  STRONG_PASSWORD,
  totpCode,
  uniqueEmail,
} from '../../test/auth-helpers';
import { body, createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let ipCounter = 10;
const browser = () =>
  new Browser(t.app, `10.9.${Math.floor(ipCounter / 200)}.${ipCounter++ % 200}`);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A staff account with a password (as `npm run admin:create` makes it), not signed in anywhere. */
async function staff() {
  const email = uniqueEmail('staff');
  const b = browser();
  await b.post('/api/auth/register', {
    firstName: 'Sam',
    lastName: 'Staff',
    email,
    password: STRONG_PASSWORD,
  });
  await b.post('/api/auth/logout');
  await t.database.db
    .update(users)
    .set({ role: 'admin', emailVerifiedAt: new Date() })
    .where(eq(users.email, email));
  return email;
}

async function actions(email: string) {
  const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
  const rows = await t.database.db
    .select({ action: auditLog.action, details: auditLog.details })
    .from(auditLog)
    .where(and(eq(auditLog.entityId, user!.id), eq(auditLog.entityType, 'user')));
  return rows;
}

describe('staff second factor', () => {
  it('makes a new staff member set up an authenticator before anything else', async () => {
    const email = await staff();
    const b = browser();
    const login = await b.post('/api/auth/login', { email, password: STRONG_PASSWORD });
    expect(body(login)).toMatchObject({
      data: { user: { role: 'admin', secondFactor: 'setup-required' } },
    });

    for (const url of [
      '/api/admin/dashboard',
      '/api/admin/applications',
      '/api/applications/my-applications',
    ]) {
      const refused = await b.get(url);
      expect(refused.statusCode).toBe(403);
      expect(body(refused)).toMatchObject({
        code: 'SECOND_FACTOR_REQUIRED',
        error: AuthText.secondFactorSetupRequired,
      });
    }
    expect(body(await b.get('/api/auth/profile'))).toMatchObject({
      data: { secondFactor: 'setup-required' },
    });

    const setup = await b.post('/api/auth/second-factor/setup');
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUri, qrCodeDataUrl } = body<{
      data: { secret: string; otpauthUri: string; qrCodeDataUrl: string };
    }>(setup).data;
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(otpauthUri).toMatch(/^otpauth:\/\/totp\/Waypoint:/);
    expect(otpauthUri).toContain(`secret=${secret}`);
    expect(qrCodeDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qrCodeDataUrl.split(',')[1]!, 'base64').toString()).toContain('<svg');
    // Asking again shows the same secret (the app may already have it); it is stored encrypted.
    expect(
      body<{ data: { secret: string } }>(await b.post('/api/auth/second-factor/setup')).data.secret,
    ).toBe(secret);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(row!.totpSecretEncrypted).toMatch(/^v1\./);
    expect(row!.totpSecretEncrypted).not.toContain(secret);

    const wrongCode = (await totpCode(secret)) === '000000' ? '111111' : '000000';
    const wrong = await b.post('/api/auth/second-factor/setup/confirm', { code: wrongCode });
    expect(wrong.statusCode).toBe(400);
    expect(body(wrong)).toMatchObject({ fieldErrors: { code: AuthText.secondFactorWrong } });

    const done = await b.post('/api/auth/second-factor/setup/confirm', {
      code: await totpCode(secret),
    });
    expect(done.statusCode).toBe(200);
    const data = body<{ data: { user: { secondFactor: string }; recoveryCodes: string[] } }>(
      done,
    ).data;
    expect(data.user.secondFactor).toBe('verified');
    expect(data.recoveryCodes).toHaveLength(10);
    expect(new Set(data.recoveryCodes).size).toBe(10);
    for (const code of data.recoveryCodes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    const stored = await t.database.db
      .select()
      .from(recoveryCodes)
      .where(eq(recoveryCodes.userId, row!.id));
    expect(stored).toHaveLength(10);
    for (const s of stored) expect(data.recoveryCodes.join(' ')).not.toContain(s.codeHash);
    expect(JSON.stringify(stored)).not.toContain(data.recoveryCodes[0]!);

    expect((await b.get('/api/admin/dashboard')).statusCode).toBe(200);
    expect((await b.post('/api/auth/second-factor/setup')).statusCode).toBe(409);
    expect((await actions(email)).map((a) => a.action)).toEqual(
      expect.arrayContaining([
        'auth.second-factor.setup-started',
        'auth.second-factor.failed',
        'auth.second-factor.enabled',
      ]),
    );
  });

  it('asks for the code at later sign-ins and never accepts the same code twice', async () => {
    const email = await staff();
    const { secret } = await signInNewStaff(browser(), email, STRONG_PASSWORD);

    const b = browser();
    const login = await b.post('/api/auth/login', { email, password: STRONG_PASSWORD });
    expect(body(login)).toMatchObject({ data: { user: { secondFactor: 'required' } } });
    const refused = await b.get('/api/admin/dashboard');
    expect(body(refused)).toMatchObject({
      code: 'SECOND_FACTOR_REQUIRED',
      error: AuthText.secondFactorRequired,
    });

    // The code the set-up used is not accepted again.
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    const used = row!.totpLastStep!;
    const replay = await b.post('/api/auth/second-factor/verify', {
      code: await totpCode(secret, used - Math.floor(Date.now() / 30_000)),
    });
    expect(replay.statusCode).toBe(400);
    expect(body(replay)).toMatchObject({ error: AuthText.secondFactorWrong });

    const next = await totpCode(secret, used + 1 - Math.floor(Date.now() / 30_000));
    const ok = await b.post('/api/auth/second-factor/verify', { code: next });
    expect(ok.statusCode).toBe(200);
    expect(body(ok)).toMatchObject({ data: { user: { secondFactor: 'verified' } } });
    expect((await b.get('/api/admin/dashboard')).statusCode).toBe(200);

    // Someone who saw that code cannot use it in another browser.
    const other = browser();
    await other.post('/api/auth/login', { email, password: STRONG_PASSWORD });
    expect((await other.post('/api/auth/second-factor/verify', { code: next })).statusCode).toBe(
      400,
    );
    expect((await other.get('/api/admin/dashboard')).statusCode).toBe(403);
    const verified = (await actions(email)).filter(
      (a) => a.action === 'auth.second-factor.verified',
    );
    expect(verified).toEqual([expect.objectContaining({ details: { method: 'totp' } })]);
  });

  it('accepts each recovery code once', async () => {
    const email = await staff();
    const { recoveryCodes: codes } = await signInNewStaff(browser(), email, STRONG_PASSWORD);
    const b = browser();
    await b.post('/api/auth/login', { email, password: STRONG_PASSWORD });
    const ok = await b.post('/api/auth/second-factor/verify', { code: codes[0]!.toUpperCase() });
    expect(ok.statusCode).toBe(200);
    expect(body(ok)).toMatchObject({ data: { notice: AuthText.recoveryCodeUsed(9) } });
    expect((await b.get('/api/admin/dashboard')).statusCode).toBe(200);

    const other = browser();
    await other.post('/api/auth/login', { email, password: STRONG_PASSWORD });
    const reused = await other.post('/api/auth/second-factor/verify', { code: codes[0]! });
    expect(reused.statusCode).toBe(400);
    const malformed = await other.post('/api/auth/second-factor/verify', { code: 'abc' });
    expect(malformed.statusCode).toBe(400);
    expect(body(malformed)).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('limits wrong codes with 429; right codes do not count', async () => {
    const email = await staff();
    const { secret, recoveryCodes: codes } = await signInNewStaff(
      browser(),
      email,
      STRONG_PASSWORD,
    );
    // Ten sign-ins that pass (with the ten recovery codes), after the set-up's: none is limited.
    for (const code of codes) {
      const signIn = browser();
      await signIn.post('/api/auth/login', { email, password: STRONG_PASSWORD });
      expect((await signIn.post('/api/auth/second-factor/verify', { code })).statusCode).toBe(200);
    }
    const b = browser();
    await b.post('/api/auth/login', { email, password: STRONG_PASSWORD });
    const current = await totpCode(secret, 1);
    const wrong = current === '000000' ? '111111' : '000000';
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      statuses.push((await b.post('/api/auth/second-factor/verify', { code: wrong })).statusCode);
    }
    expect(statuses).toEqual([...Array<number>(10).fill(400), 429]);
    expect((await b.post('/api/auth/second-factor/verify', { code: current })).statusCode).toBe(
      429,
    );
  });

  it('is for staff only', async () => {
    const b = browser();
    await b.post('/api/auth/register', {
      firstName: 'Tom',
      lastName: 'Traveller',
      email: uniqueEmail(),
      password: STRONG_PASSWORD,
    });
    expect(body(await b.get('/api/auth/profile'))).toMatchObject({
      data: { secondFactor: 'not-required' },
    });
    const refused = await b.post('/api/auth/second-factor/setup');
    expect(refused.statusCode).toBe(403);
    expect(body(refused)).toMatchObject({ error: AuthText.secondFactorStaffOnly });
  });
});
