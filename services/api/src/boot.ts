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
import { createMailer } from './modules/notifications/mailer';
import { processOutbox, startWorker } from './modules/notifications/outbox';
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

/** Everything a running portal needs, ready to listen. */
export async function bootstrap(config: Config): Promise<Started> {
  const database = await openConfiguredDatabase(config);
  try {
    const key = await resolveEncryptionKey(config.encryptionKey, config.keysDir);
    const app = await buildApp({ config, database, encryption: new FieldEncryption(key) });
    // The reference data, loaded after seeding and followed as it changes.
    await app.referenceCache.start().catch(async (err: unknown) => {
      await app.close();
      throw err;
    });
    const mailer = createMailer(config);
    // The files e-mails carry: the invoice of a payment, the credit note of a refund, the documents of a decision.
    const decisionFiles = decisionAttachments(app.ctx.storage);
    const receiptFiles = receiptAttachments(config);
    const attachmentsOf: AttachmentsOf = async (db, message, locale) => [
      ...(await receiptFiles(db, message, locale)),
      ...(await decisionFiles(db, message, locale)),
    ];
    const worker = startWorker(
      [
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
      ],
      app.log,
    );
    app.ctx.pokeOutbox = worker.poke;
    app.addHook('onClose', async () => {
      await worker.stop();
      mailer.close();
      await database.close();
    });
    return { app, database };
  } catch (err) {
    await database.close();
    throw err;
  }
}
