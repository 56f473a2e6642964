// `npm run bench:api`: how much the portal's request pipeline costs over a bare Fastify server answering the
// same bytes. Starts the built portal (services/api/dist/server.js) on a fresh database (a scratch PostgreSQL
// database created and dropped here when DATABASE_URL is set, otherwise PGlite in a temporary DATA_DIR), fetches
// the country list from it, starts a bare Fastify server in a child process that answers those exact bytes and a
// tiny hello (and, on PostgreSQL, a draft save: one upsert per request into the same database), then runs
// autocannon (50 connections, 5 s each) against, in turn:
//   bare countries, portal GET /api/reference/countries (plain, then as a browser asks: Brotli/gzip accepted),
//   bare hello, portal GET /api/health, bare draft save (PostgreSQL), portal POST /api/applications/save (a
//   guest's draft, same-origin; compared with the bare draft save on PostgreSQL, with the hello on PGlite).
// Prints req/s, p99 latency and each portal route as a share of its bare baseline. A measurement, not a test:
// it exits 0 unless something crashes. `npm run bench:api` builds the API first (the front ends are not needed).
//
// Options: --duration <seconds>     per run (default 5)
//          --connections <count>    concurrent connections (default 50)
import { spawn } from 'node:child_process';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { existsSync } from 'node:fs';
import { REPO_ROOT, SERVER_ENTRY, freePort } from '../playwright/support/portal.mjs';
// The scratch database of the fault tests (the API is built before this script runs).
import harness from '../services/api/dist/faults/harness.js';

const { createDatabase } = harness;

const { values: options } = parseArgs({
  options: {
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '50' },
    // Internal: run as the bare server (child process) answering the bytes of this file.
    'bare-server': { type: 'string' },
    // Internal: the bare server's database (PostgreSQL), for its draft save.
    'bare-database': { type: 'string' },
  },
});

const DURATION = Number(options.duration);
const CONNECTIONS = Number(options.connections);
const LOG_LEVEL = process.env.LOG_LEVEL || 'warn';

/** What a browser sends with a draft save (the portal's CSRF rules need these). */
const DRAFT = {
  countryId: 'US',
  visaTypeId: null,
  arrivalDate: null,
  hasPlannedDates: true,
  travelers: [],
  selectedProcessingOption: null,
  currentStep: 1,
};

/** The bare draft save: one prepared upsert per request, as a straightforward route would write it. */
const BARE_SAVE = `insert into drafts (session_key_hash, data, current_step, expires_at, updated_at)
  values ($1, $2, $3, $4, now())
  on conflict (session_key_hash) do update set data = excluded.data, current_step = excluded.current_step,
    expires_at = excluded.expires_at, updated_at = now()
  returning id, updated_at`;

/**
 * The bare baseline, in its own process: Fastify with no plugins, answering the country list's bytes as they are
 * and a hello; with a database, also a draft save, each request one upsert through a pool of the portal's size.
 * Prints its address once listening.
 * @param {string} file
 * @param {string | undefined} databaseUrl
 */
