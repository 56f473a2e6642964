import crypto from 'node:crypto';
import { constants as fsConstants, cpSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase, openPglite, pgliteDatabase, type Database } from '../db/client';
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
  const { client, dataDir } = await copyOfTemplate(template);
  return pgliteDatabase(client, async () => {
    await client.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });
}

/** An embedded database opened on a copy of the template's data directory. */
async function copyOfTemplate(template: string): Promise<{ client: PGlite; dataDir: string }> {
  const templateDir = template.slice('pglite:'.length);
  const dataDir = await fs.mkdtemp(path.join(path.dirname(templateDir), 'db-'));
  // The synchronous copy: about 35 ms for the template's 700 files, where Node 20's asynchronous fs.cp took 250–330 ms
  // and as much CPU (a promise round trip per file and per attribute), more than PGlite's own start.
  cpSync(templateDir, dataDir, { recursive: true });
  const client = await openPglite({ dataDir, sharedBuffersMb: TEST_SHARED_BUFFERS_MB });
  return { client, dataDir };
}

/** A test file's database: `release` hands it back once the file's app is closed. */
export interface Lease {
  /** Closing it ends the database for good (a test that cuts the database off); `release` then only tidies. */
  database: Database;
  release(): Promise<void>;
}

/**
 * The embedded database a test worker keeps between its test files, with what puts it back to the template's
 * state: opening a copy of the template costs about 0.4 s of CPU (PGlite's start), putting one back a few
 * milliseconds for the tables a file wrote to.
 */
interface Kept {
  client: PGlite;
  dataDir: string;
  reset: Reset;
  /** Lent to an app not yet closed. */
  lent: boolean;
}

let kept: Kept | null = null;

/**
 * A database in the template's state for one test file. On PGlite the worker's kept database is lent and, on
 * release, put back to the template's state for the next file (or closed, if the file changed its schema or
 * closed it); on PostgreSQL it is a new clone each time.
 */
