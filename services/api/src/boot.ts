import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import { migrateDatabase } from './db/migrate';
import { seedReferenceData } from './db/seed';
import { FieldEncryption, resolveEncryptionKey } from './lib/field-encryption';

/** Opens the configured database (PostgreSQL, or PGlite under DATA_DIR/db), migrated and seeded. */
export async function openConfiguredDatabase(config: Config): Promise<Database> {
  const database = config.databaseUrl
    ? await openDatabase({ kind: 'postgres', url: config.databaseUrl })
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
    app.addHook('onClose', async () => {
      await database.close();
    });
    return { app, database };
  } catch (err) {
    await database.close();
    throw err;
  }
}
