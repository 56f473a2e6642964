import { eq } from 'drizzle-orm';
import { AuthText } from '@waypoint/contracts';
import { sessions, users } from '../../db/schema';
import { body, createTestApp, type TestApp } from '../../test/harness';
import {
  Browser,
  expireTokens,
  lastCode,
  lastSignInToken,
  STRONG_PASSWORD,
  uniqueEmail,
} from '../../test/auth-helpers';

let t: TestApp;
let ipCounter = 10;
/** Each test gets its own address, so per-IP limits of one test do not affect another. */
const browser = () => new Browser(t.app, `10.0.0.${ipCounter++}`);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function registered(b = browser(), email = uniqueEmail()) {
  const res = await b.post('/api/auth/register', {
    firstName: 'Ann',
    lastName: 'Lee',
    email,
    password: STRONG_PASSWORD,
    confirmPassword: STRONG_PASSWORD,
  });
  expect(res.statusCode).toBe(200);
  return { b, email };
}

describe('registration', () => {
  it('creates the account, signs in, and emails a 6-digit verification code', async () => {
    const b = browser();
    const email = uniqueEmail();
    const res = await b.post('/api/auth/register', {
      firstName: ' Ann ',
      lastName: 'Lee',
      email: email.toUpperCase(),
      password: STRONG_PASSWORD,
      confirmPassword: STRONG_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({
      success: true,
      data: {
        user: {
          id: expect.any(String),
          email,
          firstName: 'Ann',
          lastName: 'Lee',
          nationality: null,
          role: 'user',
          emailVerified: false,
          hasPassword: true,
          pendingEmail: null,
          secondFactor: 'not-required',
          // A browser asking for no language of the portal gets English.
          locale: 'en',
        },
      },
    });
    const cookie = res.cookies.find((c) => c.name === 'waypoint_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(await lastCode(t.database.db, email, 'email-verification')).toMatch(/^\d{6}$/);
    expect((await b.get('/api/auth/profile')).statusCode).toBe(200);
  });

  it('refuses missing fields, mismatched and common passwords, and a taken email', async () => {
    const b = browser();
    const missing = await b.post('/api/auth/register', {
      firstName: '',
      lastName: 'Lee',
      email: 'x',
      password: 'short',
    });
    expect(missing.statusCode).toBe(400);
    expect(body(missing)).toMatchObject({
      error: AuthText.firstNameRequired,
      fieldErrors: {
        firstName: AuthText.firstNameRequired,
        email: AuthText.emailInvalid,
        password: AuthText.passwordTooShort,
      },
    });
    const mismatch = await b.post('/api/auth/register', {
      firstName: 'A',
      lastName: 'B',
      email: uniqueEmail(),
      password: STRONG_PASSWORD,
      confirmPassword: 'something else',
    });
    expect(body(mismatch)).toMatchObject({
      fieldErrors: { confirmPassword: AuthText.passwordsDoNotMatch },
    });
    const common = await b.post('/api/auth/register', {
      firstName: 'A',
      lastName: 'B',
      email: uniqueEmail(),
      password: 'iloveyou1',
    });
    expect(common.statusCode).toBe(400);
    expect(body(common)).toMatchObject({ fieldErrors: { password: AuthText.passwordTooCommon } });

    const { email } = await registered();
    const taken = await b.post('/api/auth/register', {
      firstName: 'A',
      lastName: 'B',
      email,
      password: STRONG_PASSWORD,
    });
    expect(taken.statusCode).toBe(409);
    expect(body(taken)).toMatchObject({ error: AuthText.emailTaken });
  });

  it('never returns or logs the password hash', async () => {
    const { b } = await registered();
    const res = await b.get('/api/auth/profile');
    expect(res.body).not.toMatch(/argon2|passwordHash/);
  });
});

describe('check-email and login', () => {
  it('tells whether an email has a password, the same for unknown ones', async () => {
    const { email } = await registered();
    const b = browser();
    expect(body(await b.post('/api/auth/check-email', { email }))).toEqual({
      success: true,
      data: { hasPassword: true },
    });
    expect(body(await b.post('/api/auth/check-email', { email: uniqueEmail('nobody') }))).toEqual({
      success: true,
      data: { hasPassword: false },
    });
    const bad = await b.post('/api/auth/check-email', { email: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
    expect(body(bad)).toMatchObject({ error: AuthText.emailInvalid });
  });

  it('signs in with the right password, with a new session id each time', async () => {
    const { b: first, email } = await registered();
    const before = first.cookie('waypoint_session');
    const login = await first.post('/api/auth/login', { email, password: STRONG_PASSWORD });
    expect(login.statusCode).toBe(200);
    expect(body(login)).toMatchObject({ data: { user: { email } } });
    const after = first.cookie('waypoint_session');
    expect(after).toBeTruthy();
    expect(after).not.toBe(before);
    // The previous session was ended, not left behind.
    const stale = await t.app.inject({
      method: 'GET',
      url: '/api/auth/profile',
      cookies: { waypoint_session: before! },
    });
    expect(stale.statusCode).toBe(401);
  });

  it('gives one message for a wrong password and an unknown email', async () => {
    const { email } = await registered();
    const b = browser();
    const wrong = await b.post('/api/auth/login', { email, password: 'wrong-password' });
    const unknown = await b.post('/api/auth/login', {
      email: uniqueEmail('nobody'),
      password: 'wrong-password',
    });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(body(res)).toMatchObject({
        success: false,
        error: AuthText.wrongCredentials,
        code: 'UNAUTHENTICATED',
      });
    }
  });

  it('slows down wrong passwords per account with 429 and Retry-After', async () => {
    const { email } = await registered();
    let last;
    for (let i = 0; i < 6; i += 1) {
      last = await browser().post('/api/auth/login', { email, password: 'wrong-password' });
    }
    expect(last!.statusCode).toBe(429);
    expect(body(last!)).toMatchObject({
      error: AuthText.passwordThrottled(1),
      code: 'RATE_LIMITED',
    });
    expect(Number(last!.headers['retry-after'])).toBe(1);
  });

  it('limits check-email per IP', async () => {
    const b = browser();
    let status = 0;
    for (let i = 0; i < 61; i += 1)
      status = (await b.post('/api/auth/check-email', { email: uniqueEmail() })).statusCode;
    expect(status).toBe(429);
  });
});

describe('sessions', () => {
  it('answers 401 without a session and ends the session at logout', async () => {
    const anonymous = await browser().get('/api/auth/profile');
    expect(anonymous.statusCode).toBe(401);
    expect(body(anonymous)).toMatchObject({ error: AuthText.notSignedIn, code: 'UNAUTHENTICATED' });

    const { b } = await registered();
    const token = b.cookie('waypoint_session')!;
    const out = await b.post('/api/auth/logout');
    expect(body(out)).toEqual({ success: true, data: { loggedOut: true } });
    expect((await b.get('/api/auth/profile')).statusCode).toBe(401);
    const replay = await t.app.inject({
      method: 'GET',
      url: '/api/auth/profile',
      cookies: { waypoint_session: token },
    });
    expect(replay.statusCode).toBe(401);
  });

  it('expires after the idle timeout and after the absolute lifetime', async () => {
    const { b, email } = await registered();
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(sessions.userId, user!.id));
    expect((await b.get('/api/auth/profile')).statusCode).toBe(401);

    await b.post('/api/auth/login', { email, password: STRONG_PASSWORD });
    expect((await b.get('/api/auth/profile')).statusCode).toBe(200);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user!.id));
    expect((await b.get('/api/auth/profile')).statusCode).toBe(401);
  });

  it('gives admins a shorter idle timeout', async () => {
    const { b, email } = await registered();
    await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.email, email));
    await b.post('/api/auth/login', { email, password: STRONG_PASSWORD });
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    const [session] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, user!.id));
    expect(session!.idleTimeoutSeconds).toBe(15 * 60);
    expect(session!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(8 * 3600 * 1000);
  });

  it('refuses a cross-site state-changing request (CSRF)', async () => {
    const { b } = await registered();
    const crossSite = await b.request({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(body(crossSite)).toMatchObject({
      error: 'This request came from another site and was refused.',
    });
    const foreignOrigin = await b.request({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { origin: 'https://evil.example' },
    });
    expect(foreignOrigin.statusCode).toBe(403);
    const form = await b.request({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a@b.c&password=x',
    });
    expect(form.statusCode).toBe(415);
    expect((await b.get('/api/auth/profile')).statusCode).toBe(200);
    const sameOrigin = await b.request({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { 'sec-fetch-site': 'same-origin', origin: 'http://localhost:3000' },
    });
    expect(sameOrigin.statusCode).toBe(200);
  });
});

