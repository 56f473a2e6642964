import { and, count, desc, eq, sql } from 'drizzle-orm';
import { rowsOf, type Db, type Tx } from '../../db/client';
import { emailOutbox } from '../../db/schema';
import { recordAudit, type AuditActor } from '../audit/audit.repo';
import { DEFAULT_LOCALE, type Locale } from '@waypoint/contracts';
import type { EmailMessage } from './templates';
import { enqueueJob, JOB_SCHEMA } from '../../lib/jobs';

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
    await enqueueJob(tx, 'email', { id });
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
  /** The message's id when the caller chose it (to refer to it later in the transaction); a new one otherwise. */
  id?: string,
): Promise<void> {
  const [row] = await tx
    .insert(emailOutbox)
    .values({
      ...(id ? { id } : {}),
      toAddress: to,
      template: message.template,
      payload: message.payload,
      locale: locale ?? DEFAULT_LOCALE,
    })
    .returning({ id: emailOutbox.id });
  await enqueueJob(tx, 'email', { id: row!.id });
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
 * Claims a pending message for `leaseSeconds`, counting the attempt; null when it is sent, failed for good, or
 * claimed by another worker whose lease has not run out.
 */
export async function claimEmail(
  db: Db,
  id: string,
  leaseSeconds: number,
): Promise<ClaimedEmail | null> {
  const [row] = rowsOf<ClaimedEmail>(
    await db.execute(sql`
      update email_outbox set locked_until = now() + make_interval(secs => ${leaseSeconds}), attempts = attempts + 1
      where id = ${id} and status = 'PENDING' and (locked_until is null or locked_until < now())
      returning id, to_address, template, payload, attempts, locale`),
  );
  return row ?? null;
}

/** Whether a pending message is claimed by a worker whose lease has not run out. */
export async function isEmailClaimed(db: Db, id: string): Promise<boolean> {
  const rows = rowsOf(
    await db.execute(sql`
      select 1 from email_outbox where id = ${id} and status = 'PENDING' and locked_until >= now()`),
  );
  return rows.length > 0;
}

/** Pending messages with no email job waiting or running. */
export async function strandedEmails(db: Db): Promise<string[]> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      select o.id from email_outbox o
      where o.status = 'PENDING' and o.created_at < now() - interval '1 minute'
        and not exists (
          select 1 from ${sql.raw(JOB_SCHEMA)}.job j
          where j.name = 'email' and j.data->>'id' = o.id::text and j.state < 'completed')
      limit 500`),
  );
  return rows.map((r) => r.id);
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

/** Records a failed send: retried by its job (with back-off), or FAILED for good. */
export async function markEmailFailed(
  db: Db,
  id: string,
  input: { reason: string; failed: boolean },
) {
  await db.execute(sql`
    update email_outbox set locked_until = null, last_error = ${input.reason},
      status = ${input.failed ? 'FAILED' : 'PENDING'}::outbox_status
    where id = ${id}`);
}
