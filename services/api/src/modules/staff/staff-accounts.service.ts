import {
  staffPermissions,
  type StaffAccount,
  type StaffAccountsResponse,
  type StaffInvitation,
  type StaffSelfResponse,
} from '@waypoint/contracts';
import type { Db, Tx } from '../../db/client';
import type { StaffInvitationRow, StaffRole, UserRow } from '../../db/rows';
import type { Caller, ServiceContext } from '../../lib/context';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { isAdmin } from '../../lib/roles';
import { actorOf, recordAudit, type AuditRecord } from '../audit/audit.repo';
import { displayName, releaseWorkOf } from '../admin/staff-work';
import { endAllSessions } from '../sessions/sessions.service';
import * as repo from './staff.repo';

/**
 * The staff accounts, as admins manage them: their roles, deactivation, and resetting a lost authenticator app.
 * There is always an active admin: the last one can be neither demoted nor deactivated (nor delete their account),
 * checked under the admins' row locks so that two such changes at once cannot both pass.
 */

/** What an admin's verb receives: the admin the scope let in, and where the request came from. */
export interface AdminVerb<Input> {
  ctx: ServiceContext;
  staff: UserRow;
  caller: Caller;
  input: Input;
}

export { displayName };

/** The role of a staff account (an account of another role is not listed among staff). */
function staffRoleOf(u: UserRow): StaffRole {
  return isAdmin(u.role) ? 'admin' : 'caseworker';
}

export function toStaffAccount(u: UserRow): StaffAccount {
  return {
    id: u.id,
    name: displayName(u),
    email: u.email,
    role: staffRoleOf(u),
    active: u.deactivatedAt === null,
    secondFactorSet: u.totpEnabledAt !== null,
    createdAt: u.createdAt.toISOString(),
  };
}

export function toStaffInvitation(
  invitation: StaffInvitationRow,
  inviter: Pick<UserRow, 'email' | 'firstName' | 'lastName'> | null,
): StaffInvitation {
  return {
    id: invitation.id,
    email: invitation.email,
    role: invitation.role,
    invitedBy: inviter ? displayName(inviter) : null,
    createdAt: invitation.createdAt.toISOString(),
    expiresAt: invitation.expiresAt.toISOString(),
  };
}

/** The signed-in member of staff's role and what it allows. */
export function staffSelf({ staff }: { staff: UserRow }): StaffSelfResponse {
  const role = staffRoleOf(staff);
  return { id: staff.id, role, permissions: staffPermissions(role) };
}

/** Every staff account (active or not) and the invitations still open. */
export async function listStaff({
  ctx,
  staff,
}: {
  ctx: ServiceContext;
  staff: UserRow;
}): Promise<StaffAccountsResponse> {
  const [accounts, invitations] = await Promise.all([
    repo.staffAccounts(ctx.db),
    repo.openInvitations(ctx.db),
  ]);
  return {
    accounts: accounts.map(toStaffAccount),
    invitations: invitations.map((r) => toStaffInvitation(r.invitation, r.inviter)),
    me: staff.id,
  };
}

// The last-admin rule

/** Other active admins than this account (the early answer; `lockActiveAdmins` is the one that holds). */
export function otherActiveAdmins({ db, userId }: { db: Db; userId: string }): Promise<number> {
  return repo.otherActiveAdmins(db, userId);
}

/**
 * Locks the active admins (until the transaction ends) and returns their ids: a change that would leave none
 * checks this list, which a concurrent change is waiting on or has already changed.
 */
export function lockActiveAdmins({ tx }: { tx: Tx }): Promise<string[]> {
  return repo.lockActiveAdmins(tx);
}

/**
 * The start of every change to a staff account: the admins locked, the acting admin still one of them, and the
 * account acted on (locked). 403 when the actor lost the admin role meanwhile, 404 for an account that is not staff.
 */
async function lockForChange(tx: Tx, staff: UserRow, id: string) {
  const admins = await repo.lockActiveAdmins(tx);
  if (!admins.includes(staff.id)) throw forbidden('staff.adminOnly');
  const account = await repo.findStaffAccount(tx, id, { lock: true });
  if (!account) throw notFound('staff.accountNotFound');
  return { admins, account };
}

/** Refuses (409) a change that would leave no active admin: the account is one, and the only one. */
function assertNotLastAdmin(admins: string[], account: UserRow) {
  if (admins.includes(account.id) && admins.length <= 1) throw conflict('staff.lastAdmin');
}

