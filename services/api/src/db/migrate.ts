import path from 'node:path';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { Pool } from 'pg';
import type { Database } from './client';
import { installJobQueue } from '../lib/jobs';

/** The committed drizzle-kit migrations (services/api/drizzle), the same from src and dist. */
export const migrationsFolder = path.resolve(__dirname, '../../drizzle');

/** Arbitrary constant: the advisory lock that lets one process at a time migrate a PostgreSQL. */
const MIGRATION_LOCK = 724_113_001;

/**
 * Applies every pending migration, then installs the job queue's schema and queues (pg-boss keeps its own
 * migrations, under its own lock). Safe to call from several processes at once.
 */
export async function migrateDatabase(database: Database): Promise<void> {
  await migrateTables(database);
  await installJobQueue(database);
}

async function migrateTables(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder });
    return;
  }
  // The lock is held by one dedicated connection for the whole migration.
  const pool = (database.db as unknown as { $client: Pool }).$client;
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrateNodePg(database.db as unknown as NodePgDatabase, { migrationsFolder });
  } finally {
    await lockClient
      .query('select pg_advisory_unlock($1)', [MIGRATION_LOCK])
      .catch(() => undefined);
    lockClient.release();
  }
}
