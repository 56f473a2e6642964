import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import type { SessionRow } from '../../db/rows';
import { sessions, users } from '../../db/schema';

type Q = Db | Tx;

/** The session whose cookie hashes to `tokenHash`, with its user. */
export async function findSessionByTokenHash(db: Q, tokenHash: string) {
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, tokenHash));
  return row;
}

export async function insertSession(db: Q, values: typeof sessions.$inferInsert) {
  const [row] = await db.insert(sessions).values(values).returning();
  return row!;
}

export async function deleteSession(db: Q, id: string) {
  await db.delete(sessions).where(eq(sessions.id, id));
}

export async function touchSession(db: Q, id: string) {
  await db
    .update(sessions)
    .set({ lastSeenAt: sql`now()` })
    .where(eq(sessions.id, id));
}

/** Ends every session of a user (after a password reset), except `keep` when given; returns how many ended. */
export async function endAllSessions(db: Q, userId: string, keep?: string | null) {
  const ended = await db
    .delete(sessions)
    .where(
      keep ? and(eq(sessions.userId, userId), ne(sessions.id, keep)) : eq(sessions.userId, userId),
    )
    .returning({ id: sessions.id });
  return ended.length;
}

/**
 * Ends every session of a user that was not started by proving control of the mailbox (except `keep`): used when
 * the owner of the address first claims an account someone else may have opened with it.
 */
export async function endUnprovenSessions(db: Q, userId: string, keep?: string | null) {
  const unproven = and(eq(sessions.userId, userId), eq(sessions.mailboxProof, false));
  const ended = await db
    .delete(sessions)
    .where(keep ? and(unproven, ne(sessions.id, keep)) : unproven)
    .returning({ id: sessions.id });
  return ended.length;
}

/** Records on a session what it has just proved; returns the updated session. */
export async function markSession(
  db: Q,
  sessionId: string | null | undefined,
  set: Partial<Pick<SessionRow, 'mailboxProof' | 'recentProofAt' | 'secondFactorAt'>>,
): Promise<SessionRow | null> {
  if (!sessionId) return null;
  const [row] = await db.update(sessions).set(set).where(eq(sessions.id, sessionId)).returning();
  return row ?? null;
}

/** Removes sessions past their absolute lifetime. */
export async function deleteExpiredSessions(db: Q) {
  await db.delete(sessions).where(and(gt(sql`now()`, sessions.expiresAt)));
}
