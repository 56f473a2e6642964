import { and, eq, like, sql } from 'drizzle-orm';
import { AuthText } from '@waypoint/contracts';
import { auditLog, rateLimitBuckets, sessions, users } from '../../db/schema';
import {
  Browser,
  lastCode,
  lastEmail,
  lastSignInToken,
  STRONG_PASSWORD,
  uniqueEmail,
} from '../../test/auth-helpers';
import { body, createTestApp, type TestApp } from '../../test/harness';
import { paidOrder } from '../../test/orders';

let t: TestApp;
let ipCounter = 10;
const browser = () =>
  new Browser(t.app, `10.7.${Math.floor(ipCounter / 200)}.${ipCounter++ % 200}`);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function userRow(email: string) {
  return (await t.database.db.select().from(users).where(eq(users.email, email)))[0];
}

async function registered(email = uniqueEmail(), b = browser()) {
  const res = await b.post('/api/auth/register', {
    firstName: 'Ann',
    lastName: 'Lee',
    email,
    password: STRONG_PASSWORD,
  });
  expect(res.statusCode).toBe(200);
  return { b, email };
}

/** Signs in by emailed link in a new browser. */
async function signInByLink(email: string, b = browser()) {
  expect((await b.post('/api/auth/sign-in-link', { email })).statusCode).toBe(200);
  const res = await b.post('/api/auth/verify-token', {
    token: (await lastSignInToken(t.database.db, email))!,
  });
  return { b, res };
}

/** A registered account whose address is confirmed (claimed), signed in. */
async function verifiedAccount() {
  const { b, email } = await registered();
  const code = (await lastCode(t.database.db, email, 'email-verification'))!;
  expect((await b.post('/api/auth/verify-email', { code })).statusCode).toBe(200);
  return { b, email };
}

