import crypto from 'node:crypto';
import { and, asc, eq, ne } from 'drizzle-orm';
import {
  ApiMessages,
  type StaffAccount,
  type StaffAccountsResponse,
  type StaffListResponse,
  type User,
  type UserResponse,
} from '@waypoint/contracts';
import {
  applications,
  auditLog,
  emailOutbox,
  recoveryCodes,
  sessions,
  users,
} from '../../db/schema';
import {
  Browser,
  makeAdmin,
  registerStaff,
  signInNewStaff,
  STRONG_PASSWORD,
  totpCode,
  uniqueEmail,
} from '../../test/auth-helpers';
import { body, createTestApp, type TestApp } from '../../test/harness';
import { paidOrder } from '../../test/orders';
import { submittedByTraveller } from '../../test/casework';

let t: TestApp;
let ip = 1;
const browser = () => new Browser(t.app, `10.43.${Math.floor(ip / 200)}.${(ip++ % 200) + 1}`);
let admin: Browser;
let adminId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await makeAdmin(t, browser);
  adminId = await idOf(admin);
});
afterAll(() => t.close());

const messageKeyOf = (res: { json(): unknown }) =>
  (res.json() as { messageKey?: string }).messageKey;
async function idOf(b: Browser) {
  return body<{ data: User }>(await b.get('/api/auth/profile')).data.id;
}

/** A member of staff signed in through their own browser: their email, id and authenticator secret. */
async function member(role: 'caseworker' | 'admin') {
  const b = browser();
  const email = await registerStaff(t, b, role);
  const { secret } = await signInNewStaff(b, email, STRONG_PASSWORD);
  return { b, email, secret, id: await idOf(b) };
}

const accountOf = (res: { json(): unknown }) =>
  (res.json() as { data: { account: StaffAccount } }).data.account;
const actionsOn = (id: string, action: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, id), eq(auditLog.action, action)))
    .orderBy(asc(auditLog.id));

/** A traveller's order, paid and submitted: open work. */
async function submittedOrder() {
  const traveller = browser();
  const id = await paidOrder(traveller, uniqueEmail('work'), 1);
  await submittedByTraveller(traveller, id);
  return id;
}

