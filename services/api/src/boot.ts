import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import { migrateDatabase } from './db/migrate';
import { seedReferenceData } from './db/seed';
import { FieldEncryption, resolveEncryptionKey } from './lib/field-encryption';
import { pruneRateLimits } from './lib/rate-limit';
import { pruneUploadLinks } from './modules/documents/upload-links.service';
import { createMailer, type Mailer } from './modules/notifications/mailer';
import { sendQueuedEmail, sweepOutbox } from './modules/notifications/outbox';
import { JobQueue, type QueueName, type SCHEDULED } from './lib/jobs';
import { MrzReader } from './modules/documents/mrz-reader';
import { readStoredPassportPage } from './modules/documents/mrz.service';
import { pruneDrafts } from './modules/applications/drafts.service';
import { sendDueReminders } from './modules/applications/reminders.service';
import { reconcilePayments } from './modules/payments/payments.service';
import { receiptAttachments } from './modules/receipts/receipts.service';
import { decisionAttachments } from './modules/documents/documents.service';
import type { AttachmentsOf } from './modules/notifications/attachments';
import { pruneSessions } from './modules/sessions/sessions.service';
import {
  eraseExpiredDocuments,
  purgeExpiredRecords,
} from './modules/personal-data/retention.service';

/** Opens the configured database (PostgreSQL, or PGlite under DATA_DIR/db), migrated and seeded. */
export async function openConfiguredDatabase(config: Config): Promise<Database> {
  const database = config.databaseUrl
    ? await openDatabase({ kind: 'postgres', url: config.databaseUrl, ...config.database })
    : await openDatabase({ kind: 'pglite', dataDir: path.join(config.dataDir, 'db') });
  try {
    await migrateDatabase(database);
    await seedReferenceData(database);
  } catch (err) {
    await database.close();
    throw err;
  }
  return database;
}

export interface Started {
  app: FastifyInstance;
  database: Database;
}

export interface Assembled {
  app: FastifyInstance;
  /** The job queues this process works (none in a `web` process). */
  background: QueueName[];
}

/**
 * The app of this process's role, ready to listen, with its background jobs started: all of them in a `worker` or
 * `all` process, none in a `web` one (a job a web process queues is done by a worker, which polls the queue
 * every JOBS_POLL_SECONDS). Closing the app stops the jobs; the database is the caller's to close.
 */
export async function assembleApp({
  config,
  database,
  encryption,
  mailer: givenMailer,
}: {
  config: Config;
  database: Database;
  encryption: FieldEncryption;
  /** Where e-mails go (SMTP or the development mailbox, as configured, when not given). */
  mailer?: Mailer;
}): Promise<Assembled> {
  const app = await buildApp({ config, database, encryption });
  // The reference data, loaded after seeding and followed as it changes (the pages and the API use it).
  if (config.role !== 'worker') {
    await app.referenceCache.start().catch(async (err: unknown) => {
      await app.close();
      throw err;
    });
  }
  if (config.role === 'web') return { app, background: [] };

  const background = await startBackgroundJobs({
    app,
    mailer: givenMailer ?? createMailer(config),
  });
  return { app, background };
}

/**
 * Makes this process a worker of the job queue: e-mails, passport pages, the reconciliation of payments and the
 * scheduled clean-ups. Every job is claimed in the database (and idempotent), so any number of processes may run
 * them. Closing the app stops fetching, lets the jobs under way finish, then closes the mailer and the reader.
 * Returns the queues worked.
 */
export async function startBackgroundJobs({
  app,
  mailer,
}: {
  app: FastifyInstance;
  mailer: Mailer;
}): Promise<QueueName[]> {
  const { config, ctx, database } = app;
  // The files e-mails carry: the invoice of a payment, the credit note of a refund, the documents of a decision.
  const decisionFiles = decisionAttachments(ctx.storage);
  const receiptFiles = receiptAttachments(config);
  const attachmentsOf: AttachmentsOf = async (db, message, locale) => [
    ...(await receiptFiles(db, message, locale)),
    ...(await decisionFiles(db, message, locale)),
  ];
  const reader = config.mrzReading ? new MrzReader({ timeoutMs: config.mrzTimeoutMs }) : null;
  const jobs = new JobQueue(database, app.log, {
    pollingSeconds: config.jobs.pollSeconds,
    superviseSeconds: config.jobs.superviseSeconds,
  });
  app.addHook('onClose', async () => {
    await jobs.stop();
    await reader?.close();
    mailer.close();
  });
  const sender = { db: database.db, mailer, config, log: app.log, attachmentsOf };
  await jobs.work('email', async (data, attempt) => {
    await sendQueuedEmail(sender, data.id, attempt);
  });
  if (reader) {
    await jobs.work('passport-read', (data) =>
      readStoredPassportPage({ ctx, reader, input: data }),
    );
  }
  await jobs.work('payments-reconcile', async () => {
    await reconcilePayments({ ctx, provider: app.payments });
  });
  jobs.every('payments-reconcile', config.reconcile.intervalSeconds);
  const scheduled: Record<keyof typeof SCHEDULED, () => Promise<unknown>> = {
    'sessions-prune': () => pruneSessions({ ctx }),
    'rate-limits-prune': () => pruneRateLimits(ctx.rateLimits),
    'drafts-prune': () => pruneDrafts({ ctx }),
    'upload-links-prune': () => pruneUploadLinks({ ctx }),
    reminders: () => sendDueReminders({ ctx }),
    'document-retention': () => eraseExpiredDocuments({ ctx, storage: ctx.storage }),
    'record-retention': () => purgeExpiredRecords({ ctx, storage: ctx.storage }),
    'email-sweep': () => sweepOutbox(database.db),
  };
  for (const [name, run] of Object.entries(scheduled) as [
    keyof typeof SCHEDULED,
    () => Promise<unknown>,
  ][]) {
    await jobs.work(name, async () => {
      await run();
    });
    await jobs.schedule(name);
  }
  ctx.pokeJobs = (queue) => jobs.poke(queue);
  return jobs.queues();
}

/** Everything a running portal needs, ready to listen: the app of the configured role on its database. */
export async function bootstrap(config: Config): Promise<Started> {
  const database = await openConfiguredDatabase(config);
  try {
    const key = await resolveEncryptionKey(config.encryptionKey, config.keysDir);
    const { app } = await assembleApp({ config, database, encryption: new FieldEncryption(key) });
    app.addHook('onClose', () => database.close());
    return { app, database };
  } catch (err) {
    await database.close();
    throw err;
  }
}