describe('account pre-hijack', () => {
  it('a guest who paid with the victim’s email loses the session once the victim signs in by link', async () => {
    const victimEmail = uniqueEmail('victim');
    const attacker = browser();

    // The attacker pays with the victim's address: the account is created and the attacker signed in (the rule).
    const firstOrder = await paidOrder(attacker, victimEmail);
    const mine = await attacker.get('/api/applications/my-applications');
    expect(mine.statusCode).toBe(200);
    expect(JSON.stringify(body(mine))).toContain(firstOrder);

    // While the account is unclaimed, the attacker cannot take it over: no e-mail change without a recent proof,
    // no password to prove with, and the proof code goes to the victim's mailbox.
    const change = await attacker.put('/api/auth/profile', {
      firstName: 'Eve',
      lastName: 'Attacker',
      email: uniqueEmail('attacker'),
    });
    expect(change.statusCode).toBe(403);
    expect(body(change)).toMatchObject({
      code: 'RECENT_PROOF_REQUIRED',
      error: AuthText.recentProofRequired,
    });
    const noPassword = await attacker.post('/api/auth/recent-proof', { password: 'guess-guess' });
    expect(noPassword.statusCode).toBe(400);
    const setPassword = await attacker.put('/api/auth/password', {
      password: 'Attacker-Chosen-91',
      confirmPassword: 'Attacker-Chosen-91',
    });
    expect(body(setPassword)).toMatchObject({ code: 'RECENT_PROOF_REQUIRED' });
    expect(
      (await attacker.post('/api/auth/recent-proof/code', { purpose: 'password-change' }))
        .statusCode,
    ).toBe(200);
    expect(await lastCode(t.database.db, victimEmail, 'reauthentication-code')).toMatch(/^\d{6}$/);

    // The victim signs in with an e-mailed link: the account is claimed, the notice shows on screen.
    const { b: victim, res } = await signInByLink(victimEmail);
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({
      data: {
        user: { email: victimEmail, emailVerified: true },
        notice: AuthText.otherSessionsEnded,
      },
    });

    // The attacker's session is over: no profile, no orders, no e-mail change.
    for (const reply of [
      await attacker.get('/api/auth/profile'),
      await attacker.get('/api/applications/my-applications'),
      await attacker.put('/api/auth/profile', {
        firstName: 'Eve',
        lastName: 'Attacker',
        email: uniqueEmail('attacker'),
      }),
    ]) {
      expect(reply.statusCode).toBe(401);
    }
    // The proof code the attacker asked for died with the claim.
    const stale = (await lastCode(t.database.db, victimEmail, 'reauthentication-code'))!;
    expect((await victim.post('/api/auth/recent-proof', { code: stale })).statusCode).toBe(400);

    // The victim keeps their own session and was told by e-mail.
    expect((await victim.get('/api/auth/profile')).statusCode).toBe(200);
    const notice = await lastEmail(t.database.db, victimEmail, 'account-claimed');
    expect(notice?.payload).toMatchObject({ endedSessions: 1, passwordRemoved: false });
    const user = (await userRow(victimEmail))!;
    const [claimed] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, user.id), eq(auditLog.action, 'account.claimed')));
    expect(claimed?.details).toMatchObject({ via: 'sign-in-link', endedSessions: 1 });
  });

  it('a later sign-in to a claimed account ends nothing and tells nothing', async () => {
    const email = uniqueEmail('owner');
    await paidOrder(browser(), email);
    const { b: first } = await signInByLink(email);
    const { res } = await signInByLink(email);
    expect(res.statusCode).toBe(200);
    expect(body<{ data: { notice?: string } }>(res).data.notice).toBeUndefined();
    expect((await first.get('/api/auth/profile')).statusCode).toBe(200);
  });

  it('an account registered with someone else’s address loses the registrant’s session and password', async () => {
    const email = uniqueEmail('prereg');
    const { b: attacker } = await registered(email);
    const { res } = await signInByLink(email);
    expect(body(res)).toMatchObject({
      data: {
        user: { hasPassword: false, emailVerified: true },
        notice: `${AuthText.otherSessionsEnded} ${AuthText.prehijackPasswordRemoved}`,
      },
    });
    expect((await attacker.get('/api/auth/profile')).statusCode).toBe(401);
    const again = await browser().post('/api/auth/login', { email, password: STRONG_PASSWORD });
    expect(again.statusCode).toBe(401);
    expect((await lastEmail(t.database.db, email, 'account-claimed'))?.payload).toMatchObject({
      passwordRemoved: true,
    });
  });

  it('a verification code entered in one session keeps that session and ends the others', async () => {
    const { b: owner, email } = await registered();
    const other = browser();
    expect(
      (await other.post('/api/auth/login', { email, password: STRONG_PASSWORD })).statusCode,
    ).toBe(200);
    const code = (await lastCode(t.database.db, email, 'email-verification'))!;
    const ok = await owner.post('/api/auth/verify-email', { code });
    expect(body(ok)).toMatchObject({ data: { notice: AuthText.otherSessionsEnded } });
    expect((await owner.get('/api/auth/profile')).statusCode).toBe(200);
    expect((await other.get('/api/auth/profile')).statusCode).toBe(401);
  });

  it('only the newest sign-in link works', async () => {
    const { email } = await verifiedAccount();
    await browser().post('/api/auth/sign-in-link', { email });
    const older = (await lastSignInToken(t.database.db, email))!;
    await browser().post('/api/auth/sign-in-link', { email });
    const newer = (await lastSignInToken(t.database.db, email))!;
    expect(newer).not.toBe(older);
    const refused = await browser().post('/api/auth/verify-token', { token: older });
    expect(body(refused)).toMatchObject({ error: AuthText.signInLinkInvalid });
    expect((await browser().post('/api/auth/verify-token', { token: newer })).statusCode).toBe(200);
  });
});