describe('an admin managing staff accounts', () => {
  it('gives a member of staff another role, which applies at their next request', async () => {
    const c = await member('caseworker');
    expect((await c.b.get('/api/admin/emails')).statusCode).toBe(403);
    const promoted = await admin.put(`/api/admin/staff/${c.id}/role`, { role: 'admin' });
    expect(promoted.statusCode).toBe(200);
    expect(accountOf(promoted)).toMatchObject({ id: c.id, role: 'admin', active: true });
    expect((await c.b.get('/api/admin/emails')).statusCode).toBe(200);
    const demoted = await admin.put(`/api/admin/staff/${c.id}/role`, { role: 'caseworker' });
    expect(accountOf(demoted).role).toBe('caseworker');
    expect((await c.b.get('/api/admin/emails')).statusCode).toBe(403);
    // The same role again changes nothing (and records nothing).
    await admin.put(`/api/admin/staff/${c.id}/role`, { role: 'caseworker' });
    const audited = await actionsOn(c.id, 'staff.role_changed');
    expect(audited.map((a) => a.details)).toEqual([
      { name: 'Sam Staff', from: 'caseworker', to: 'admin' },
      { name: 'Sam Staff', from: 'admin', to: 'caseworker' },
    ]);
  });

  it('deactivates an account: its sessions end at once, it cannot sign in, it is given no work', async () => {
    const c = await member('caseworker');
    expect((await c.b.get('/api/admin/dashboard')).statusCode).toBe(200);
    // Their open work goes back to the queue; decided work keeps its history.
    const open = await submittedOrder();
    expect(
      (await admin.put(`/api/admin/applications/${open}/assignee`, { assigneeId: c.id }))
        .statusCode,
    ).toBe(200);
    const res = await admin.post(`/api/admin/staff/${c.id}/deactivate`);
    expect(res.statusCode).toBe(200);
    expect(accountOf(res)).toMatchObject({ id: c.id, active: false });
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, c.id))).toEqual(
      [],
    );
    // The deactivated browser's next request.
    const next = await c.b.get('/api/admin/dashboard');
    expect(next.statusCode).toBe(401);

    // No sign-in: the password is answered as a wrong one, and no link is sent.
    const login = await browser().post('/api/auth/login', {
      email: c.email,
      password: STRONG_PASSWORD,
    });
    expect(login.statusCode).toBe(401);
    expect(body(login).error).toBe(ApiMessages['auth.wrongCredentials']);
    await browser().post('/api/auth/sign-in-link', { email: c.email });
    const links = await t.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, c.email), eq(emailOutbox.template, 'sign-in-link')));
    expect(links).toEqual([]);

    const [work] = await t.database.db
      .select({ assigneeId: applications.assigneeId })
      .from(applications)
      .where(eq(applications.id, open));
    expect(work?.assigneeId).toBeNull();
    expect((await actionsOn(open, 'application.assigned')).map((a) => a.details)).toEqual([
      expect.objectContaining({ to: c.id }),
      { from: c.id, fromName: 'Sam Staff', to: null, toName: null },
    ]);

    // Not among the staff who can be given work, and refused as an assignee.
    const staff = body<{ data: StaffListResponse }>(await admin.get('/api/admin/staff')).data;
    expect(staff.staff.map((s) => s.id)).not.toContain(c.id);
    const traveller = browser();
    const orderId = await paidOrder(traveller, uniqueEmail('work'), 1);
    const assign = await admin.put(`/api/admin/applications/${orderId}/assignee`, {
      assigneeId: c.id,
    });
    expect(assign.statusCode).toBe(400);
    // Listed as inactive.
    const list = body<{ data: StaffAccountsResponse }>(
      await admin.get('/api/admin/staff/accounts'),
    ).data;
    expect(list.accounts.find((a) => a.id === c.id)).toMatchObject({ active: false });
    expect((await actionsOn(c.id, 'staff.deactivated')).map((a) => a.details)).toEqual([
      { name: 'Sam Staff', endedSessions: 1 },
    ]);

    // Reactivated, it signs in again (password, then its authenticator).
    const again = await admin.post(`/api/admin/staff/${c.id}/reactivate`);
    expect(accountOf(again).active).toBe(true);
    const back = browser();
    const relogin = await back.post('/api/auth/login', {
      email: c.email,
      password: STRONG_PASSWORD,
    });
    expect(body<{ data: UserResponse }>(relogin).data.user.secondFactor).toBe('required');
    await back.post('/api/auth/second-factor/verify', { code: await totpCode(c.secret, 1) });
    expect((await back.get('/api/admin/dashboard')).statusCode).toBe(200);
    expect(
      body<{ data: StaffListResponse }>(await admin.get('/api/admin/staff')).data.staff.map(
        (s) => s.id,
      ),
    ).toContain(c.id);
    expect(await actionsOn(c.id, 'staff.reactivated')).toHaveLength(1);
  });

  it('resets a lost authenticator: sessions end, and the next sign-in sets up a new one', async () => {
    const c = await member('caseworker');
    const res = await admin.post(`/api/admin/staff/${c.id}/second-factor/reset`);
    expect(res.statusCode).toBe(200);
    expect(accountOf(res)).toMatchObject({ secondFactorSet: false, active: true });
    expect((await c.b.get('/api/admin/dashboard')).statusCode).toBe(401);
    expect(
      await t.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, c.id)),
    ).toEqual([]);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, c.id));
    expect(row).toMatchObject({
      totpSecretEncrypted: null,
      totpEnabledAt: null,
      totpLastStep: null,
    });

    const next = browser();
    const login = await next.post('/api/auth/login', { email: c.email, password: STRONG_PASSWORD });
    expect(body<{ data: UserResponse }>(login).data.user.secondFactor).toBe('setup-required');
    // The old authenticator's code is no use.
    const old = await next.post('/api/auth/second-factor/verify', {
      code: await totpCode(c.secret),
    });
    expect(old.statusCode).toBe(403);
    const setup = await next.post('/api/auth/second-factor/setup');
    const { secret } = body<{ data: { secret: string } }>(setup).data;
    expect(secret).not.toBe(c.secret);
    const confirmed = await next.post('/api/auth/second-factor/setup/confirm', {
      code: await totpCode(secret),
    });
    expect(confirmed.statusCode).toBe(200);
    expect((await next.get('/api/admin/dashboard')).statusCode).toBe(200);
    expect((await actionsOn(c.id, 'staff.second_factor_reset')).map((a) => a.details)).toEqual([
      { name: 'Sam Staff', endedSessions: 1 },
    ]);
  });

  it('answers 404 for an account that is not staff, and 400 for an id that is not one', async () => {
    const traveller = browser();
    await traveller.post('/api/auth/register', {
      firstName: 'Tom',
      lastName: 'Lee',
      email: uniqueEmail(),
      password: STRONG_PASSWORD,
    });
    const travellerId = await idOf(traveller);
    for (const res of [
      await admin.put(`/api/admin/staff/${travellerId}/role`, { role: 'admin' }),
      await admin.post(`/api/admin/staff/${travellerId}/deactivate`),
      await admin.post(`/api/admin/staff/${crypto.randomUUID()}/reactivate`),
      await admin.post(`/api/admin/staff/${crypto.randomUUID()}/second-factor/reset`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(messageKeyOf(res)).toBe('staff.accountNotFound');
    }
    expect((await admin.post('/api/admin/staff/not-an-id/deactivate')).statusCode).toBe(400);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, travellerId));
    expect(row?.role).toBe('user');
  });
});