describe('sign-in link', () => {
  it('emails a single-use link that signs in and verifies the email', async () => {
    const { email } = await registered();
    const b = browser();
    const sent = await b.post('/api/auth/sign-in-link', { email });
    expect(body(sent)).toEqual({
      success: true,
      data: { sent: true, message: AuthText.signInLinkSent },
    });
    const token = (await lastSignInToken(t.database.db, email))!;
    expect(token.length).toBeGreaterThanOrEqual(22); // 128 bits, base64url
    const ok = await b.post('/api/auth/verify-token', { token });
    expect(ok.statusCode).toBe(200);
    expect(body(ok)).toMatchObject({ data: { user: { email, emailVerified: true } } });
    expect((await b.get('/api/auth/profile')).statusCode).toBe(200);

    const reused = await browser().post('/api/auth/verify-token', { token });
    expect(reused.statusCode).toBe(400);
    expect(body(reused)).toMatchObject({ error: AuthText.signInLinkInvalid });
  });

  it('answers the same for an unknown email and sends nothing', async () => {
    const email = uniqueEmail('nobody');
    const res = await browser().post('/api/auth/sign-in-link', { email });
    expect(body(res)).toEqual({
      success: true,
      data: { sent: true, message: AuthText.signInLinkSent },
    });
    expect(await lastSignInToken(t.database.db, email)).toBeUndefined();
  });

  it('refuses an expired or made-up link', async () => {
    const { email } = await registered();
    await browser().post('/api/auth/sign-in-link', { email });
    const token = (await lastSignInToken(t.database.db, email))!;
    await expireTokens(t.database.db, email);
    expect((await browser().post('/api/auth/verify-token', { token })).statusCode).toBe(400);
    const madeUp = await browser().post('/api/auth/verify-token', {
      token: 'AAAAAAAAAAAAAAAAAAAAAA',
    });
    expect(body(madeUp)).toMatchObject({ error: AuthText.signInLinkInvalid });
  });

  it('limits how many links one address can request', async () => {
    const { email } = await registered();
    let status = 0;
    for (let i = 0; i < 6; i += 1)
      status = (await browser().post('/api/auth/sign-in-link', { email })).statusCode;
    expect(status).toBe(429);
  });
});

