import { and, count, desc, eq, sql } from 'drizzle-orm';
import { rowsOf, type Db, type Tx } from '../../db/client';
import { emailOutbox } from '../../db/schema';
import { recordAudit, type AuditActor } from '../audit/audit.repo';
import { DEFAULT_LOCALE, type Locale } from '@waypoint/contracts';
import type { EmailMessage } from './templates';

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
export async function requeueFailedEmail(db: Db, id: string, actor: AuditActor): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(emailOutbox)
      .set({ status: 'PENDING', attempts: 0, nextAttemptAt: sql`now()`, lockedUntil: null })
      .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, 'FAILED')))
      .returning({ template: emailOutbox.template, lastError: emailOutbox.lastError });
    if (!row) return false;
    await recordAudit(tx, {
      action: 'email.requeued',
      actor,
      entityId: id,
      details: { template: row.template, lastError: row.lastError },
    });
    return true;
  });
}

/**
 * Writes an e-mail to the outbox, in the caller's transaction: it exists exactly when its cause does. It is
 * written in `locale`, the recipient account's language (English for an account without one yet).
 */
export async function enqueueEmail(
  tx: Db | Tx,
  to: string,
  message: EmailMessage,
  locale: Locale | null,
): Promise<void> {
  await tx.insert(emailOutbox).values({
    toAddress: to,
    template: message.template,
    payload: message.payload,
    locale: locale ?? DEFAULT_LOCALE,
  });
}

export interface ClaimedEmail {
  id: string;
  to_address: string;
  template: string;
  payload: Record<string, unknown>;
  attempts: number;
  /** The language to write it in (a column added later: read with `isLocale`). */
  locale: string;
}

/**
 * Claims up to `batch` due messages with FOR UPDATE SKIP LOCKED and a lease of `leaseSeconds`, counting the
 * attempt: any number of workers share the work and a row is sent by one of them.
 */
export async function claimDueEmails(
  db: Db,
  batch: number,
  leaseSeconds: number,
): Promise<ClaimedEmail[]> {
  return rowsOf<ClaimedEmail>(
    await db.execute(sql`
      update email_outbox set locked_until = now() + make_interval(secs => ${leaseSeconds}), attempts = attempts + 1
      where id in (
        select id from email_outbox
        where status = 'PENDING' and next_attempt_at <= now() and (locked_until is null or locked_until < now())
        order by next_attempt_at
        limit ${batch}
        for update skip locked)
      returning id, to_address, template, payload, attempts, locale`),
  );
}

/** Gives claimed messages back to the queue untried (their attempt is not counted). */
export async function releaseEmails(db: Db, ids: string[]) {
  await db.execute(sql`
    update email_outbox set locked_until = null, attempts = attempts - 1
    where id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`);
}

/** Marks a message sent, keeping its payload with the secrets blanked. */
export async function markEmailSent(
  db: Db,
  id: string,
  messageId: string,
  payload: Record<string, unknown>,
) {
  await db.execute(sql`
    update email_outbox set status = 'SENT', sent_at = now(), locked_until = null, last_error = null,
      message_id = ${messageId}, payload = ${JSON.stringify(payload)}::jsonb
    where id = ${id}`);
}

/**
 * Marks a message to a person whose data is erased sent (see `TO_ERASED_PERSON`), and minimises its row: the
 * address gives way to one that names nobody (as the account's did), the payload goes. When it was sent stays.
 */
export async function markErasedPersonEmailSent(db: Db, id: string, messageId: string) {
  await db.execute(sql`
    update email_outbox set status = 'SENT', sent_at = now(), locked_until = null, last_error = null,
      message_id = ${messageId}, payload = '{}'::jsonb,
      to_address = 'deleted-' || id::text || '@deleted.invalid'
    where id = ${id}`);
}

/** Records a failed send: retried after `retryInSeconds`, or FAILED for good. */
export async function markEmailFailed(
  db: Db,
  id: string,
  input: { reason: string; failed: boolean; retryInSeconds: number },
) {
  await db.execute(sql`
    update email_outbox set locked_until = null, last_error = ${input.reason},
      status = ${input.failed ? 'FAILED' : 'PENDING'}::outbox_status,
      next_attempt_at = now() + make_interval(secs => ${input.retryInSeconds})
    where id = ${id}`);
}
