import { AuthText } from '@waypoint/contracts';
import type { Tx } from '../../db/client';
import type { UserRow } from '../../db/rows';
import type { Caller, ServiceContext } from '../../lib/context';
import { badRequest, conflict } from '../../lib/errors';
import { consumeRateLimits } from '../../lib/rate-limit';
import { actorOf, recordAudit } from '../audit/audit.repo';
import { queueEmail } from '../notifications/outbox.service';
import { endAllSessions, markSession } from '../sessions/sessions.service';
import * as repo from './auth.repo';
import { proveMailbox } from './mailbox-proof';
import { checkCode, mailCode } from './one-time-codes.service';
import { hashToken, randomToken } from './tokens';
import { HOUR, limit, minutes, type CallerVerb, type Session, type SessionVerb } from './verbs';

/** The account's e-mail address: confirming it, changing it, and undoing a change from the old address. */

/** How long the old address can undo a change of e-mail. */
export const EMAIL_UNDO_HOURS = 72;

export async function verifyEmail({
  ctx,
  user,
  session,
  input,
  caller,
}: SessionVerb<{ code: string }>): Promise<{ user: UserRow; notice?: string }> {
  await consumeRateLimits(ctx.rateLimits, [limit(`verify-email:user:${user.id}`, 30, HOUR)]);
  const token = await checkCode(ctx, user, 'EMAIL_VERIFICATION', input.code);
  if (token.email !== user.email && (await repo.findUserByEmail(ctx.db, token.email))) {
    throw conflict('auth.emailInUse');
  }
  const result = await ctx.db.transaction(async (tx) => {
    // This session has just proved the mailbox (the current one, or the new one).
    await markSession({ tx, input: { sessionId: session?.id, proved: { mailboxProof: true } } });
    if (token.email === user.email) {
      if (user.emailVerifiedAt) return { user: await repo.markEmailVerified(tx, user.id) };
      return proveMailbox(tx, user, {
        via: 'verification-code',
        keepSessionId: session?.id ?? null,
        caller,
      });
    }
    return changeEmail(tx, user, token.email, session, caller);
  });
  ctx.pokeJobs('email');
  return result;
}

/**
 * Applies a confirmed change of address. When the old address had been confirmed, it is told, with a link that
 * undoes the change for 72 hours (an unconfirmed old address gets no such power over the account).
 */
async function changeEmail(
  tx: Tx,
  user: UserRow,
  newEmail: string,
  session: Session,
  caller: Caller,
): Promise<{ user: UserRow; notice?: string }> {
  const oldEmail = user.email;
  // An unclaimed account is claimed below, by proveMailbox.
  const row = await repo.changeEmail(tx, user.id, newEmail, {
    verified: user.emailVerifiedAt !== null,
  });
  // Links and codes sent to the old address no longer work.
  for (const purpose of ['SIGN_IN_LINK', 'PASSWORD_RESET', 'REAUTHENTICATION'] as const) {
    await repo.retireTokens(tx, user.id, purpose);
  }
  await recordAudit(tx, {
    action: 'account.email-changed',
    actor: actorOf(user, caller),
    entityId: user.id,
    details: { from: oldEmail, to: newEmail, undoOffered: user.emailVerifiedAt !== null },
  });
  if (user.emailVerifiedAt) {
    const token = randomToken(16);
    await repo.insertToken(tx, {
      userId: user.id,
      purpose: 'EMAIL_CHANGE_UNDO',
      tokenHash: hashToken(token),
      email: oldEmail,
      expiresAt: minutes(EMAIL_UNDO_HOURS * 60),
    });
    await queueEmail({
      tx,
      input: {
        to: oldEmail,
        message: {
          template: 'email-changed',
          payload: { firstName: user.firstName, newEmail, token },
        },
        locale: user.locale,
      },
    });
    return { user: row };
  }
  // An unclaimed account: proving the new address claims it.
  return proveMailbox(tx, row, {
    via: 'verification-code',
    keepSessionId: session?.id ?? null,
    caller,
  });
}

export async function resendVerification({ ctx, user }: { ctx: ServiceContext; user: UserRow }) {
  await consumeRateLimits(ctx.rateLimits, [limit(`verify-resend:user:${user.id}`, 5, HOUR)]);
  const pending = await repo.pendingEmailOf(ctx.db, user.id, user.email);
  if (!pending && user.emailVerifiedAt) {
    return { sent: true as const, message: AuthText.emailVerified };
  }
  await mailCode(ctx, user, 'EMAIL_VERIFICATION', pending ?? user.email);
  return { sent: true as const, message: AuthText.verificationSent };
}

/**
 * Undoes a change of e-mail with the link sent to the old address: the old address comes back, every session
 * ends, and the password is removed (whoever changed the address may have set it); the owner signs in by link.
 */
export async function undoEmailChange({ ctx, input, caller }: CallerVerb<{ token: string }>) {
  await consumeRateLimits(ctx.rateLimits, [limit(`undo-email:ip:${caller.ip}`, 30, 600)]);
  const outcome = await ctx.db.transaction(async (tx) => {
    const token = await repo.consumeTokenByHash(tx, hashToken(input.token), 'EMAIL_CHANGE_UNDO');
    if (!token) return 'invalid' as const;
    const user = await repo.findUserById(tx, token.userId);
    if (!user) return 'invalid' as const;
    const holder = await repo.findUserByEmail(tx, token.email);
    if (holder && holder.id !== user.id) return 'taken' as const;
    await repo.restoreEmail(tx, user.id, token.email);
    for (const purpose of [
      'SIGN_IN_LINK',
      'EMAIL_VERIFICATION',
      'PASSWORD_RESET',
      'REAUTHENTICATION',
      'EMAIL_CHANGE_UNDO',
    ] as const) {
      await repo.retireTokens(tx, user.id, purpose);
    }
    const endedSessions = await endAllSessions({ tx, input: { userId: user.id } });
    await recordAudit(tx, {
      action: 'account.email-change-undone',
      actor: actorOf(user, caller),
      entityId: user.id,
      details: { restored: token.email, replaced: user.email, endedSessions },
    });
    return 'undone' as const;
  });
  if (outcome === 'invalid') throw badRequest('auth.emailChangeUndoInvalid');
  if (outcome === 'taken') throw conflict('auth.emailChangeUndoTaken');
  return { undone: true as const, message: AuthText.emailChangeUndone };
}
