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
import { processOutbox, startWorker, type Task } from './modules/notifications/outbox';
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
  /** The background jobs this process runs, by name (none in a `web` process). */
  background: string[];
}

/**
 * The app of this process's role, ready to listen, with its background jobs started: all of them in a `worker` or
 * `all` process, none in a `web` one (a message a web process queues is sent by a worker, which polls the outbox
 * every second). Closing the app stops the jobs; the database is the caller's to close.
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

  const mailer = givenMailer ?? createMailer(config);
  // The files e-mails carry: the invoice of a payment, the credit note of a refund, the documents of a decision.
  const decisionFiles = decisionAttachments(app.ctx.storage);
  const receiptFiles = receiptAttachments(config);
  const attachmentsOf: AttachmentsOf = async (db, message, locale) => [
    ...(await receiptFiles(db, message, locale)),
    ...(await decisionFiles(db, message, locale)),
  ];
  // Each job claims its rows in the database (or is idempotent), so any number of processes may run them.
  const tasks: Task[] = [
    {
      name: 'outbox',
      everyMs: 1000,
      run: () => processOutbox(database.db, mailer, config, app.log, attachmentsOf),
    },
    {
      name: 'payments',
      everyMs: config.reconcile.intervalSeconds * 1000,
      run: () => reconcilePayments({ ctx: app.ctx, provider: app.payments }),
    },
    { name: 'sessions', everyMs: 10 * 60_000, run: () => pruneSessions({ ctx: app.ctx }) },
    {
      name: 'rate-limits',
      everyMs: 10 * 60_000,
      run: () => pruneRateLimits(app.ctx.rateLimits),
    },
    { name: 'drafts', everyMs: 60 * 60_000, run: () => pruneDrafts({ ctx: app.ctx }) },
    {
      name: 'upload-links',
      everyMs: 60 * 60_000,
      run: () => pruneUploadLinks({ ctx: app.ctx }),
    },
    {
      name: 'reminders',
      everyMs: 60 * 60_000,
      run: () => sendDueReminders({ ctx: app.ctx }),
    },
    {
      name: 'document-retention',
      everyMs: 60 * 60_000,
      run: () => eraseExpiredDocuments({ ctx: app.ctx, storage: app.ctx.storage }),
    },
    {
      name: 'record-retention',
      everyMs: 60 * 60_000,
      run: () => purgeExpiredRecords({ ctx: app.ctx, storage: app.ctx.storage }),
    },
  ];
  const worker = startWorker(tasks, app.log);
  app.ctx.pokeOutbox = worker.poke;
  app.addHook('onClose', async () => {
    await worker.stop();
    mailer.close();
  });
  return { app, background: tasks.map((task) => task.name) };
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
