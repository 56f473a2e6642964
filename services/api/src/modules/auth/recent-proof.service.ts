import { AuthText, ErrorCode, type RecentProofCodeBody } from '@waypoint/contracts';
import type { UserRow } from '../../db/rows';
import type { ServiceContext } from '../../lib/context';
import { AppError, badRequest } from '../../lib/errors';
import { consumeRateLimits } from '../../lib/rate-limit';
import { markSession } from '../sessions/sessions.service';
import { proveMailbox } from './mailbox-proof';
import { checkCode, mailCode } from './one-time-codes.service';
import { checkPasswordThrottled } from './password-check';
import { HOUR, limit, type Session, type SessionVerb } from './verbs';

/**
 * Step-up for sensitive changes: a fresh proof of identity in this session (the password, or a code e-mailed to
 * the current address), asked for again after a few minutes.
 */

/** A password or a code to the current address counts as a recent proof for this long. */
export const RECENT_PROOF_MINUTES = 10;

/**
 * Changing the e-mail or the password, and downloading everything held about the account, need a proof of identity
 * in this session within the last 10 minutes.
 */
export function assertRecentProof(session: Session) {
  const at = session?.recentProofAt?.getTime() ?? 0;
  if (Date.now() - at > RECENT_PROOF_MINUTES * 60_000) {
    throw new AppError(ErrorCode.RECENT_PROOF_REQUIRED, 'auth.recentProofRequired');
  }
}

/**
 * E-mails a 6-digit code to the account's current address, for a recent proof; the e-mail names the action the
 * code will confirm (`purpose`).
 */
export async function requestRecentProofCode({
  ctx,
  user,
  input,
}: {
  ctx: ServiceContext;
  user: UserRow;
  input: RecentProofCodeBody;
}) {
  await consumeRateLimits(ctx.rateLimits, [limit(`recent-proof-code:user:${user.id}`, 5, HOUR)]);
  await mailCode(ctx, user, 'REAUTHENTICATION', user.email, { proofPurpose: input.purpose });
  return { sent: true as const, message: AuthText.recentProofCodeSent };
}

/**
 * Proves, in this session, that the person is the owner: with the password or a code sent to the current
 * address. Valid for 10 minutes for changing the e-mail or the password. A code also proves the mailbox (and so
 * may claim the account).
 */
export async function recentProof({
  ctx,
  user,
  session,
  input,
  caller,
}: SessionVerb<{ password: string } | { code: string }>): Promise<{
  user: UserRow;
  session: Session;
  notice?: string;
}> {
  await consumeRateLimits(ctx.rateLimits, [limit(`recent-proof:user:${user.id}`, 20, HOUR)]);
  if ('password' in input) {
    if (!user.passwordHash) {
      throw badRequest('auth.recentProofRequired', {
        password: 'auth.noPasswordUseCode',
      });
    }
    if (!(await checkPasswordThrottled(ctx, user, user.email, input.password, caller))) {
      throw badRequest('auth.wrongPassword', { password: 'auth.wrongPassword' });
    }
    const updated = await markSession({
      tx: ctx.db,
      input: { sessionId: session?.id, proved: { recentProofAt: new Date() } },
    });
    return { user, session: updated };
  }
  const token = await checkCode(ctx, user, 'REAUTHENTICATION', input.code);
  if (token.email !== user.email)
    throw badRequest('auth.codeExpired', { code: 'auth.codeExpired' });
  const result = await ctx.db.transaction(async (tx) => {
    const updated = await markSession({
      tx,
      input: { sessionId: session?.id, proved: { recentProofAt: new Date(), mailboxProof: true } },
    });
    const proved = await proveMailbox(tx, user, {
      via: 'recent-proof-code',
      keepSessionId: session?.id ?? null,
      caller,
    });
    return { ...proved, session: updated };
  });
  ctx.pokeJobs('email');
  return result;
}
