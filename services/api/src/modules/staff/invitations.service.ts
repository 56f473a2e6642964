import {
  DEFAULT_LOCALE,
  STAFF_INVITATION_HOURS,
  type StaffInvitation,
  type StaffInvitationDetails,
} from '@waypoint/contracts';
import type { StaffInvitationRow, StaffRole, UserRow } from '../../db/rows';
import type { Caller, ServiceContext } from '../../lib/context';
import { conflict, gone, notFound, validationFailed } from '../../lib/errors';
import { consumeRateLimits } from '../../lib/rate-limit';
import { isStaff } from '../../lib/roles';
import { hashToken, randomToken } from '../../lib/tokens';
import { actorOf, recordAudit } from '../audit/audit.repo';
import { hashPassword, isCommonPassword } from '../auth/passwords';
import { queueEmail } from '../notifications/outbox.service';
import { endAllSessions } from '../sessions/sessions.service';
import { displayName, toStaffInvitation, type AdminVerb } from './staff-accounts.service';
import * as repo from './staff.repo';

/**
 * Joining the staff: an admin invites an address with a role; the invitation is e-mailed as a single-use link
 * (`/auth/staff-invitation/<token>`: 256 random bits, only their SHA-256 stored) that works for 48 hours. Following it,
 * the person chooses a name and a password and is signed in; like every member of staff, they then set up their
 * authenticator app before anything else. A newer invitation to an address withdraws the one still open.
 */

const HOUR = 3600;

/** The invitation of a link as it stands now: 404 when there is none, 410 when it can no longer be used. */
function assertUsable(invitation: StaffInvitationRow | undefined): StaffInvitationRow {
  if (!invitation) throw notFound('staff.invitationNotFound');
  if (invitation.acceptedAt) throw gone('staff.invitationUsed');
  if (invitation.revokedAt) throw gone('staff.invitationRevoked');
  if (invitation.expiresAt.getTime() <= Date.now()) throw gone('staff.invitationExpired');
  return invitation;
}

/**
 * Invites an address to join the staff (audited) and e-mails it the link. Refused (409) for the address of an
 * active member of staff; an open invitation to the address is withdrawn.
 */
export async function invite({
  ctx,
  staff,
  caller,
  input,
}: AdminVerb<{ email: string; role: StaffRole }>): Promise<StaffInvitation> {
  const email = input.email.trim().toLowerCase();
  const token = randomToken(32);
  const invitation = await ctx.db.transaction(async (tx) => {
    // One change to an address's invitations at a time: two invitations at once leave one open.
    await repo.lockInvitationsOf(tx, email);
    if (await repo.isActiveStaffAddress(tx, email)) throw conflict('staff.alreadyStaff');
    for (const earlier of await repo.revokeOpenInvitationsOf(tx, email)) {
      await recordAudit(tx, {
        action: 'staff.invitation_revoked',
        actor: actorOf(staff, caller),
        entityId: earlier.id,
        details: { email: earlier.email, role: earlier.role, replaced: true },
      });
    }
    const row = await repo.insertInvitation(tx, {
      email,
      role: input.role,
      tokenHash: hashToken(token),
      invitedBy: staff.id,
      expiresAt: new Date(Date.now() + STAFF_INVITATION_HOURS * HOUR * 1000),
    });
    const account = await repo.accountByEmail(tx, email);
    await queueEmail({
      tx,
      input: {
        to: email,
        message: {
          template: 'staff-invitation',
          payload: { token, role: input.role, invitedBy: displayName(staff) },
        },
        // The language of the address's account when it has one, else the inviting admin's.
        locale: account?.locale ?? staff.locale,
      },
    });
    await recordAudit(tx, {
      action: 'staff.invited',
      actor: actorOf(staff, caller),
      entityId: row.id,
      details: { email, role: input.role },
    });
    return row;
  });
  ctx.pokeJobs('email');
  return toStaffInvitation(invitation, staff);
}