type Without<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/**
 * One change to a staff account, in a transaction: the admins and the account locked (`lockForChange`), then
 * `change`, which returns the account as it now stands and, when something changed, what to audit.
 */
async function changeAccount(
  { ctx, staff, caller, input }: AdminVerb<{ id: string }>,
  change: (
    tx: Tx,
    locked: { admins: string[]; account: UserRow; actor: ReturnType<typeof actorOf> },
  ) => Promise<{ row: UserRow; audit?: Without<AuditRecord, 'actor' | 'entityId'> }>,
): Promise<StaffAccount> {
  const account = await ctx.db.transaction(async (tx) => {
    const locked = await lockForChange(tx, staff, input.id);
    const actor = actorOf(staff, caller);
    const { row, audit } = await change(tx, { ...locked, actor });
    if (audit)
      await recordAudit(tx, { ...audit, actor, entityId: locked.account.id } as AuditRecord);
    return row;
  });
  return toStaffAccount(account);
}

/** Gives a member of staff another role (audited); the last active admin keeps theirs. */
export function changeRole(verb: AdminVerb<{ id: string; role: StaffRole }>) {
  return changeAccount(verb, async (tx, { admins, account }) => {
    const from = staffRoleOf(account);
    const to = verb.input.role;
    if (from === to) return { row: account };
    if (from === 'admin') assertNotLastAdmin(admins, account);
    return {
      row: await repo.setRole(tx, account.id, to),
      audit: { action: 'staff.role_changed', details: { name: displayName(account), from, to } },
    };
  });
}

/**
 * Deactivates a staff account (audited): every session of it ends at once, it cannot sign in, is given no more
 * work, and its open work returns to the queue unassigned. The last active admin cannot be deactivated.
 */
export function deactivate(verb: AdminVerb<{ id: string }>) {
  return changeAccount(verb, async (tx, { admins, account, actor }) => {
    if (account.deactivatedAt) return { row: account };
    assertNotLastAdmin(admins, account);
    const row = await repo.setDeactivated(tx, account.id, 'now');
    const endedSessions = await endAllSessions({ tx, input: { userId: account.id } });
    await releaseWorkOf(tx, account, actor);
    return {
      row,
      audit: {
        action: 'staff.deactivated',
        details: { name: displayName(account), endedSessions },
      },
    };
  });
}

/** Lets a deactivated staff account sign in again (audited). */
export function reactivate(verb: AdminVerb<{ id: string }>) {
  return changeAccount(verb, async (tx, { account }) => {
    if (!account.deactivatedAt) return { row: account };
    return {
      row: await repo.setDeactivated(tx, account.id, null),
      audit: { action: 'staff.reactivated', details: { name: displayName(account) } },
    };
  });
}

/**
 * Removes a member of staff's authenticator app and recovery codes (a lost phone), and ends their sessions: at their
 * next sign-in they set up a new one (audited).
 */
export function resetSecondFactor(verb: AdminVerb<{ id: string }>) {
  return changeAccount(verb, async (tx, { account }) => {
    const row = await repo.clearSecondFactor(tx, account.id);
    const endedSessions = await endAllSessions({ tx, input: { userId: account.id } });
    return {
      row,
      audit: {
        action: 'staff.second_factor_reset',
        details: { name: displayName(account), endedSessions },
      },
    };
  });
}

// The first admin

/** Why the command line makes no admin once there is one. */
export const FIRST_ADMIN_REFUSED =
  'There is already an active admin: further staff join by invitation. An admin invites them from the staff accounts page of the admin area (POST /api/admin/staff/invitations).';

/** Whether there is an active admin (the command line then makes none). */
export function hasActiveAdmin({ db }: { db: Db }): Promise<boolean> {
  return repo.hasActiveAdmin(db);
}

/**
 * Makes the first admin (the command line, `npm run admin:create`): an existing account, or a new one. Refused
 * once there is an active admin: from then on, staff join by an admin's invitation.
 */
export async function createFirstAdmin({
  db,
  input,
}: {
  db: Db;
  input: { email: string; passwordHash: string | undefined };
}): Promise<{ user: UserRow; created: boolean } | { refused: 'admin-exists' }> {
  return db.transaction(async (tx) => {
    await repo.lockFirstAdmin(tx);
    if (await repo.hasActiveAdmin(tx)) return { refused: 'admin-exists' as const };
    return repo.upsertFirstAdmin(tx, input);
  });
}

/** Whether the account of this address is an active member of staff. */
export function isActiveStaffAddress({ db, email }: { db: Db | Tx; email: string }) {
  return repo.isActiveStaffAddress(db, email);
}
