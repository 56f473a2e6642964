import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import pg from 'pg';
import { eq, sql } from 'drizzle-orm';
import { addDays, ukToday } from '@waypoint/contracts';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase, rowsOf, type Database } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { seedReferenceData } from '../db/seed';
import { users } from '../db/schema';
import { FieldEncryption } from '../lib/field-encryption';
import { hashPassword } from '../modules/auth/passwords';
import { seedSynthetic } from './seed-synthetic';

/**
 * `npm run bench:admin [-- --rows 1000000 --pglite-rows 200000 --runs 60 --keep]`
 * Seeds a fresh database with synthetic applications and prints the p50 / p95 latency of the admin list API
 * for a search, a status + date filter, a deep page and the work queue (its default order by due date, overdue,
 * due today, mine, unassigned), and of the dashboard and its charts, on PostgreSQL and on PGlite.
 * With `--keep`, the PostgreSQL database is `waypoint_bench_<rows>` and stays after the run; a later run with
 * `--keep` and the same number of rows measures it again without seeding (after migrating it to the newest schema).
 */
function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? fallback : Number(process.argv[i + 1]);
}

const ROWS = option('rows', 1_000_000);
const PGLITE_ROWS = option('pglite-rows', 200_000);
const RUNS = option('runs', 60);
const KEEP = process.argv.includes('--keep');
const PG_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/**
 * Signs the bench's member of staff in as staff do the first time: the password, then the authenticator's set-up.
 * Returns the session's Cookie header.
 */
