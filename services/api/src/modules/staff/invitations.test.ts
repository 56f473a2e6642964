import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  ApiMessages,
  type InviteStaffResponse,
  type StaffAccountsResponse,
  type StaffInvitationDetails,
  type StaffSelfResponse,
  type UserResponse,
} from '@waypoint/contracts';
import { auditLog, emailOutbox, staffInvitations, users } from '../../db/schema';
import {
  Browser,
  lastEmail,
  makeAdmin,
  STRONG_PASSWORD,
  totpCode,
  uniqueEmail,
} from '../../test/auth-helpers';
import { body, createTestApp, type TestApp } from '../../test/harness';
import { renderEmail, type EmailMessage } from '../notifications/templates';

let t: TestApp;
let ip = 1;
const browser = () => new Browser(t.app, `10.42.${Math.floor(ip / 200)}.${(ip++ % 200) + 1}`);
let admin: Browser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await makeAdmin(t, browser);
});
afterAll(() => t.close());

const NEW_PASSWORD = 'Quiet-Meadow-Lantern-17';
const messageKeyOf = (res: { json(): unknown }) =>
  (res.json() as { messageKey?: string }).messageKey;

/** Invites an address; the invitation and the token emailed with it. */
async function invite(email: string, role: 'caseworker' | 'admin' = 'caseworker') {
  const res = await admin.post('/api/admin/staff/invitations', { email, role });
  if (res.statusCode !== 200) throw new Error(`invitation failed: ${res.body}`);
  const { invitation } = body<{ data: InviteStaffResponse }>(res).data;
  const mail = await lastEmail(t.database.db, email.toLowerCase(), 'staff-invitation');
  const token = (mail?.payload as { token: string }).token;
  return { invitation, token, mail: mail! };
}

const look = (token: string, b = browser()) => b.get(`/api/staff/invitations/${token}`);
const accept = (token: string, b: Browser, password = NEW_PASSWORD) =>
  b.post(`/api/staff/invitations/${token}/accept`, {
    firstName: 'Noor',
    lastName: 'Khan',
    password,
  });

const accounts = async () =>
  body<{ data: StaffAccountsResponse }>(await admin.get('/api/admin/staff/accounts')).data;

