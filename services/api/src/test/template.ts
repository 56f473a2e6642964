import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, pgliteClientOf, type Database } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { seedReferenceData } from '../db/seed';

/**
 * Tests run on a migrated, seeded template that each test file clones:
 * a PGlite data-dir dump by default, or a PostgreSQL template database when DATABASE_URL is set.
 */
export const TEMPLATE_ENV = 'WAYPOINT_TEST_TEMPLATE';

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function admin<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * Every test file loads the dump into a new PGlite, so its size is paid each time: the cluster's two template
 * databases (nothing in a test creates a database) are dropped, a third of the dump, and a checkpoint leaves no
 * WAL to replay at start. Together about a quarter less time to open each file's database.
 */
async function slimForCloning(database: Database): Promise<void> {
  // One statement at a time: DROP DATABASE cannot run in the implicit transaction of a multi-statement script.
  for (const statement of [
    'ALTER DATABASE template0 IS_TEMPLATE false',
    'ALTER DATABASE template1 IS_TEMPLATE false',
    'DROP DATABASE template0',
    'DROP DATABASE template1',
    'CHECKPOINT',
  ])
    await database.raw(statement);
}

export async function createTemplate(): Promise<string> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `waypoint_tpl_${crypto.randomBytes(4).toString('hex')}`;
    await admin(url, (c) => c.query(`CREATE DATABASE ${name}`));
    const database = await openDatabase({
      kind: 'postgres',
      url: withDatabase(url, name),
      poolSize: 2,
    });
    try {
      await migrateDatabase(database);
      await seedReferenceData(database);
    } finally {
      await database.close();
    }
    return `postgres:${name}`;
  }
  const database = await openDatabase({ kind: 'pglite' });
  try {
    await migrateDatabase(database);
    await seedReferenceData(database);
    await slimForCloning(database);
    const dump = await pgliteClientOf(database).dumpDataDir('none');
    const file = path.join(os.tmpdir(), `waypoint-test-${process.pid}-${Date.now()}.tar`);
    await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()));
    return `pglite:${file}`;
  } finally {
    await database.close();
  }
}

export async function dropTemplate(template: string): Promise<void> {
  if (template.startsWith('postgres:')) {
    const name = template.slice('postgres:'.length);
    await admin(process.env.DATABASE_URL!, (c) => c.query(`DROP DATABASE IF EXISTS ${name}`));
  } else {
    await fs.rm(template.slice('pglite:'.length), { force: true });
  }
}

/** A fresh database cloned from the template; `close` also removes it. */
export async function cloneTemplate(template: string): Promise<Database> {
  if (template.startsWith('postgres:')) {
    const url = process.env.DATABASE_URL!;
    const tpl = template.slice('postgres:'.length);
    const name = `waypoint_t_${crypto.randomBytes(6).toString('hex')}`;
    await admin(url, (c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${tpl}`));
    const database = await openDatabase({
      kind: 'postgres',
      url: withDatabase(url, name),
      poolSize: 5,
    });
    return {
      ...database,
      close: async () => {
        await database.close();
        await admin(url, (c) => c.query(`DROP DATABASE IF EXISTS ${name}`));
      },
    };
  }
  const dump = await fs.readFile(template.slice('pglite:'.length));
  return openDatabase({ kind: 'pglite', loadDataDir: new Blob([dump]) });
}
