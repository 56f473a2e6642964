import { and, eq } from 'drizzle-orm';
import {
  ApiMessages,
  type AuditEntry,
  type StaffListResponse,
  type StaffSelfResponse,
  type User,
} from '@waypoint/contracts';
import { auditLog, emailOutbox, sessions, users } from '../../db/schema';
import {
  Browser,
  makeAdmin,
  makeCaseworker,
  STRONG_PASSWORD,
  uniqueEmail,
} from '../../test/auth-helpers';
import { approved, detailOf, stepOk, submittedByTraveller } from '../../test/casework';
import { body, createTestApp, type TestApp } from '../../test/harness';
import { paidOrder } from '../../test/orders';

let t: TestApp;
let ip = 1;
const browser = () => new Browser(t.app, `10.41.${Math.floor(ip / 200)}.${(ip++ % 200) + 1}`);
let admin: Browser;
let caseworker: Browser;
let caseworkerId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await makeAdmin(t, browser);
  caseworker = await makeCaseworker(t, browser);
  caseworkerId = body<{ data: User }>(await caseworker.get('/api/auth/profile')).data.id;
});
afterAll(() => t.close());

const messageKeyOf = (res: { json(): unknown }) =>
  (res.json() as { messageKey?: string }).messageKey;

/** A traveller's order, paid and submitted. */
async function submitted() {
  const traveller = browser();
  const id = await paidOrder(traveller, uniqueEmail('roles'), 1);
  await submittedByTraveller(traveller, id);
  return { traveller, id };
}

describe('a caseworker', () => {
  it('signs in like staff (authenticator app first) and is told its role', async () => {
    const profile = body<{ data: User }>(await caseworker.get('/api/auth/profile')).data;
    expect(profile).toMatchObject({ role: 'caseworker', secondFactor: 'verified' });
    expect(
      body<{ data: StaffSelfResponse }>(await caseworker.get('/api/admin/staff/me')).data,
    ).toEqual({
      id: caseworkerId,
      role: 'caseworker',
      permissions: { refunds: false, failedEmails: false, staffManagement: false },
    });
    expect(
      body<{ data: StaffSelfResponse }>(await admin.get('/api/admin/staff/me')).data,
    ).toMatchObject({
      role: 'admin',
      permissions: { refunds: true, failedEmails: true, staffManagement: true },
    });
    // A caseworker's session has the staff lifetimes.
    const held = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, caseworkerId));
    expect(held.map((s) => s.idleTimeoutSeconds)).toEqual([t.config.sessions.admin.idleSeconds]);
  });

  it('reviews, asks for changes, lodges, records the outcome, writes notes and takes work', async () => {
    const changes = await submitted();
    const reviewing = await stepOk(caseworker, changes.id, { status: 'UNDER_REVIEW' });
    const requested = await stepOk(caseworker, changes.id, {
      status: 'CHANGES_REQUESTED',
      changes: [
        {
          travelerId: reviewing.application.travelers[0]!.id,
          section: 'work',
          message: 'Please give your job title in full',
        },
      ],
    });
    expect(requested.application.status).toBe('CHANGES_REQUESTED');

    const decided = await submitted();
    const outcome = await approved(caseworker, decided.id);
    expect(outcome.application.status).toBe('APPROVED');

    const note = await caseworker.post(`/api/admin/applications/${decided.id}/notes`, {
      body: 'Checked the passport page twice.',
    });
    expect(note.statusCode).toBe(200);
    const assigned = await caseworker.put(`/api/admin/applications/${decided.id}/assignee`, {
      assigneeId: caseworkerId,
    });
    expect(assigned.statusCode).toBe(200);

    // Every member of staff can be given work, caseworkers included.
    const list = body<{ data: StaffListResponse }>(await admin.get('/api/admin/staff')).data;
    expect(list.staff.map((s) => s.id)).toContain(caseworkerId);

    // The history names the caseworker's role.
    const history = body<{ data: AuditEntry[] }>(
      await caseworker.get(`/api/admin/applications/${decided.id}/audit`),
    ).data;
    expect(history.find((e) => e.action === 'application.lodged')?.actorRole).toBe('caseworker');
    // The refunds of an order stay visible on its detail.
    expect((await detailOf(caseworker, decided.id)).refunds).toEqual([]);
  });

  it('is refused refunds, failed emails and the staff accounts (403, before the request is read)', async () => {
    const { id } = await submitted();
    const refused = [
      await caseworker.post(`/api/admin/applications/${id}/refunds`, {
        kind: 'full',
        reason: 'Asked by the traveller',
        idempotencyKey: 'a-key-of-sixteen-chars',
      }),
      await caseworker.post(`/api/admin/applications/${id}/refunds`, { nonsense: true }),
      await caseworker.get('/api/admin/emails'),
      await caseworker.post('/api/admin/emails/00000000-0000-0000-0000-000000000000/requeue'),
      await caseworker.get('/api/admin/staff/accounts'),
      await caseworker.post('/api/admin/staff/invitations', {
        email: uniqueEmail('invitee'),
        role: 'admin',
      }),
      await caseworker.request({
        method: 'DELETE',
        url: '/api/admin/staff/invitations/00000000-0000-0000-0000-000000000000',
      }),
      await caseworker.put(`/api/admin/staff/${caseworkerId}/role`, { role: 'admin' }),
      await caseworker.post(`/api/admin/staff/${caseworkerId}/deactivate`),
      await caseworker.post(`/api/admin/staff/${caseworkerId}/reactivate`),
      await caseworker.post(`/api/admin/staff/${caseworkerId}/second-factor/reset`),
    ];
    for (const res of refused) {
      expect(res.statusCode).toBe(403);
      expect(messageKeyOf(res)).toBe('staff.adminOnly');
      expect(body(res).error).toBe(ApiMessages['staff.adminOnly']);
    }
    // Nothing was done: no refund, no invitation e-mail, the role unchanged.
    const [row] = await t.database.db.select().from(users).where(eq(users.id, caseworkerId));
    expect(row?.role).toBe('caseworker');
    expect(
      await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.actorUserId, caseworkerId), eq(auditLog.action, 'staff.invited'))),
    ).toEqual([]);
    expect(
      await t.database.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.template, 'staff-invitation')),
    ).toEqual([]);
  });

  it('keeps travellers and nobody out of the staff routes', async () => {
    const traveller = browser();
    await traveller.post('/api/auth/register', {
      firstName: 'Tom',
      lastName: 'Lee',
      email: uniqueEmail(),
      password: STRONG_PASSWORD,
    });
    for (const url of [
      '/api/admin/staff/me',
      '/api/admin/staff/accounts',
      '/api/admin/dashboard',
    ]) {
      expect((await traveller.get(url)).statusCode).toBe(403);
      expect(messageKeyOf(await traveller.get(url))).toBe('auth.forbidden');
      expect((await browser().get(url)).statusCode).toBe(401);
    }
  });
});