async function signIn(app: FastifyInstance, email: string, password: string): Promise<string> {
  const jar = new Map<string, string>();
  const send = async (url: string, payload: object) => {
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const res = await app.inject({
      method: 'POST',
      url,
      payload,
      headers: cookie ? { cookie } : {},
    });
    for (const c of res.cookies) jar.set(c.name, c.value);
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json() as { data: Record<string, unknown> };
  };
  await send('/api/auth/login', { email, password });
  const { secret } = (await send('/api/auth/second-factor/setup', {})).data as { secret: string };
  await send('/api/auth/second-factor/setup/confirm', { code: await generate({ secret }) });
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

async function measure(database: Database, label: string, rows: number) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'waypoint-bench-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const app = await buildApp({
    config,
    database,
    encryption: new FieldEncryption(crypto.randomBytes(32).toString('base64')),
  });
  await app.ready();
  const email = 'bench.admin@example.com';
  const password = 'Bench-Admin-Lantern-7';
  await database.db
    .insert(users)
    .values({ email, role: 'admin', passwordHash: await hashPassword(password) })
    .onConflictDoNothing();
  // Its second factor is set up afresh at each sign-in (a kept database holds the last run's).
  await database.db
    .update(users)
    .set({ role: 'admin', totpSecretEncrypted: null, totpEnabledAt: null, totpLastStep: null })
    .where(eq(users.email, email));
  // Half the open work is the bench's member of staff's (the "mine" queries).
  const [admin] = await database.db.select().from(users).where(eq(users.email, email));
  await database.db.execute(
    sql`update applications set assignee_id = ${admin!.id}, assigned_at = now()
        where queue_due_at is not null and (hashtext(id::text) & 1) = 0`,
  );
  // The tables as they are once autovacuum has passed over them (their visibility maps set, so the indexes that
  // hold every column a query needs answer without reading the table).
  for (const table of ['applications', 'travelers', 'payments', 'refunds'])
    await database.db.execute(sql.raw(`vacuum analyze ${table}`));
  const cookie = await signIn(app, email, password);
  // Travellers' names that are there, spread over the table: the searches find something.
  const names = rowsOf<{ first: string; last: string }>(
    await database.db.execute(
      sql`select lower(first_name) as first, lower(last_name) as last from travelers
          where position = 1 and (hashtext(application_id::text) & 1023) = 7 limit 64`,
    ),
  );
  if (names.length === 0) throw new Error('no travellers to search for');
  const year = new Date().getUTCFullYear();
  const today = ukToday();
  const daysAgo = (days: number) => addDays(today, -days);
  const queries: [string, (i: number) => string][] = [
    ['search (name)', (i) => `?search=${encodeURIComponent(names[i % names.length]!.last)}`],
    [
      'search (e-mail)',
      (i) => `?search=synthetic0_${1 + ((i * 7919) % Math.min(rows, 20_000))}@example.com`,
    ],
    [
      'search (part)',
      (i) => {
        const name = names[(i * 7) % names.length]!;
        return `?search=${encodeURIComponent(`${name.first.slice(1)} ${name.last.slice(0, -1)}`)}`;
      },
    ],
    [
      'status + date',
      (i) =>
        `?status=${['SUBMITTED', 'APPROVED', 'UNDER_REVIEW'][i % 3]}&dateFrom=${year - 1}-0${1 + (i % 6)}-01&dateTo=${year - 1}-0${2 + (i % 6)}-28`,
    ],
    ['deep page', (i) => `?page=${5000 + (i % 50)}`],
    // The work queue: the default order (open work by due date), its filters, and a page into it.
    ['queue (default)', (i) => (i % 2 ? '' : '?sort=due&order=asc')],
    ['queue page 3', () => '?page=3'],
    ['overdue', () => '?due=overdue'],
    ['due today', () => '?due=today'],
    ['mine', () => '?assignee=me'],
    ['unassigned', () => '?assignee=none'],
    ['mine + overdue', () => '?assignee=me&due=overdue'],
    ['dashboard', () => '/api/admin/dashboard'],
    // The dashboard's charts over the last 30 and 90 days, and a month a year ago.
    ['charts 30 days', () => `/api/admin/dashboard/charts?from=${daysAgo(29)}&to=${daysAgo(0)}`],
    ['charts 90 days', () => `/api/admin/dashboard/charts?from=${daysAgo(89)}&to=${daysAgo(0)}`],
    [
      'charts year ago',
      () => `/api/admin/dashboard/charts?from=${daysAgo(394)}&to=${daysAgo(365)}`,
    ],
    ['middle page', (i) => `?page=${Math.floor(rows / 20 / 2) + (i % 50)}`],
  ];
  const urlOf = (q: string) => (q.startsWith('/') ? q : `/api/admin/applications${q}`);
  const results: string[] = [];
  for (const [name, query] of queries) {
    for (let i = 0; i < 5; i += 1)
      await app.inject({
        method: 'GET',
        url: urlOf(query(i)),
        headers: { cookie },
      });
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < RUNS; i += 1) {
      const started = process.hrtime.bigint();
      const res = await app.inject({
        method: 'GET',
        url: urlOf(query(i)),
        headers: { cookie },
      });
      times.push(Number(process.hrtime.bigint() - started) / 1e6);
      if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body}`);
      const data = (res.json() as { data: { pagination?: { total: number } } }).data;
      total = data.pagination?.total ?? 0;
    }
    times.sort((a, b) => a - b);
    results.push(
      `${label.padEnd(11)} ${String(rows).padStart(9)}  ${name.padEnd(16)} p50 ${percentile(times, 50).toFixed(1).padStart(7)} ms   p95 ${percentile(times, 95).toFixed(1).padStart(7)} ms   (last result: ${total} matches)`,
    );
  }
  await app.close();
  await fs.rm(dataDir, { recursive: true, force: true });
  return results;
}

async function prepare(database: Database, rows: number, label: string) {
  const started = Date.now();
  await migrateDatabase(database);
  await seedReferenceData(database);
  await seedSynthetic(database, rows);
  process.stdout.write(
    `${label}: seeded ${rows} applications in ${((Date.now() - started) / 1000).toFixed(0)} s\n`,
  );
}

/** Whether a kept database already holds the synthetic applications (then it is only migrated). */
async function seeded(database: Database, rows: number): Promise<boolean> {
  const found = await database.db
    .execute(sql`select count(*)::int as n from applications`)
    .catch(() => null);
  return found !== null && Number(rowsOf<{ n: number }>(found)[0]?.n ?? 0) >= rows;
}

async function postgres(): Promise<string[]> {
  const admin = new pg.Client({ connectionString: PG_URL });
  try {
    await admin.connect();
  } catch {
    return [`PostgreSQL  not reachable at ${PG_URL}: skipped`];
  }
  const name = KEEP
    ? `waypoint_bench_${ROWS}`
    : `waypoint_bench_${crypto.randomBytes(4).toString('hex')}`;
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [name]))
    .rowCount;
  if (!exists) await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
  try {
    if (KEEP && exists && (await seeded(database, ROWS))) {
      await migrateDatabase(database);
      process.stdout.write(`PostgreSQL: reusing ${name} (${ROWS} applications)\n`);
    } else {
      await prepare(database, ROWS, 'PostgreSQL');
    }
    return await measure(database, 'PostgreSQL', ROWS);
  } finally {
    await database.close();
    if (!KEEP) await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.end();
  }
}

async function pglite(): Promise<string[]> {
  const database = await openDatabase({ kind: 'pglite' });
  try {
    await prepare(database, PGLITE_ROWS, 'PGlite');
    return await measure(database, 'PGlite', PGLITE_ROWS);
  } finally {
    await database.close();
  }
}

async function main() {
  const lines = [...(await postgres()), ...(PGLITE_ROWS > 0 ? await pglite() : [])];
  process.stdout.write(
    `\nAdmin list API latency (${RUNS} requests each, through the full HTTP stack in process)\n`,
  );
  process.stdout.write(`${'database'.padEnd(11)} ${'rows'.padStart(9)}  query\n`);
  for (const line of lines) process.stdout.write(`${line}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