export async function leaseDatabase(template: string): Promise<Lease> {
  if (template.startsWith('postgres:')) {
    const database = await cloneTemplate(template);
    return { database, release: () => database.close() };
  }
  // A second app of the same file (both open at once) gets a copy of its own.
  if (kept?.lent) {
    const database = await cloneTemplate(template);
    return { database, release: () => database.close() };
  }
  if (!kept || kept.client.closed) {
    const { client, dataDir } = await copyOfTemplate(template);
    kept = { client, dataDir, reset: await Reset.plan(client), lent: false };
  }
  const current = kept;
  current.lent = true;
  const discard = async () => {
    if (kept === current) kept = null;
    if (!current.client.closed) await current.client.close();
    await fs.rm(current.dataDir, { recursive: true, force: true });
  };
  let released = false;
  // Closed by its test, it is gone: the next file opens a new copy. Closed on release, only its listeners stop.
  const database = pgliteDatabase(current.client, () => (released ? Promise.resolve() : discard()));
  return {
    database,
    release: async () => {
      if (released) return;
      released = true;
      await database.close().catch(() => undefined);
      if (current.client.closed) return discard();
      // A file whose changes cannot be undone (its schema, a failed reset) leaves a database nobody reuses.
      const ok = await current.reset.run(current.client).catch(() => false);
      if (!ok) return discard();
      current.lent = false;
    },
  };
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Puts an embedded database back to the state it was in when planned (the template's): the tables a test file
 * wrote to are emptied, the tables the template fills (the reference data, the job queues) are filled again from
 * copies taken at the start if a file changed them (seen by their row count and the newest row version), the
 * sequences are set back, and nothing is done when the schema itself changed (the database is then not reused).
 */
class Reset {
  private constructor(
    private readonly schemaShape: string,
    private readonly check: string,
    /** What `check` answered in the template's state (the row versions of tables put back change with them). */
    private expected: string[],
    /** In `check`'s order: each table, with how to fill it again when the template has rows in it. */
    private readonly tables: { table: string; refill?: string }[],
    /** In `check`'s order, after the tables. */
    private readonly sequences: string[],
  ) {}

  /** The shape of the schema: a file that creates or drops a table, column, trigger or function changes it. */
  private static readonly SHAPE = `(select count(*) from pg_class) || ':' || (select count(*) from pg_attribute)
    || ':' || (select count(*) from pg_trigger) || ':' || (select count(*) from pg_proc) || ':'
    || (select count(*) from pg_constraint)`;

  /** Beyond this many rows deleted, the database is not reused. */
  private static readonly MOST_ROWS_DELETED = 5_000;

  static async plan(client: PGlite): Promise<Reset> {
    const { rows: found } = await client.query<{ schema: string; name: string }>(
      `select n.nspname as schema, c.relname as name
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p') and not c.relispartition
          and n.nspname not in ('pg_catalog', 'information_schema', 'drizzle') and n.nspname not like 'pg_toast%'
        order by 1, 2`,
    );
    const tables: { table: string; refill?: string }[] = [];
    const checks: string[] = [];
    const copies: string[] = ['create schema test_template'];
    for (const [i, { schema, name }] of found.entries()) {
      const table = `${quoted(schema)}.${quoted(name)}`;
      const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from ${table}`);
      if (rows[0]!.n === 0) {
        tables.push({ table });
        checks.push(`(select count(*) from (select 1 from ${table} limit 1) x)::text`);
        continue;
      }
      const { rows: columns } = await client.query<{ name: string }>(
        `select column_name as name from information_schema.columns
          where table_schema = $1 and table_name = $2 and is_generated = 'NEVER' order by ordinal_position`,
        [schema, name],
      );
      const list = columns.map((c) => quoted(c.name)).join(', ');
      copies.push(`create table test_template.t${i} as select ${list} from ${table}`);
      tables.push({
        table,
        refill: `insert into ${table} (${list}) overriding system value select ${list} from test_template.t${i}`,
      });
      // Its row count and newest row version: any insert, update or delete changes one of them.
      checks.push(`(select count(*) || '/' || coalesce(max(xmin::text::bigint), 0) from ${table})`);
    }
    await client.exec(copies.join(';\n'));
    const { rows: sequences } = await client.query<{ name: string }>(
      `select format('%I.%I', schemaname, sequencename) as name from pg_sequences order by 1`,
    );
    for (const { name } of sequences)
      checks.push(`(select last_value || '/' || is_called from ${name})`);
    const check = `select ${Reset.SHAPE} as shape, array[${checks.join(', ')}] as state`;
    const { rows } = await client.query<{ shape: string; state: string[] }>(check);
    return new Reset(
      rows[0]!.shape,
      check,
      rows[0]!.state,
      tables,
      sequences.map((s) => s.name),
    );
  }

  /**
   * Puts the database back; false when it is not worth it: the schema changed, or the file wrote so many rows
   * that their dead versions would slow the next files (a new copy is cheaper than vacuuming them).
   */
  async run(client: PGlite): Promise<boolean> {
    const read = async () =>
      (await client.query<{ shape: string; state: string[] }>(this.check)).rows[0]!;
    const { shape, state } = await read();
    if (shape !== this.schemaShape) return false;
    const emptied: string[] = [];
    const refilled: string[] = [];
    this.tables.forEach(({ table, refill }, i) => {
      if (state[i] === this.expected[i]) return;
      emptied.push(table);
      if (refill) refilled.push(refill);
    });
    const setBack = this.sequences.flatMap((name, j) => {
      const i = this.tables.length + j;
      if (state[i] === this.expected[i]) return [];
      const [value, called] = this.expected[i]!.split('/');
      return [`select setval('${name}', ${value}, ${called})`];
    });
    if (emptied.length === 0 && setBack.length === 0) return true;
    // Rows deleted rather than tables truncated: truncating a table makes new files for it and its indexes
    // (about 5 ms a table) and takes every table that refers to it along. The foreign keys' and the tables' own
    // triggers are off meanwhile: the copies put back are the template's rows as they were.
    const results = await client.exec(
      [
        'set session_replication_role = replica',
        ...emptied.map((table) => `delete from ${table}`),
        ...refilled,
        ...setBack,
        'set session_replication_role = origin',
      ].join(';\n'),
    );
    const deleted = results
      .slice(1, 1 + emptied.length)
      .reduce((sum, result) => sum + (result.affectedRows ?? 0), 0);
    if (deleted > Reset.MOST_ROWS_DELETED) return false;
    // The tables filled again have new row versions: that is their template state from now on.
    if (refilled.length > 0) this.expected = (await read()).state;
    return true;
  }
}
