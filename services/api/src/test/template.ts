import crypto from 'node:crypto';
import { constants as fsConstants, cpSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { seedReferenceData } from '../db/seed';

/**
 * Tests run on a migrated, seeded template that each test file clones:
 * a copy of an embedded (PGlite) data directory by default, or a PostgreSQL template database when DATABASE_URL
 * is set.
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
 * Every test file copies the template's data directory, so its size is paid each time: the cluster's two template
 * databases (nothing in a test creates a database) are dropped, a third of it, and a checkpoint leaves no WAL to
 * replay at start.
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

/**
 * Where the embedded templates and their copies live: memory-backed /dev/shm when the machine has it (each test file
 * copies about 28 MB there and removes it after), the temporary directory otherwise.
 */
async function scratchRoot(): Promise<string> {
  try {
    await fs.access('/dev/shm', fsConstants.W_OK);
    return '/dev/shm';
  } catch {
    return os.tmpdir();
  }
}

/** Whether a process of this machine is still running. */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes what runs that were killed before their teardown left behind (each run's directory is named for its
 * process): in /dev/shm it would hold its memory until the machine restarts.
 */
async function removeAbandonedRuns(root: string): Promise<void> {
  for (const entry of await fs.readdir(root).catch(() => [])) {
    const pid = /^waypoint-test-(\d+)-/.exec(entry)?.[1];
    if (pid && !running(Number(pid)))
      await fs.rm(path.join(root, entry), { recursive: true, force: true });
  }
}

/**
 * PostgreSQL's buffer cache for the tests' embedded databases. Opening one zeroes it, which at the default 128 MB
 * was most of the time a test file spent opening its database; these databases are a few MB.
 */
const TEST_SHARED_BUFFERS_MB = 8;

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
  // A data directory on disk (not a dump to load): a copy of it opens without unpacking an archive into memory.
  // The run's copies sit beside it, so that dropping the template removes whatever a crashed test file left.
  const root = await scratchRoot();
  await removeAbandonedRuns(root);
  const runDir = await fs.mkdtemp(path.join(root, `waypoint-test-${process.pid}-`));
  const dataDir = path.join(runDir, 'template');
  const database = await openDatabase({
    kind: 'pglite',
    dataDir,
    sharedBuffersMb: TEST_SHARED_BUFFERS_MB,
  });
  try {
    await migrateDatabase(database);
    await seedReferenceData(database);
    await slimForCloning(database);
  } finally {
    await database.close();
  }
  return `pglite:${dataDir}`;
}

export async function dropTemplate(template: string): Promise<void> {
  if (template.startsWith('postgres:')) {
    const name = template.slice('postgres:'.length);
    await admin(process.env.DATABASE_URL!, (c) => c.query(`DROP DATABASE IF EXISTS ${name}`));
  } else {
    await fs.rm(path.dirname(template.slice('pglite:'.length)), { recursive: true, force: true });
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
  const templateDir = template.slice('pglite:'.length);
  const dataDir = await fs.mkdtemp(path.join(path.dirname(templateDir), 'db-'));
  // The synchronous copy: about 35 ms for the template's 700 files, where Node 20's asynchronous fs.cp took 250–330 ms
  // and as much CPU (a promise round trip per file and per attribute), more than PGlite's own start.
  cpSync(templateDir, dataDir, { recursive: true });
  const database = await openDatabase({
    kind: 'pglite',
    dataDir,
    sharedBuffersMb: TEST_SHARED_BUFFERS_MB,
  });
  return {
    ...database,
    close: async () => {
      await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