describe('email verification', () => {
  it('verifies with the emailed code, once', async () => {
    const { b, email } = await registered();
    const code = (await lastCode(t.database.db, email, 'email-verification'))!;
    const ok = await b.post('/api/auth/verify-email', { code });
    expect(ok.statusCode).toBe(200);
    expect(body(ok)).toMatchObject({ data: { user: { email, emailVerified: true } } });
    // Nobody else was signed in to the account: nothing to tell.
    expect(body<{ data: { notice?: string } }>(ok).data.notice).toBeUndefined();
    const again = await b.post('/api/auth/verify-email', { code });
    expect(body(again)).toMatchObject({ error: AuthText.codeExpired });
  });

  it('counts wrong codes and kills the code after five', async () => {
    const { b, email } = await registered();
    const code = (await lastCode(t.database.db, email, 'email-verification'))!;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i += 1) {
      expect(body(await b.post('/api/auth/verify-email', { code: wrong }))).toMatchObject({
        error: AuthText.codeWrong,
      });
    }
    expect(body(await b.post('/api/auth/verify-email', { code: wrong }))).toMatchObject({
      error: AuthText.codeAttemptsExceeded,
    });
    expect(body(await b.post('/api/auth/verify-email', { code }))).toMatchObject({
      error: AuthText.codeAttemptsExceeded,
    });
    // A new code works again.
    expect(body(await b.post('/api/auth/verify-email/resend'))).toMatchObject({
      data: { sent: true, message: AuthText.verificationSent },
    });
    const fresh = (await lastCode(t.database.db, email, 'email-verification'))!;
    expect((await b.post('/api/auth/verify-email', { code: fresh })).statusCode).toBe(200);
  });

  it('refuses an expired code and a malformed one, and requires sign-in', async () => {
    const { b, email } = await registered();
    const code = (await lastCode(t.database.db, email, 'email-verification'))!;
    await expireTokens(t.database.db, email);
    expect(body(await b.post('/api/auth/verify-email', { code }))).toMatchObject({
      error: AuthText.codeExpired,
    });
    expect(body(await b.post('/api/auth/verify-email', { code: '12ab' }))).toMatchObject({
      fieldErrors: { code: AuthText.codeInvalidFormat },
    });
    expect((await browser().post('/api/auth/verify-email', { code: '123456' })).statusCode).toBe(
      401,
    );
  });
});

