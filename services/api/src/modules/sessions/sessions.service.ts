import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import type { SessionRow, UserRow } from '../../db/rows';
import type { ServiceContext } from '../../lib/context';
import type { OpenSession, SessionProof } from '../../lib/session-services';
import { isStaff } from '../../lib/roles';
import * as repo from './sessions.repo';
import { hashToken, randomToken } from '../../lib/tokens';

/**
 * Server-side sessions: the cookie holds a random id, the database only its hash. A session ends after the idle
 * timeout or the absolute lifetime, whichever comes first (staff have shorter ones). The session plugin carries
 * them between the cookie and the request.
 */

export type { OpenSession, SessionProof } from '../../lib/session-services';

/** Touch a session's last-seen time at most this often. */
const TOUCH_AFTER_SECONDS = 60;

export function lifetimes(config: Config, role: UserRow['role']) {
  return isStaff(role) ? config.sessions.admin : config.sessions.user;
}

/** The live session of a cookie's token, or null; a session found expired is ended on the way. */
export async function openSession({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { token: string };
}): Promise<OpenSession | null> {
  const found = await repo.findSessionByTokenHash(ctx.db, hashToken(input.token));
  if (!found) return null;
  const now = Date.now();
  const alive =
    found.session.expiresAt.getTime() > now &&
    found.session.lastSeenAt.getTime() + found.session.idleTimeoutSeconds * 1000 > now;
  // A deactivated account's sessions end with it; one found here all the same is ended now.
  if (!alive || found.user.deactivatedAt) {
    await repo.deleteSession(ctx.db, found.session.id);
    return null;
  }
  if (now - found.session.lastSeenAt.getTime() > TOUCH_AFTER_SECONDS * 1000) {
    await repo.touchSession(ctx.db, found.session.id);
  }
  return found;
}

/**
 * Starts a new session for a user (a new id at every sign-in), ending the one it replaces. Returns the token for
 * the cookie and how long the cookie lives.
 */
export async function startSession({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: {
    user: UserRow;
    proof: SessionProof;
    /** The caller's current session, ended by this sign-in. */
    replaces: string | null;
    ip: string;
    userAgent: string | null;
  };
}): Promise<{ token: string; session: SessionRow; maxAgeSeconds: number }> {
  if (input.replaces) await repo.deleteSession(ctx.db, input.replaces);
  const token = randomToken(32);
  const life = lifetimes(ctx.config, input.user.role);
  const session = await repo.insertSession(ctx.db, {
    tokenHash: hashToken(token),
    userId: input.user.id,
    idleTimeoutSeconds: life.idleSeconds,
    expiresAt: new Date(Date.now() + life.absoluteSeconds * 1000),
    ip: input.ip,
    userAgent: input.userAgent,
    mailboxProof: input.proof.mailboxProof ?? false,
    recentProofAt: input.proof.recentProof ? new Date() : null,
  });
  return { token, session, maxAgeSeconds: life.absoluteSeconds };
}

export async function endSession({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { sessionId: string };
}) {
  await repo.deleteSession(ctx.db, input.sessionId);
}

/** Removes sessions past their absolute lifetime (run by the background worker). */
export async function pruneSessions({ ctx }: { ctx: Pick<ServiceContext, 'db'> }) {
  await repo.deleteExpiredSessions(ctx.db);
}

/** Ends every session of a user (after a password reset), except `keep` when given; returns how many ended. */
export function endAllSessions({
  tx,
  input,
}: {
  tx: Db | Tx;
  input: { userId: string; keep?: string | null };
}): Promise<number> {
  return repo.endAllSessions(tx, input.userId, input.keep);
}

/**
 * Ends every session of a user that was not started by proving control of the mailbox (except `keep`): used when
 * the owner of the address first claims an account someone else may have opened with it. Returns how many ended.
 */
export function endUnprovenSessions({
  tx,
  input,
}: {
  tx: Db | Tx;
  input: { userId: string; keep?: string | null };
}): Promise<number> {
  return repo.endUnprovenSessions(tx, input.userId, input.keep);
}

/** Records on a session what it has just proved; returns the updated session (null without a session). */
export function markSession({
  tx,
  input,
}: {
  tx: Db | Tx;
  input: {
    sessionId: string | null | undefined;
    proved: Partial<Pick<SessionRow, 'mailboxProof' | 'recentProofAt' | 'secondFactorAt'>>;
  };
}): Promise<SessionRow | null> {
  return repo.markSession(tx, input.sessionId, input.proved);
}