describe('inviting a new member of staff', () => {
  it('emails a link, lets the person choose a password and sign in, then set up the authenticator', async () => {
    const email = uniqueEmail('invitee');
    const before = Date.now();
    const { invitation, token, mail } = await invite(email.toUpperCase(), 'caseworker');
    expect(invitation).toMatchObject({ email, role: 'caseworker', invitedBy: 'Sam Staff' });
    const expiresIn = new Date(invitation.expiresAt).getTime() - before;
    expect(Math.abs(expiresIn - 48 * 3600 * 1000)).toBeLessThan(60_000);

    // A random 256-bit token in the link; only its hash is kept.
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const [row] = await t.database.db
      .select()
      .from(staffInvitations)
      .where(eq(staffInvitations.id, invitation.id));
    expect(row!.tokenHash).toBe(crypto.createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);
    const rendered = renderEmail(
      { template: 'staff-invitation', payload: mail.payload } as EmailMessage,
      'https://apply.example.com',
    );
    expect(rendered.text).toContain(`https://apply.example.com/auth/staff-invitation/${token}`);
    expect(rendered.text).toContain('as a caseworker');
    expect(rendered.text).toContain('The invitation comes from Sam Staff.');

    // Admins see it among the invitations still open.
    expect((await accounts()).invitations).toContainEqual(
      expect.objectContaining({
        id: invitation.id,
        email,
        role: 'caseworker',
        invitedBy: 'Sam Staff',
      }),
    );

    const invitee = browser();
    const offered = await look(token, invitee);
    expect(offered.statusCode).toBe(200);
    expect(body<{ data: StaffInvitationDetails }>(offered).data).toEqual({
      email,
      role: 'caseworker',
      expiresAt: invitation.expiresAt,
    });

    const accepted = await accept(token, invitee);
    expect(accepted.statusCode).toBe(200);
    expect(body<{ data: UserResponse }>(accepted).data.user).toMatchObject({
      email,
      firstName: 'Noor',
      lastName: 'Khan',
      emailVerified: true,
      hasPassword: true,
      secondFactor: 'setup-required',
    });
    // Signed in, but nothing of the staff area before the authenticator is set up.
    const early = await invitee.get('/api/admin/dashboard');
    expect(early.statusCode).toBe(403);
    expect(body(early)).toMatchObject({
      code: 'SECOND_FACTOR_REQUIRED',
      messageKey: 'auth.secondFactorSetupRequired',
    });
    const setup = await invitee.post('/api/auth/second-factor/setup');
    const { secret } = body<{ data: { secret: string } }>(setup).data;
    const confirmed = await invitee.post('/api/auth/second-factor/setup/confirm', {
      code: await totpCode(secret),
    });
    expect(confirmed.statusCode).toBe(200);
    expect((await invitee.get('/api/admin/dashboard')).statusCode).toBe(200);
    const self = body<{ data: StaffSelfResponse }>(await invitee.get('/api/admin/staff/me')).data;
    expect(self.role).toBe('caseworker');

    // The account has the role; the invitation is used and no longer listed.
    const list = await accounts();
    expect(list.accounts).toContainEqual(
      expect.objectContaining({
        id: self.id,
        name: 'Noor Khan',
        email,
        role: 'caseworker',
        active: true,
        secondFactorSet: true,
      }),
    );
    expect(list.invitations.map((i) => i.id)).not.toContain(invitation.id);
    const actions = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, invitation.id))
      .orderBy(auditLog.id);
    expect(actions.map((a) => [a.action, a.actorRole])).toEqual([
      ['staff.invited', 'admin'],
      ['staff.invitation_accepted', 'caseworker'],
    ]);

    // A later sign-in: the password, then the authenticator's code.
    await invitee.post('/api/auth/logout');
    const login = await invitee.post('/api/auth/login', { email, password: NEW_PASSWORD });
    expect(body<{ data: UserResponse }>(login).data.user.secondFactor).toBe('required');
    const verified = await invitee.post('/api/auth/second-factor/verify', {
      code: await totpCode(secret, 1),
    });
    expect(verified.statusCode).toBe(200);

    // The link worked once.
    const again = await accept(token, browser());
    expect(again.statusCode).toBe(410);
    expect(messageKeyOf(again)).toBe('staff.invitationUsed');
    expect(body(again).error).toBe(ApiMessages['staff.invitationUsed']);
    expect(messageKeyOf(await look(token))).toBe('staff.invitationUsed');
  });

  it('asks a new member of staff who signs in later to set up the authenticator', async () => {
    const email = uniqueEmail('invitee');
    const { token } = await invite(email, 'admin');
    expect((await accept(token, browser())).statusCode).toBe(200);
    const later = browser();
    const login = await later.post('/api/auth/login', { email, password: NEW_PASSWORD });
    expect(body<{ data: UserResponse }>(login).data.user.secondFactor).toBe('setup-required');
    expect((await later.get('/api/admin/staff/accounts')).statusCode).toBe(403);
    const setup = await later.post('/api/auth/second-factor/setup');
    const { secret } = body<{ data: { secret: string } }>(setup).data;
    await later.post('/api/auth/second-factor/setup/confirm', { code: await totpCode(secret) });
    // An admin invited as one.
    expect((await later.get('/api/admin/staff/accounts')).statusCode).toBe(200);
  });

  it('refuses a link that expired, was withdrawn or replaced, and one that never existed', async () => {
    const expiring = await invite(uniqueEmail('invitee'));
    await t.database.db
      .update(staffInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffInvitations.id, expiring.invitation.id));
    for (const res of [await look(expiring.token), await accept(expiring.token, browser())]) {
      expect(res.statusCode).toBe(410);
      expect(messageKeyOf(res)).toBe('staff.invitationExpired');
    }
    expect((await accounts()).invitations.map((i) => i.id)).not.toContain(expiring.invitation.id);

    const withdrawn = await invite(uniqueEmail('invitee'));
    const revoke = await admin.request({
      method: 'DELETE',
      url: `/api/admin/staff/invitations/${withdrawn.invitation.id}`,
    });
    expect(revoke.statusCode).toBe(200);
    expect(body(revoke).data).toEqual({ id: withdrawn.invitation.id, revoked: true });
    for (const res of [await look(withdrawn.token), await accept(withdrawn.token, browser())]) {
      expect(res.statusCode).toBe(410);
      expect(messageKeyOf(res)).toBe('staff.invitationRevoked');
    }

    // A second invitation to an address withdraws the first.
    const address = uniqueEmail('invitee');
    const first = await invite(address, 'admin');
    const second = await invite(address, 'caseworker');
    expect(messageKeyOf(await look(first.token))).toBe('staff.invitationRevoked');
    expect(body<{ data: StaffInvitationDetails }>(await look(second.token)).data.role).toBe(
      'caseworker',
    );
    const open = (await accounts()).invitations.filter((i) => i.email === address);
    expect(open.map((i) => i.id)).toEqual([second.invitation.id]);
    const replaced = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entityId, first.invitation.id),
          eq(auditLog.action, 'staff.invitation_revoked'),
        ),
      );
    expect(replaced.map((a) => a.details)).toEqual([
      { email: address, role: 'admin', replaced: true },
    ]);

    const unknown = await look(crypto.randomBytes(32).toString('base64url'));
    expect(unknown.statusCode).toBe(404);
    expect(messageKeyOf(unknown)).toBe('staff.invitationNotFound');
    const unknownAccept = await accept(crypto.randomBytes(32).toString('base64url'), browser());
    expect(unknownAccept.statusCode).toBe(404);
  });

  it('refuses to withdraw an invitation already accepted, and an unknown one', async () => {
    const used = await invite(uniqueEmail('invitee'));
    await accept(used.token, browser());
    const res = await admin.request({
      method: 'DELETE',
      url: `/api/admin/staff/invitations/${used.invitation.id}`,
    });
    expect(res.statusCode).toBe(409);
    expect(messageKeyOf(res)).toBe('staff.invitationAlreadyAccepted');
    const unknown = await admin.request({
      method: 'DELETE',
      url: `/api/admin/staff/invitations/${crypto.randomUUID()}`,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses to invite an active member of staff (409)', async () => {
    const email = uniqueEmail('invitee');
    const { token } = await invite(email);
    await accept(token, browser());
    const res = await admin.post('/api/admin/staff/invitations', { email, role: 'admin' });
    expect(res.statusCode).toBe(409);
    expect(messageKeyOf(res)).toBe('staff.alreadyStaff');
    expect(body(res).error).toBe(ApiMessages['staff.alreadyStaff']);
    const bad = await admin.post('/api/admin/staff/invitations', {
      email: uniqueEmail('invitee'),
      role: 'user',
    });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).fieldErrors).toEqual({ role: ApiMessages['staff.roleInvalid'] });
  });

  it('makes an existing account staff: the new password, the role, its other sessions ended', async () => {
    const email = uniqueEmail('traveller');
    const traveller = browser();
    await traveller.post('/api/auth/register', {
      firstName: 'Lea',
      lastName: 'Martin',
      email,
      password: STRONG_PASSWORD,
    });
    const { token } = await invite(email, 'caseworker');
    const invitee = browser();
    const accepted = await accept(token, invitee);
    expect(accepted.statusCode).toBe(200);
    expect(body<{ data: UserResponse }>(accepted).data.user).toMatchObject({
      email,
      firstName: 'Noor',
      secondFactor: 'setup-required',
    });
    // The traveller's session ended; the old password no longer works.
    expect((await traveller.get('/api/auth/profile')).statusCode).toBe(401);
    const oldPassword = await browser().post('/api/auth/login', {
      email,
      password: STRONG_PASSWORD,
    });
    expect(oldPassword.statusCode).toBe(401);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(row?.role).toBe('caseworker');
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'staff.invitation_accepted'), eq(auditLog.actorUserId, row!.id)),
      );
    expect(entry?.details).toMatchObject({ existingAccount: true, endedSessions: 1 });
  });

  it('holds a new password to the portal rules, and limits attempts per address', async () => {
    const { token } = await invite(uniqueEmail('invitee'));
    const short = await accept(token, browser(), 'short');
    expect(short.statusCode).toBe(400);
    expect(body(short).fieldErrors).toMatchObject({
      password: ApiMessages['auth.passwordTooShort'],
    });
    const common = await accept(token, browser(), 'password123');
    expect(common.statusCode).toBe(400);
    expect(messageKeyOf(common)).toBe('auth.passwordTooCommon');
    // Still open after the refusals.
    expect((await look(token)).statusCode).toBe(200);

    const guesser = browser();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      statuses.push(
        (await accept(crypto.randomBytes(32).toString('base64url'), guesser)).statusCode,
      );
    }
    expect(statuses.slice(0, 20).every((s) => s === 404)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('writes the invitation email in the language of the address’s account', async () => {
    const email = uniqueEmail('traveller');
    const traveller = browser();
    await traveller.request({
      method: 'POST',
      url: '/api/auth/register',
      payload: { firstName: 'Lou', lastName: 'Petit', email, password: STRONG_PASSWORD },
      headers: { 'accept-language': 'fr' },
    });
    const { mail } = await invite(email);
    const [queued] = await t.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.id, mail.id));
    expect(queued?.locale).toBe('fr');
  });
});