async function runBareServer(file, databaseUrl) {
  const { default: Fastify } = await import('fastify');
  const countries = await fsp.readFile(file);
  const app = Fastify({ logger: false });
  app.get('/countries', (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(countries),
  );
  app.get('/hello', () => ({ hello: 'world' }));
  if (databaseUrl) {
    const { default: pg } = await import('pg');
    const { createHash } = await import('node:crypto');
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
    app.post('/save', async (request) => {
      const draft = /** @type {{ currentStep: number }} */ (request.body);
      const owner = createHash('sha256')
        .update(`bare ${request.headers.cookie ?? ''}`)
        .digest('hex');
      const expires = new Date(Date.now() + 30 * 86_400_000);
      const { rows } = await pool.query({
        name: 'bare_save',
        text: BARE_SAVE,
        values: [owner, JSON.stringify(draft), draft.currentStep, expires],
      });
      return { success: true, data: { sessionId: rows[0].id, savedAt: rows[0].updated_at } };
    });
  }
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(`BARE ${address}`);
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
}

/**
 * Starts a child process and resolves once `ready` does (or rejects when the process exits first).
 * @param {string[]} args
 * @param {NodeJS.ProcessEnv} env
 * @param {(output: () => string) => Promise<string>} ready resolves with the address to use
 * @returns {Promise<{ child: import('node:child_process').ChildProcess; url: string }>}
 */
function startProcess(args, env, ready) {
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (/** @type {Buffer} */ chunk) => {
    output += chunk.toString('utf8');
    if (output.length > 100_000) output = output.slice(-10_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return new Promise((resolve, reject) => {
    child.once('exit', (code) =>
      reject(new Error(`${args.join(' ')} exited (${code}):\n${output}`)),
    );
    ready(() => output).then((url) => resolve({ child, url }), reject);
  });
}

/**
 * Polls `url` until it answers 200.
 * @param {string} url
 */
async function answering(url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Resolves with the first match of `pattern` in the output. */
const printed = (/** @type {RegExp} */ pattern) => async (/** @type {() => string} */ output) => {
  for (;;) {
    const match = pattern.exec(output());
    if (match?.[1]) return match[1];
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

/** @param {import('node:child_process').ChildProcess} child */
function stop(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(undefined);
    child.once('exit', () => resolve(undefined));
    child.kill('SIGTERM');
  });
}

/**
 * @typedef {object} Run
 * @property {string} label
 * @property {string} url
 * @property {string} [baseline] label of the bare run this one is compared with
 * @property {'GET' | 'POST'} [method]
 * @property {Record<string, string>} [headers]
 * @property {string} [body]
 * @property {string[]} [cookies] one per connection
 */

/**
 * @typedef {object} Result
 * @property {string} label
 * @property {number} rps average requests per second
 * @property {number} p99 latency, ms
 * @property {number} non2xx
 * @property {number} errors
 * @property {number} bytesPerRequest
 * @property {string} [baseline]
 */

/**
 * @param {Run} run
 * @returns {Promise<Result>}
 */
/** An autocannon request step giving each connection its own cookie from `cookies`, kept for its lifetime. */
function perConnectionCookie(cookies) {
  let next = 0;
  return {
    setupRequest(request, context) {
      context.cookie ??= cookies[next++ % cookies.length];
      return { ...request, headers: { ...request.headers, cookie: context.cookie } };
    },
  };
}

async function measure(run) {
  const result = await autocannon({
    url: run.url,
    method: run.method ?? 'GET',
    headers: run.headers ?? {},
    ...(run.body ? { body: run.body } : {}),
    ...(run.cookies ? { requests: [perConnectionCookie(run.cookies)] } : {}),
    connections: CONNECTIONS,
    duration: DURATION,
  });
  const total = result.requests.total || 1;
  return {
    label: run.label,
    rps: result.requests.average,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    bytesPerRequest: result.throughput.total / total,
    ...(run.baseline ? { baseline: run.baseline } : {}),
  };
}

/** @param {Result[]} results */
function printTable(results) {
  const byLabel = new Map(results.map((result) => [result.label, result]));
  const header = ['Route', 'req/s', 'p99 ms', 'bytes/req', 'non-2xx', 'errors', 'vs bare'];
  const rows = results.map((result) => {
    const base = result.baseline ? byLabel.get(result.baseline) : undefined;
    return [
      result.label,
      result.rps.toFixed(0),
      String(result.p99),
      result.bytesPerRequest.toFixed(0),
      String(result.non2xx),
      String(result.errors),
      base ? `${((result.rps / base.rps) * 100).toFixed(1)}% of ${base.label}` : '',
    ];
  });
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((cells) => (cells[column] ?? '').length)),
  );
  const line = (/** @type {string[]} */ cells) =>
    cells
      .map((cell, column) =>
        column >= 1 && column <= 5
          ? cell.padStart(widths[column] ?? 0)
          : cell.padEnd(widths[column] ?? 0),
      )
      .join('  ')
      .trimEnd();
  console.log(line(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const cells of rows) console.log(line(cells));
}

async function main() {
  if (!existsSync(SERVER_ENTRY)) throw new Error('The API is not built: run npm run bench:api.');
  const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'waypoint-bench-api-'));
  const scratch = process.env.DATABASE_URL
    ? await createDatabase(process.env.DATABASE_URL)
    : undefined;
  /** @type {import('node:child_process').ChildProcess[]} */
  const children = [];
  try {
    const port = await freePort();
    const portal = await startProcess(
      [SERVER_ENTRY],
      {
        PATH: process.env.PATH,
        NODE_ENV: 'development',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL,
        ...(scratch ? { DATABASE_URL: scratch.url } : {}),
      },
      async () => {
        const url = `http://127.0.0.1:${port}`;
        await answering(`${url}/api/ready`);
        return url;
      },
    );
    children.push(portal.child);
    const portalUrl = portal.url;

    // The exact bytes the portal sends for the country list, for the bare server to send too.
    const countriesResponse = await fetch(`${portalUrl}/api/reference/countries`, {
      headers: { 'accept-encoding': 'identity' },
    });
    if (!countriesResponse.ok) throw new Error(`countries: ${countriesResponse.status}`);
    const countries = Buffer.from(await countriesResponse.arrayBuffer());
    const countriesFile = path.join(dataDir, 'countries.json');
    await fsp.writeFile(countriesFile, countries);

    const bare = await startProcess(
      [
        path.join(REPO_ROOT, 'scripts/bench-api.mjs'),
        '--bare-server',
        countriesFile,
        ...(scratch ? ['--bare-database', scratch.url] : []),
      ],
      { PATH: process.env.PATH },
      printed(/BARE (http:\/\/127\.0\.0\.1:\d+)/),
    );
    children.push(bare.child);
    const bareUrl = bare.url;

    // One guest per connection, each with the cookie of a first save, as 50 travellers' browsers would hold it
    // (one cookie on every connection would measure 50 tabs queueing for the lock of one draft's row).
    const sameOrigin = {
      origin: portalUrl,
      'sec-fetch-site': 'same-origin',
      'content-type': 'application/json',
    };
    const body = JSON.stringify(DRAFT);
    const cookies = [];
    for (let i = 0; i < CONNECTIONS; i += 1) {
      const first = await fetch(`${portalUrl}/api/applications/save`, {
        method: 'POST',
        headers: sameOrigin,
        body,
      });
      if (!first.ok) throw new Error(`draft save: ${first.status} ${await first.text()}`);
      const cookie = first.headers
        .getSetCookie()
        .map((set) => set.split(';')[0])
        .join('; ');
      if (!cookie) throw new Error('draft save: no guest cookie');
      cookies.push(cookie);
    }

    console.log(
      `Portal ${portalUrl} on ${scratch ? 'PostgreSQL (scratch database)' : 'PGlite'}, LOG_LEVEL=${LOG_LEVEL}; ` +
        `bare Fastify ${bareUrl}. ${CONNECTIONS} connections, ${DURATION} s per route; ` +
        `country list ${countries.length} bytes.\n`,
    );

    /** @type {Run[]} */
    const runs = [
      { label: 'bare countries', url: `${bareUrl}/countries` },
      {
        label: 'portal countries',
        url: `${portalUrl}/api/reference/countries`,
        baseline: 'bare countries',
      },
      {
        label: 'portal countries (br)',
        url: `${portalUrl}/api/reference/countries`,
        headers: { 'accept-encoding': 'br, gzip' },
        baseline: 'bare countries',
      },
      { label: 'bare hello', url: `${bareUrl}/hello` },
      { label: 'portal health', url: `${portalUrl}/api/health`, baseline: 'bare hello' },
      ...(scratch
        ? [
            {
              label: 'bare draft save',
              url: `${bareUrl}/save`,
              method: /** @type {const} */ ('POST'),
              headers: sameOrigin,
              cookies,
              body,
            },
          ]
        : []),
      {
        label: 'portal draft save',
        url: `${portalUrl}/api/applications/save`,
        method: 'POST',
        headers: sameOrigin,
        cookies,
        body,
        baseline: scratch ? 'bare draft save' : 'bare hello',
      },
    ];
    /** @type {Result[]} */
    const results = [];
    for (const run of runs) {
      process.stdout.write(`  ${run.label}…\n`);
      results.push(await measure(run));
    }
    console.log('');
    printTable(results);
  } finally {
    for (const child of children.reverse()) await stop(child);
    await scratch?.drop();
    await fsp.rm(dataDir, { recursive: true, force: true });
  }
}

if (options['bare-server']) {
  runBareServer(options['bare-server'], options['bare-database']).catch((error) => {
    console.error(error);
    process.exit(1);
  });
} else {
  main().catch((error) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exitCode = 1;
  });
}
