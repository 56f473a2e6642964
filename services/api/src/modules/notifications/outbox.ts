import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_LOCALE, isLocale } from '@waypoint/contracts';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Mailer } from './mailer';
import * as repo from './outbox.repo';
import { withTimeout } from '../../lib/timeout';
import { enqueueJob, QUEUES, runDueJobs } from '../../lib/jobs';
import { renderEmail, SECRET_FIELDS, TO_ERASED_PERSON, type EmailMessage } from './templates';
import type { AttachmentsOf } from './attachments';

/** A message is sent at most this many times before it is FAILED and listed for staff (the email queue's policy). */
export const MAX_ATTEMPTS = QUEUES.email.retryLimit + 1;
/**
 * A claimed message is not claimed again before this lease ends: the same as the email job's expiry, after which
 * a dead worker's job is retried by another. A send takes far less (the SMTP timeouts are shorter); a message sent
 * just before a crash may go out twice, with the same Message-ID, which receivers use to drop the repeat.
 */
export const CLAIM_SECONDS = QUEUES.email.expireInSeconds;
/** One send gives up after this (counted as a failed attempt). */
const SEND_TIMEOUT_MS = 20_000;

/** What sending an e-mail needs. */
export interface EmailSender {
  db: Db;
  mailer: Mailer;
  config: Config;
  log: FastifyBaseLogger;
  attachmentsOf: AttachmentsOf;
}

/** Thrown while another worker holds a message's claim: the job is retried once that claim has run out. */
class ClaimedElsewhere extends Error {}

/**
 * The email job: sends one message of the outbox. The row is claimed with a lease (so two workers never send it
 * at once), sent, and marked SENT. A failed send is recorded on the row and thrown, so the queue retries it with
 * back-off; after the last attempt the row is FAILED and listed for staff. A message already sent (or failed for
 * good) is not sent again. Returns whether it was sent now.
 */
export async function sendQueuedEmail(
  sender: EmailSender,
  id: string,
  attempt: { retryCount: number; retryLimit: number },
): Promise<boolean> {
  const { db, mailer, config, log, attachmentsOf } = sender;
  const row = await repo.claimEmail(db, id, CLAIM_SECONDS);
  if (!row) {
    if (await repo.isEmailClaimed(db, id)) throw new ClaimedElsewhere('claimed by another worker');
    return false;
  }
  const message = { template: row.template, payload: row.payload } as EmailMessage;
  const messageId = `<${row.id}@waypoint.mail>`;
  try {
    const locale = isLocale(row.locale) ? row.locale : DEFAULT_LOCALE;
    const rendered = renderEmail(message, config.publicUrl, locale, config.support);
    // Attachments (a receipt) are made now, from what the database holds, never kept in the outbox row.
    const attachments = await attachmentsOf(db, message, locale);
    await withTimeout(
      mailer.send({
        to: row.to_address,
        ...rendered,
        ...(attachments.length ? { attachments } : {}),
        messageId,
      }),
      SEND_TIMEOUT_MS,
      `no answer from the mail server in ${SEND_TIMEOUT_MS} ms`,
    );
  } catch (err) {
    const failed = attempt.retryCount >= attempt.retryLimit;
    const reason = err instanceof Error ? err.message.slice(0, 500) : String(err);
    log.warn(
      { outboxId: row.id, template: row.template, attempts: row.attempts, err: reason },
      'e-mail not sent',
    );
    await repo.markEmailFailed(db, row.id, { reason, failed });
    throw err;
  }
  if (TO_ERASED_PERSON.has(row.template)) {
    await repo.markErasedPersonEmailSent(db, row.id, messageId);
  } else {
    const scrubbed = { ...row.payload };
    for (const field of SECRET_FIELDS) if (field in scrubbed) scrubbed[field] = '[sent]';
    await repo.markEmailSent(db, row.id, messageId, scrubbed);
  }
  return true;
}

/**
 * Runs every email job that is due now, here (as a worker would, one after another), and returns how many
 * messages went out: for a command that empties the queue, and for tests.
 */
export async function processOutbox(
  db: Db,
  mailer: Mailer,
  config: Config,
  log: FastifyBaseLogger,
  attachmentsOf: AttachmentsOf,
): Promise<number> {
  let sent = 0;
  await runDueJobs(db, 'email', async (data, attempt) => {
    if (await sendQueuedEmail({ db, mailer, config, log, attachmentsOf }, data.id, attempt))
      sent += 1;
  });
  return sent;
}

/**
 * Gives a job to every pending message that has none waiting or running (one whose last job was lost with
 * the database, or that was queued before the job queue existed). Run on a schedule.
 */
export async function sweepOutbox(db: Db): Promise<number> {
  const stranded = await repo.strandedEmails(db);
  for (const id of stranded) await enqueueJob(db, 'email', { id });
  return stranded.length;
}
