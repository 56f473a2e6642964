import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog, emailOutbox } from '../../db/schema';

/** E-mails that failed every attempt, newest first. */
export async function failedEmails(db: Db, limit: number) {
  return db
    .select({
      id: emailOutbox.id,
      to: emailOutbox.toAddress,
      template: emailOutbox.template,
      attempts: emailOutbox.attempts,
      lastError: emailOutbox.lastError,
      createdAt: emailOutbox.createdAt,
    })
    .from(emailOutbox)
    .where(eq(emailOutbox.status, 'FAILED'))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(limit);
}

export async function countFailedEmails(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(emailOutbox)
    .where(eq(emailOutbox.status, 'FAILED'));
  return Number(row?.n ?? 0);
}

/**
 * Puts a failed e-mail back in the queue with a fresh set of attempts, and audits who did it, in one
 * transaction. Returns false when the e-mail is not (or no longer) failed.
 */
export async function requeueFailedEmail(
  db: Db,
  id: string,
  actor: { userId: string; ip: string; userAgent: string | null },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(emailOutbox)
      .set({ status: 'PENDING', attempts: 0, nextAttemptAt: sql`now()`, lockedUntil: null })
      .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, 'FAILED')))
      .returning({ template: emailOutbox.template, lastError: emailOutbox.lastError });
    if (!row) return false;
    await tx.insert(auditLog).values({
      actorUserId: actor.userId,
      actorRole: 'admin',
      action: 'email.requeued',
      entityType: 'email',
      entityId: id,
      details: { template: row.template, lastError: row.lastError },
      ip: actor.ip,
      userAgent: actor.userAgent,
    });
    return true;
  });
}