describe('profile', () => {
  it('updates the name and nationality, and changes the email only after its code', async () => {
    const { b, email } = await registered();
    const newEmail = uniqueEmail('new');
    await b.post('/api/auth/recent-proof', { password: STRONG_PASSWORD });
    const res = await b.put('/api/auth/profile', {
      firstName: 'Mary',
      lastName: 'Ann Smith',
      nationality: 'us',
      email: newEmail,
    });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({
      data: {
        firstName: 'Mary',
        lastName: 'Ann Smith',
        nationality: 'US',
        email,
        pendingEmail: newEmail,
      },
    });
    const code = (await lastCode(t.database.db, newEmail, 'email-verification'))!;
    const verified = await b.post('/api/auth/verify-email', { code });
    expect(body(verified)).toMatchObject({
      data: { user: { email: newEmail, emailVerified: true, pendingEmail: null } },
    });
    const login = await browser().post('/api/auth/login', {
      email: newEmail,
      password: STRONG_PASSWORD,
    });
    expect(login.statusCode).toBe(200);
  });

  it('refuses an empty or half name with field errors and keeps the stored name', async () => {
    const { b, email } = await registered();
    const empty = await b.put('/api/auth/profile', { firstName: '', lastName: '  ', email });
    expect(empty.statusCode).toBe(400);
    expect(body(empty)).toMatchObject({
      success: false,
      error: AuthText.firstNameRequired,
      fieldErrors: { firstName: AuthText.firstNameRequired, lastName: AuthText.lastNameRequired },
    });
    const missing = await b.put('/api/auth/profile', { email });
    expect(missing.statusCode).toBe(400);
    expect(body(missing)).toMatchObject({
      fieldErrors: { firstName: AuthText.firstNameRequired, lastName: AuthText.lastNameRequired },
    });
    const half = await b.put('/api/auth/profile', { firstName: 'Ann', lastName: '', email });
    expect(body(half)).toMatchObject({ fieldErrors: { lastName: AuthText.lastNameRequired } });
    expect(body(await b.get('/api/auth/profile'))).toMatchObject({
      data: { firstName: 'Ann', lastName: 'Lee' },
    });
  });

  it("refuses an unknown nationality, a missing email, another account's email, and no session", async () => {
    const { email: other } = await registered();
    const { b, email } = await registered();
    expect(
      body(
        await b.put('/api/auth/profile', {
          firstName: 'A',
          lastName: 'B',
          nationality: 'ZZ',
          email,
        }),
      ),
    ).toMatchObject({
      fieldErrors: { nationality: 'Please choose a nationality from the list' },
    });
    expect(
      body(await b.put('/api/auth/profile', { firstName: 'A', lastName: 'B', email: '' })),
    ).toMatchObject({
      fieldErrors: { email: AuthText.emailRequired },
    });
    await b.post('/api/auth/recent-proof', { password: STRONG_PASSWORD });
    const taken = await b.put('/api/auth/profile', { firstName: 'A', lastName: 'B', email: other });
    expect(taken.statusCode).toBe(409);
    expect(
      (await browser().put('/api/auth/profile', { firstName: 'A', lastName: 'B', email }))
        .statusCode,
    ).toBe(401);
  });
});

describe('password reset', () => {
  it('resets with the emailed code, signs out every session, and the new password works', async () => {
    const { b: other, email } = await registered();
    const b = browser();
    const forgot = await b.post('/api/auth/forgot-password', { email });
    expect(body(forgot)).toEqual({
      success: true,
      data: { sent: true, message: AuthText.resetEmailSent },
    });
    const code = (await lastCode(t.database.db, email, 'password-reset'))!;
    const newPassword = 'Meadow-Compass-913';
    const reset = await b.post('/api/auth/reset-password', {
      email,
      code,
      password: newPassword,
      confirmPassword: newPassword,
    });
    expect(reset.statusCode).toBe(200);
    // The code also confirmed the address for the first time: the registration's session was ended.
    expect(body(reset)).toEqual({
      success: true,
      data: {
        reset: true,
        message: AuthText.passwordResetDone,
        notice: AuthText.otherSessionsEnded,
      },
    });
    expect((await other.get('/api/auth/profile')).statusCode).toBe(401);
    expect((await b.post('/api/auth/login', { email, password: STRONG_PASSWORD })).statusCode).toBe(
      401,
    );
    expect((await b.post('/api/auth/login', { email, password: newPassword })).statusCode).toBe(
      200,
    );
    const reuse = await browser().post('/api/auth/reset-password', {
      email,
      code,
      password: newPassword,
      confirmPassword: newPassword,
    });
    expect(body(reuse)).toMatchObject({ error: AuthText.codeExpired });
  });

  it('answers the same for an unknown email, and refuses wrong codes and mismatched passwords', async () => {
    const unknown = await browser().post('/api/auth/forgot-password', {
      email: uniqueEmail('nobody'),
    });
    expect(body(unknown)).toEqual({
      success: true,
      data: { sent: true, message: AuthText.resetEmailSent },
    });
    const { email } = await registered();
    await browser().post('/api/auth/forgot-password', { email });
    const code = (await lastCode(t.database.db, email, 'password-reset'))!;
    const wrong = code === '999999' ? '888888' : '999999';
    const bad = await browser().post('/api/auth/reset-password', {
      email,
      code: wrong,
      password: 'Meadow-Compass-913',
      confirmPassword: 'Meadow-Compass-913',
    });
    expect(body(bad)).toMatchObject({ error: AuthText.codeWrong });
    const mismatch = await browser().post('/api/auth/reset-password', {
      email,
      code,
      password: 'Meadow-Compass-913',
      confirmPassword: 'x',
    });
    expect(body(mismatch)).toMatchObject({
      fieldErrors: { confirmPassword: AuthText.passwordsDoNotMatch },
    });
  });
});