describe('recent proof for email and password changes', () => {
  it('asks for a recent proof, accepts the password, and refuses a wrong one clearly', async () => {
    const { b, email } = await verifiedAccount();
    const change = { firstName: 'Ann', lastName: 'Lee', email: uniqueEmail('new') };
    expect(body(await b.put('/api/auth/profile', change))).toMatchObject({
      code: 'RECENT_PROOF_REQUIRED',
    });
    const wrong = await b.post('/api/auth/recent-proof', { password: 'not-my-password' });
    expect(wrong.statusCode).toBe(400);
    expect(body(wrong)).toMatchObject({ fieldErrors: { password: AuthText.wrongPassword } });
    const right = await b.post('/api/auth/recent-proof', { password: STRONG_PASSWORD });
    expect(right.statusCode).toBe(200);
    expect((await b.put('/api/auth/profile', change)).statusCode).toBe(200);
    expect(await lastCode(t.database.db, change.email, 'email-verification')).toMatch(/^\d{6}$/);
    expect((await userRow(email))?.email).toBe(email);
  });

  it('a proof lasts ten minutes', async () => {
    const { b, email } = await verifiedAccount();
    await b.post('/api/auth/recent-proof', { password: STRONG_PASSWORD });
    const user = (await userRow(email))!;
    await t.database.db
      .update(sessions)
      .set({ recentProofAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(sessions.userId, user.id));
    const late = await b.put('/api/auth/password', {
      password: 'Meadow-Compass-913',
      confirmPassword: 'Meadow-Compass-913',
    });
    expect(late.statusCode).toBe(403);
    expect(body(late)).toMatchObject({ code: 'RECENT_PROOF_REQUIRED' });
  });

  it('sets a password after a code sent to the current address, and signs out the other sessions', async () => {
    const email = uniqueEmail('payer');
    const b = browser();
    await paidOrder(b, email);
    const { b: elsewhere } = await signInByLink(email);
    // The paying browser was signed out by the claim; the owner carries on in the link's browser.
    expect((await b.get('/api/auth/profile')).statusCode).toBe(401);
    const again = browser();
    await signInByLink(email, again);
    expect(
      (await again.post('/api/auth/recent-proof/code', { purpose: 'password-change' })).statusCode,
    ).toBe(200);
    const code = (await lastCode(t.database.db, email, 'reauthentication-code'))!;
    expect((await again.post('/api/auth/recent-proof', { code })).statusCode).toBe(200);
    const set = await again.put('/api/auth/password', {
      password: 'Meadow-Compass-913',
      confirmPassword: 'Meadow-Compass-913',
    });
    expect(set.statusCode).toBe(200);
    expect(body(set)).toMatchObject({
      data: { user: { hasPassword: true }, notice: AuthText.passwordChanged },
    });
    expect((await elsewhere.get('/api/auth/profile')).statusCode).toBe(401);
    expect((await again.get('/api/auth/profile')).statusCode).toBe(200);
    const login = await browser().post('/api/auth/login', {
      email,
      password: 'Meadow-Compass-913',
    });
    expect(login.statusCode).toBe(200);
    const mismatch = await again.put('/api/auth/password', {
      password: 'Meadow-Compass-913',
      confirmPassword: 'other',
    });
    expect(body(mismatch)).toMatchObject({
      fieldErrors: { confirmPassword: AuthText.passwordsDoNotMatch },
    });
  });
});

describe('undoing a change of email', () => {
  it('tells the old address, whose link restores it and ends every session', async () => {
    const { b, email } = await verifiedAccount();
    const newEmail = uniqueEmail('changed');
    await b.post('/api/auth/recent-proof', { password: STRONG_PASSWORD });
    await b.put('/api/auth/profile', { firstName: 'Ann', lastName: 'Lee', email: newEmail });
    const code = (await lastCode(t.database.db, newEmail, 'email-verification'))!;
    expect(body(await b.post('/api/auth/verify-email', { code }))).toMatchObject({
      data: { user: { email: newEmail } },
    });

    const notice = await lastEmail(t.database.db, email, 'email-changed');
    expect(notice?.payload).toMatchObject({ newEmail });
    const token = (notice!.payload as { token: string }).token;

    const undo = await browser().post('/api/auth/undo-email-change', { token });
    expect(undo.statusCode).toBe(200);
    expect(body(undo)).toEqual({
      success: true,
      data: { undone: true, message: AuthText.emailChangeUndone },
    });
    expect((await b.get('/api/auth/profile')).statusCode).toBe(401);
    const restored = (await userRow(email))!;
    expect(restored.passwordHash).toBeNull();
    expect(await userRow(newEmail)).toBeUndefined();
    expect(
      (await browser().post('/api/auth/login', { email: newEmail, password: STRONG_PASSWORD }))
        .statusCode,
    ).toBe(401);
    const { res } = await signInByLink(email);
    expect(res.statusCode).toBe(200);

    const reused = await browser().post('/api/auth/undo-email-change', { token });
    expect(reused.statusCode).toBe(400);
    expect(body(reused)).toMatchObject({ error: AuthText.emailChangeUndoInvalid });
  });

  it('expires after 72 hours, and an unconfirmed old address gets no undo link', async () => {
    const { b, email } = await registered();
    const newEmail = uniqueEmail('fixed');
    await b.post('/api/auth/recent-proof', { password: STRONG_PASSWORD });
    await b.put('/api/auth/profile', { firstName: 'Ann', lastName: 'Lee', email: newEmail });
    const code = (await lastCode(t.database.db, newEmail, 'email-verification'))!;
    expect((await b.post('/api/auth/verify-email', { code })).statusCode).toBe(200);
    expect(await lastEmail(t.database.db, email, 'email-changed')).toBeUndefined();

    const { b: owner, email: old } = await verifiedAccount();
    await owner.post('/api/auth/recent-proof', { password: STRONG_PASSWORD });
    const next = uniqueEmail('next');
    await owner.put('/api/auth/profile', { firstName: 'Ann', lastName: 'Lee', email: next });
    await owner.post('/api/auth/verify-email', {
      code: (await lastCode(t.database.db, next, 'email-verification'))!,
    });
    const token = (
      (await lastEmail(t.database.db, old, 'email-changed'))!.payload as {
        token: string;
      }
    ).token;
    await t.database.db.execute(
      sql`update one_time_tokens set expires_at = now() - interval '1 second' where purpose = 'EMAIL_CHANGE_UNDO' and email = ${old}`,
    );
    expect((await browser().post('/api/auth/undo-email-change', { token })).statusCode).toBe(400);
    expect((await owner.get('/api/auth/profile')).statusCode).toBe(200);
  });
});

describe('wrong passwords: growing delays, never a lockout', () => {
  const wrong = (email: string, b = browser()) =>
    b.post('/api/auth/login', { email, password: 'wrong-password' });
  const endWait = (email: string) =>
    t.database.db
      .update(rateLimitBuckets)
      .set({ resetAt: new Date(Date.now() - 1000) })
      .where(eq(rateLimitBuckets.key, `login:email:${email}:wait`));

  it('waits 1 s after five failures, then 2 s, with 429, Retry-After and a clear message', async () => {
    const { email } = await verifiedAccount();
    for (let i = 0; i < 5; i += 1) expect((await wrong(email)).statusCode).toBe(401);
    const slowed = await wrong(email);
    expect(slowed.statusCode).toBe(429);
    expect(slowed.headers['retry-after']).toBe('1');
    expect(body(slowed)).toMatchObject({
      code: 'RATE_LIMITED',
      error: AuthText.passwordThrottled(1),
    });
    // Even the right password waits: the delay is not a way around the check.
    const right = await browser().post('/api/auth/login', { email, password: STRONG_PASSWORD });
    expect(right.statusCode).toBe(429);

    await endWait(email);
    expect((await wrong(email)).statusCode).toBe(401);
    const longer = await wrong(email);
    expect(longer.statusCode).toBe(429);
    expect(longer.headers['retry-after']).toBe('2');

    await endWait(email);
    const ok = await browser().post('/api/auth/login', { email, password: STRONG_PASSWORD });
    expect(ok.statusCode).toBe(200);
    // Success forgets the failures: the next wrong password is answered at once.
    expect((await wrong(email)).statusCode).toBe(401);
  });

  it('lets the owner in by emailed link while password attempts wait', async () => {
    const { email } = await verifiedAccount();
    for (let i = 0; i < 6; i += 1) await wrong(email);
    expect((await wrong(email)).statusCode).toBe(429);
    const { b, res } = await signInByLink(email);
    expect(res.statusCode).toBe(200);
    expect((await b.get('/api/auth/profile')).statusCode).toBe(200);
  });

  it('slows down one address guessing across many accounts', async () => {
    const b = browser();
    for (let i = 0; i < 20; i += 1) {
      expect((await wrong(uniqueEmail('spray'), b)).statusCode).toBe(401);
    }
    const { email } = await verifiedAccount();
    const slowed = await b.post('/api/auth/login', { email, password: STRONG_PASSWORD });
    expect(slowed.statusCode).toBe(429);
    // Another address is not affected.
    expect(
      (await browser().post('/api/auth/login', { email, password: STRONG_PASSWORD })).statusCode,
    ).toBe(200);
    const keys = await t.database.db
      .select()
      .from(rateLimitBuckets)
      .where(like(rateLimitBuckets.key, 'login:ip:%:wait'));
    expect(keys.length).toBeGreaterThan(0);
  });
});