/** Withdraws an invitation (audited): its link stops working. Withdrawing it again changes nothing. */
export async function revoke({
  ctx,
  staff,
  caller,
  input,
}: AdminVerb<{ id: string }>): Promise<{ id: string; revoked: true }> {
  await ctx.db.transaction(async (tx) => {
    const invitation = await repo.lockInvitation(tx, input.id);
    if (!invitation) throw notFound('staff.invitationNotFound');
    if (invitation.acceptedAt) throw conflict('staff.invitationAlreadyAccepted');
    if (invitation.revokedAt) return;
    await repo.markInvitationRevoked(tx, invitation.id);
    await recordAudit(tx, {
      action: 'staff.invitation_revoked',
      actor: actorOf(staff, caller),
      entityId: invitation.id,
      details: { email: invitation.email, role: invitation.role, replaced: false },
    });
  });
  return { id: input.id, revoked: true };
}

/** What an invitation link offers (anyone holding the link may ask). */
export async function lookUp({
  ctx,
  input,
  caller,
}: {
  ctx: ServiceContext;
  input: { token: string };
  caller: Caller;
}): Promise<StaffInvitationDetails> {
  await consumeRateLimits(ctx.rateLimits, [
    { key: `staff-invitation-view:ip:${caller.ip}`, max: 60, windowSeconds: 600 },
  ]);
  const invitation = assertUsable(
    await repo.findInvitationByTokenHash(ctx.db, hashToken(input.token)),
  );
  return {
    email: invitation.email,
    role: invitation.role,
    expiresAt: invitation.expiresAt.toISOString(),
  };
}

/**
 * Accepts an invitation: a new staff account with the role, or the existing account of the address made staff (its
 * password, names and role replaced, its authenticator app removed, its other sessions ended). The invitation is
 * used; the caller then signs the account in. 410 for an invitation expired, used or withdrawn.
 */
export async function accept({
  ctx,
  input,
  caller,
}: {
  ctx: ServiceContext;
  input: { token: string; firstName: string; lastName: string; password: string };
  caller: Caller;
}): Promise<UserRow> {
  await consumeRateLimits(ctx.rateLimits, [
    { key: `staff-invitation:ip:${caller.ip}`, max: 20, windowSeconds: HOUR },
  ]);
  const tokenHash = hashToken(input.token);
  // The early answer, before the password is hashed; checked again under the invitation's lock.
  assertUsable(await repo.findInvitationByTokenHash(ctx.db, tokenHash));
  if (isCommonPassword(input.password)) {
    throw validationFailed('auth.passwordTooCommon', { password: 'auth.passwordTooCommon' });
  }
  const passwordHash = await hashPassword(input.password);
  return ctx.db.transaction(async (tx) => {
    const invitation = assertUsable(
      await repo.findInvitationByTokenHash(tx, tokenHash, { lock: true }),
    );
    const values = {
      firstName: input.firstName,
      lastName: input.lastName,
      passwordHash,
      role: invitation.role,
    };
    let existing = await repo.lockAccountByEmail(tx, invitation.email);
    let user: UserRow | undefined;
    if (!existing) {
      user = await repo.insertStaffAccount(tx, {
        ...values,
        email: invitation.email,
        locale: caller.locale ?? DEFAULT_LOCALE,
      });
      // An account opened with the address meanwhile: it is the one made staff.
      if (!user) existing = await repo.lockAccountByEmail(tx, invitation.email);
    }
    let endedSessions = 0;
    if (existing) {
      if (isStaff(existing.role) && !existing.deactivatedAt) throw conflict('staff.alreadyStaff');
      user = await repo.makeStaff(tx, existing.id, values);
      endedSessions = await endAllSessions({ tx, input: { userId: existing.id } });
    }
    await repo.markInvitationAccepted(tx, invitation.id);
    await recordAudit(tx, {
      action: 'staff.invitation_accepted',
      actor: actorOf(user!, caller),
      entityId: invitation.id,
      details: {
        email: invitation.email,
        role: invitation.role,
        userId: user!.id,
        existingAccount: Boolean(existing),
        endedSessions,
      },
    });
    return user!;
  });
}