describe('the last active admin', () => {
  it('can be neither deactivated nor demoted, by themselves or anyone (409)', async () => {
    // Only this file's first admin is an admin from here on.
    await t.database.db
      .update(users)
      .set({ role: 'caseworker' })
      .where(and(eq(users.role, 'admin'), ne(users.id, adminId)));
    for (const res of [
      await admin.post(`/api/admin/staff/${adminId}/deactivate`),
      await admin.put(`/api/admin/staff/${adminId}/role`, { role: 'caseworker' }),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(messageKeyOf(res)).toBe('staff.lastAdmin');
      expect(body(res).error).toBe(ApiMessages['staff.lastAdmin']);
    }
    expect((await admin.get('/api/admin/staff/accounts')).statusCode).toBe(200);

    // With a second admin, the first may step down; the second is then the last.
    const second = await member('admin');
    const stepDown = await admin.put(`/api/admin/staff/${adminId}/role`, { role: 'caseworker' });
    expect(stepDown.statusCode).toBe(200);
    expect((await admin.get('/api/admin/staff/accounts')).statusCode).toBe(403);
    const refused = await second.b.post(`/api/admin/staff/${second.id}/deactivate`);
    expect(refused.statusCode).toBe(409);
    // A deactivated admin does not count: the active one stays the last.
    const other = await member('admin');
    expect((await second.b.post(`/api/admin/staff/${other.id}/deactivate`)).statusCode).toBe(200);
    expect(
      (await second.b.put(`/api/admin/staff/${second.id}/role`, { role: 'caseworker' })).statusCode,
    ).toBe(409);
    // The caseworker of before is given the admin role back; then the second may go.
    expect(
      (await second.b.put(`/api/admin/staff/${adminId}/role`, { role: 'admin' })).statusCode,
    ).toBe(200);
    const gone = await second.b.post(`/api/admin/staff/${second.id}/deactivate`);
    expect(gone.statusCode).toBe(200);
    expect((await second.b.get('/api/admin/dashboard')).statusCode).toBe(401);
    expect((await admin.get('/api/admin/staff/accounts')).statusCode).toBe(200);
  });
});
