import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_LOCALE, isLocale } from '@waypoint/contracts';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Mailer } from './mailer';
import * as repo from './outbox.repo';
import { withTimeout } from '../../lib/timeout';
import { renderEmail, SECRET_FIELDS, TO_ERASED_PERSON, type EmailMessage } from './templates';
import type { AttachmentsOf } from './attachments';

/** After this many failed attempts (about three hours of backoff) a message is FAILED and listed for staff. */
export const MAX_ATTEMPTS = 12;
/**
 * A claimed message is not claimed again before this lease ends, so one whose worker died is retried within
 * half a minute. A send takes far less (the SMTP timeouts are shorter); a message sent just before a crash may
 * go out twice, with the same Message-ID, which receivers use to drop the repeat.
 */
export const CLAIM_SECONDS = 30;
/** One send gives up after this (counted as a failed attempt). */
const SEND_TIMEOUT_MS = 20_000;

/** Backoff after the n-th failure: 5 s, 10 s, 20 s … capped at one hour. */
export function backoffSeconds(attempts: number): number {
  return Math.min(3600, 5 * 2 ** Math.max(0, attempts - 1));
}

/**
 * Sends due messages once. Rows are claimed with FOR UPDATE SKIP LOCKED and a claim deadline, so any number
 * of workers share the work and a row is sent by one of them; each row is marked SENT right after its send.
 * Returns the number of messages sent.
 */
export async function processOutbox(
  db: Db,
  mailer: Mailer,
  config: Config,
  log: FastifyBaseLogger,
  attachmentsOf: AttachmentsOf,
  batch = 20,
): Promise<number> {
  const claimed = await repo.claimDueEmails(db, batch, CLAIM_SECONDS);
  let sent = 0;
  const claimedAt = Date.now();
  for (const [i, row] of claimed.entries()) {
    // Never start a send that could outlast the lease: the rest go back to the queue for the next round.
    if (Date.now() - claimedAt > (CLAIM_SECONDS * 1000 - SEND_TIMEOUT_MS) / 2) {
      await repo.releaseEmails(
        db,
        claimed.slice(i).map((r) => r.id),
      );
      break;
    }
    const message = { template: row.template, payload: row.payload } as EmailMessage;
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
          messageId: `<${row.id}@waypoint.mail>`,
        }),
        SEND_TIMEOUT_MS,
        `no answer from the mail server in ${SEND_TIMEOUT_MS} ms`,
      );
      if (TO_ERASED_PERSON.has(row.template)) {
        await repo.markErasedPersonEmailSent(db, row.id, `<${row.id}@waypoint.mail>`);
      } else {
        const scrubbed = { ...row.payload };
        for (const field of SECRET_FIELDS) if (field in scrubbed) scrubbed[field] = '[sent]';
        await repo.markEmailSent(db, row.id, `<${row.id}@waypoint.mail>`, scrubbed);
      }
      sent += 1;
    } catch (err) {
      const failed = row.attempts >= MAX_ATTEMPTS;
      const reason = err instanceof Error ? err.message.slice(0, 500) : String(err);
      log.warn(
        { outboxId: row.id, template: row.template, attempts: row.attempts, err: reason },
        'e-mail not sent',
      );
      await repo.markEmailFailed(db, row.id, {
        reason,
        failed,
        retryInSeconds: backoffSeconds(row.attempts),
      });
    }
  }
  return sent;
}

export interface Worker {
  /** Asks the worker to look at the outbox now (after a new message was queued). */
  poke(): void;
  stop(): Promise<void>;
}

/** A periodic background job: run every `everyMs`, never twice at once in one process. */
export interface Task {
  name: string;
  everyMs: number;
  run: () => Promise<unknown>;
}

/** Polls the outbox (every second, and at once when poked) and runs periodic clean-ups. */
export function startWorker(tasks: Task[], log: FastifyBaseLogger): Worker {
  let stopped = false;
  const running = new Set<Promise<unknown>>();
  const timers: NodeJS.Timeout[] = [];
  const busy = new Set<string>();
  const runTask = (task: (typeof tasks)[number]) => {
    if (stopped || busy.has(task.name)) return;
    busy.add(task.name);
    const p = task
      .run()
      .catch((err: unknown) => log.error({ err, task: task.name }, 'background task failed'))
      .finally(() => {
        busy.delete(task.name);
        running.delete(p);
      });
    running.add(p);
  };
  for (const task of tasks) {
    const timer = setInterval(() => runTask(task), task.everyMs);
    timer.unref();
    timers.push(timer);
  }
  return {
    poke: () => {
      const first = tasks[0];
      if (first) setImmediate(() => runTask(first));
    },
    stop: async () => {
      stopped = true;
      timers.forEach(clearInterval);
      await Promise.allSettled([...running]);
    },
  };
}
