import { AuthText, type MailboxProofVia } from '@waypoint/contracts';
import type { Tx } from '../../db/client';
import type { UserRow } from '../../db/rows';
import type { Caller } from '../../lib/context';
import { actorOf, recordAudit } from '../audit/audit.repo';
import { queueEmail } from '../notifications/outbox.service';
import { endUnprovenSessions } from '../sessions/sessions.service';
import * as repo from './auth.repo';

/**
 * The mailbox owner has just proved control of the account's address (a sign-in link, or a code e-mailed to it).
 * The first time this happens the account is claimed: an account opened by someone else with this address (a
 * guest paying with it, a registration) may have sessions the owner never started, so every session that was not
 * itself started by such a proof ends, and the owner is told on screen (the returned notice) and by e-mail. With
 * `dropPassword`, a password chosen before the claim (by whoever registered) is removed too. In the caller's
 * transaction; returns the updated user.
 */
export async function proveMailbox(
  tx: Tx,
  user: UserRow,
  options: {
    via: MailboxProofVia;
    keepSessionId?: string | null;
    dropPassword?: boolean;
    caller?: Caller;
  },
): Promise<{ user: UserRow; notice?: string }> {
  if (user.emailVerifiedAt) return { user };
  const passwordRemoved = Boolean(options.dropPassword && user.passwordHash);
  const claimed = await repo.claimAccount(tx, user.id, { dropPassword: passwordRemoved });
  // A concurrent proof claimed it first.
  if (!claimed) return { user: (await repo.findUserById(tx, user.id)) ?? user };
  const endedSessions = await endUnprovenSessions({
    tx,
    input: { userId: user.id, keep: options.keepSessionId },
  });
  // Codes asked for by those sessions (a new address, a recent proof) die with them.
  await repo.retireTokens(tx, user.id, 'EMAIL_VERIFICATION');
  await repo.retireTokens(tx, user.id, 'REAUTHENTICATION');
  await recordAudit(tx, {
    action: 'account.claimed',
    actor: actorOf(user, options.caller),
    entityId: user.id,
    details: { via: options.via, endedSessions, passwordRemoved },
  });
  if (endedSessions === 0 && !passwordRemoved) return { user: claimed };
  await queueEmail({
    tx,
    input: {
      to: claimed.email,
      message: {
        template: 'account-claimed',
        payload: { firstName: claimed.firstName, endedSessions, passwordRemoved },
      },
      locale: claimed.locale,
    },
  });
  const notice = [
    endedSessions > 0 ? AuthText.otherSessionsEnded : AuthText.emailVerified,
    ...(passwordRemoved ? [AuthText.prehijackPasswordRemoved] : []),
  ].join(' ');
  return { user: claimed, notice };
}
