import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import {
  createDatabase,
  killHard,
  sleep,
  startServer,
  stop,
  tempDir,
  type ServerProcess,
} from '../faults/harness';
import { localNginxConfig } from '../faults/nginx';

/**
 * `npm run bench:scale [-- --web 3 --seconds 30 --warm 60 --concurrency 16 --pool 10 --no-kill]`
 * `npm run bench:scale -- --compare 1,3 --rounds 3 [--seconds 30 --warm 60 ...]`
 * The portal as it runs on several machines, on this one: N web processes (ROLE=web) and one worker (ROLE=worker)
 * on one scratch PostgreSQL database, Redis for the rate-limit counters, one DATA_DIR for the uploaded documents
 * and the development mailbox, and nginx in front as the load balancer. Travellers save drafts, place orders, pay
 * with the sandbox card and upload a passport page, through nginx; halfway through, one web process is killed
 * with SIGKILL. Once the worker has reconciled what was charged, it prints the orders per second, the failed
 * requests, the orders lost, the e-mails sent twice and the database work per order.
 *
 * Each simulated traveller connects from a loopback address of its own (127.x.y.z: all of 127.0.0.0/8 reaches this
 * machine), so nginx sees a different client per traveller and passes it in X-Forwarded-For as in production
 * (TRUST_PROXY=1): the per-IP limits apply unchanged and nothing is forged.
 *
 * `--pool` is each process's DATABASE_POOL_SIZE (default 10, as in production).
 * `--compare A,B` runs the same measurement with A and then B web processes, `--rounds` times in turn (A, B, A, B…),
 * each on a fresh database and fresh processes, and prints the medians side by side: this machine is shared and its
 * speed drifts by 10–20% from one minute to the next, so only figures measured in turn, in the same run, compare.
 * `--warm` is the seconds of the same load run first and not counted (default 60): a process in production runs for
 * hours, so its code is compiled and its caches full. V8 optimizes a function once it has run often enough, and a
 * process that shares the load with two others gets there three times later: after 10 s, three processes' event
 * loops still spent about half as much CPU again per order as one process's (31 against 20.5 ms, much of it in
 * V8's unoptimized code); after 60 s, 26 ms.
 *
 * DATABASE_URL names the PostgreSQL server to create the scratch database on (default
 * postgres://postgres@127.0.0.1:5432/test); REDIS_URL the Redis (default redis://127.0.0.1:6379; without an answer
 * the counters are kept in the database).
 */
const print = (line = '') => process.stdout.write(`${line}\n`);

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  if (i === -1) return fallback;
  const value = Number(process.argv[i + 1]);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
}

const WEB = Math.floor(option('web', 3));
const SECONDS = option('seconds', 30);
const CONCURRENCY = Math.floor(option('concurrency', 16));
const POOL = Math.floor(option('pool', 10));
const WARM_SECONDS = option('warm', 60);
const KILL = !process.argv.includes('--no-kill');
const COMPARE = process.argv.includes('--compare')
  ? process.argv[process.argv.indexOf('--compare') + 1]!.split(',').map(Number)
  : null;
const ROUNDS = Math.floor(option('rounds', 3));
/** A child of `--compare` prints its figures as one JSON line after this marker. */
const RESULT_MARK = 'bench-scale-result ';
const NGINX = '/usr/sbin/nginx';
/** Reconciliation settles charged orders this fast here (production: 60 s grace, every 30 s). */
const RECONCILE = { RECONCILE_GRACE_SECONDS: '10', RECONCILE_INTERVAL_SECONDS: '2' };
const SETTLE_LIMIT_MS = 120_000;
/** Idle PostgreSQL backends report their counters within 10 s (PostgreSQL 15's idle interval). */
const STATS_FLUSH_MS = 11_000;
const PASSPORT_PAGE = path.resolve(
  __dirname,
  '../../src/modules/documents/fixtures/mrz-clean-scan-01.jpg',
);

/* ------------------------------------------------------------------ clean-up */

const cleanups: (() => Promise<unknown>)[] = [];
let cleaning: Promise<void> | null = null;

/** Undoes everything started or created so far, newest first; safe to call twice. */
function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    for (const step of cleanups.reverse()) await step().catch(() => undefined);
  })();
  return cleaning;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    print(`\n${signal}: stopping every process and removing the scratch database…`);
    void cleanUp().then(() => process.exit(130));
  });
}

/* ------------------------------------------------------------------ processes */

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** nginx as the load balancer: round robin over the web processes, as deploy/nginx/waypoint.conf passes requests. */
async function startNginx(webPorts: number[], port: number) {
  // A folder of its own that nginx's unprivileged worker can write request bodies into.
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'waypoint-bench-nginx-'));
  cleanups.push(() => fs.rm(dir, { recursive: true, force: true }));
  await fs.chmod(dir, 0o755);
  const conf = path.join(dir, 'nginx.conf');
  await fs.writeFile(
    conf,
    localNginxConfig(dir, {
      errorLevel: 'error',
      connections: 4096,
      http: `  upstream web {
${webPorts.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=10s;`).join('\n')}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 12m;
    location / {
      proxy_pass http://web;
      proxy_http_version 1.1;
      proxy_set_header Connection '';
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_next_upstream error timeout;
      proxy_connect_timeout 5s;
      proxy_read_timeout 60s;
    }
  }
`,
    }),
  );
  const child = spawn(NGINX, ['-p', dir, '-c', conf, '-e', 'stderr'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-5000)));
  child.stderr!.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-5000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  cleanups.push(async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGQUIT');
    await Promise.race([exited, sleep(5000)]);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  const base = `http://127.0.0.1:${port}`;
  const until = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${output}`);
    const up = await fetch(`${base}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (up) return { base, child };
    if (Date.now() > until) throw new Error(`nginx did not start: ${output}`);
    await sleep(50);
  }
}

/** A started API process, stopped (SIGTERM, then SIGKILL) by the clean-up. */
async function startApi(env: Record<string, string>): Promise<ServerProcess> {
  const server = await startServer(env);
  cleanups.push(async () => {
    if (!server.alive()) return;
    await Promise.race([stop(server), sleep(15_000)]);
    if (server.alive()) await killHard(server);
  });
  return server;
}

/* ------------------------------------------------------------------ CPU */

const TICKS_PER_SECOND = 100;

/** CPU ticks of a process and of its direct children (nginx's workers). */
async function treeTicks(pid: number): Promise<number> {
  let total = await processTicks(pid);
  for (const entry of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await fs.readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (parent === pid) total += await processTicks(Number(entry));
  }
  return total;
}

/** User and system CPU ticks from a `stat` file of /proc (a process's or one of its threads'); 0 once it is gone. */
async function statTicks(file: string): Promise<number> {
  const stat = await fs.readFile(file, 'utf8').catch(() => '');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
}

const processTicks = (pid: number) => statTicks(`/proc/${pid}/stat`);

/**
 * CPU ticks of a process's event loop (its main thread, where requests are handled), apart from its other threads
 * (libvips's image threads, V8's compiler and garbage collector, libuv's pool). Reads /proc/PID/task/PID/stat.
 */
const eventLoopTicks = (pid: number) => statTicks(`/proc/${pid}/task/${pid}/stat`);

/** CPU ticks used so far by every PostgreSQL process of this machine. */
async function postgresTicks(): Promise<number> {
  let total = 0;
  for (const entry of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const comm = await fs.readFile(`/proc/${entry}/comm`, 'utf8').catch(() => '');
    if (comm.trim() === 'postgres') total += await processTicks(Number(entry));
  }
  return total;
}

/** The machine's busy and total ticks, from /proc/stat. */
async function machineTicks(): Promise<{ busy: number; total: number }> {
  const line = (await fs.readFile('/proc/stat', 'utf8')).split('\n')[0]!;
  const values = line.trim().split(/\s+/).slice(1).map(Number);
  const total = values.reduce((a, b) => a + b, 0);
  const idle = (values[3] ?? 0) + (values[4] ?? 0);
  return { busy: total - idle, total };
}

/* ------------------------------------------------------------------ travellers */

interface Answer {
  status: number;
  body: unknown;
}

/**
 * One traveller's browser: its own loopback address (so nginx sees a client of its own), a keep-alive connection
 * and a cookie jar. Network failures answer status 0.
 */
class Traveller {
  private readonly cookies = new Map<string, string>();
  private readonly agent: http.Agent;
  constructor(
    private readonly base: URL,
    localAddress: string,
  ) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets: 1, localAddress });
  }

  close() {
    this.agent.destroy();
  }

  request(method: string, url: string, body?: unknown, multipart?: Buffer): Promise<Answer> {
    const headers: Record<string, string | number> = {
      origin: this.base.origin,
      'sec-fetch-site': 'same-origin',
    };
    if (this.cookies.size)
      headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    let payload: Buffer | undefined;
    if (multipart) {
      const boundary = `bench${crypto.randomBytes(8).toString('hex')}`;
      payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="passport.jpg"\r\n` +
            `Content-Type: image/jpeg\r\n\r\n`,
        ),
        multipart,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      headers['content-type'] = `multipart/form-data; boundary=${boundary}`;
    } else if (body !== undefined) {
      payload = Buffer.from(JSON.stringify(body));
      headers['content-type'] = 'application/json';
    }
    if (payload) headers['content-length'] = payload.length;
    return new Promise((resolve) => {
      const req = http.request(
        {
          host: this.base.hostname,
          port: this.base.port,
          method,
          path: url,
          headers,
          agent: this.agent,
          timeout: 30_000,
        },
        (res) => {
          for (const c of res.headers['set-cookie'] ?? []) {
            const [pair] = c.split(';');
            const eq = pair!.indexOf('=');
            this.cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
          }
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString();
            let parsed: unknown = text;
            try {
              parsed = JSON.parse(text);
            } catch {
              // not JSON
            }
            resolve({ status: res.statusCode ?? 0, body: parsed });
          });
          res.on('error', () => resolve({ status: 0, body: null }));
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', () => resolve({ status: 0, body: null }));
      req.end(payload);
    });
  }
}

/** The n-th traveller's address: 127.10.0.1, 127.10.0.2 … (254 per /24, then the next). */
function travellerAddress(n: number): string {
  const host = (n % 254) + 1;
  const block = Math.floor(n / 254);
  return `127.${10 + ((block >> 8) & 127)}.${block & 255}.${host}`;
}

interface Order {
  applicationId: string;
  paymentIntentId: string;
  /** The sandbox answered the card as succeeded: the traveller saw the payment go through. */
  seenPaid: boolean;
  /** confirm-payment answered 200: the traveller saw the completed order. */
  completed: boolean;
}

interface Tally {
  requests: number;
  byStatus: Map<number, number>;
  /** Failed requests (no answer, or 5xx/4xx where a success was due) by route and status. */
  failures: Map<string, number>;
  /** The first answer of each kind of failure, for the report. */
  examples: Map<string, string>;
  orders: Order[];
  journeys: number;
  uploads: number;
}

function newTally(): Tally {
  return {
    requests: 0,
    byStatus: new Map(),
    failures: new Map(),
    examples: new Map(),
    orders: [],
    journeys: 0,
    uploads: 0,
  };
}

function orderBody(n: number) {
  return {
    countryId: 'US',
    visaTypeId: 'uk-eta',
    arrivalDate: '2027-06-01',
    hasPlannedDates: true,
    processingOptionId: 'uk-eta-standard',
    travelers: [
      {
        firstName: 'Ann',
        lastName: `Scale${n}`,
        dateOfBirth: '1990-05-17',
        email: `bench.scale.${n}.${crypto.randomBytes(3).toString('hex')}@example.com`,
        passport: {
          nationality: 'US',
          number: `X${String(10_000_000 + n).slice(-8)}`,
          expirationDate: '2031-01-31',
          hasSecondNationality: false,
          addLater: false,
        },
      },
    ],
    idempotencyKey: crypto.randomBytes(12).toString('hex'),
  };
}

const draftBody = (step: number) => ({
  countryId: 'US',
  visaTypeId: 'uk-eta',
  arrivalDate: null,
  hasPlannedDates: false,
  travelers: [],
  selectedProcessingOption: null,
  currentStep: step,
});

/**
 * One traveller from the first page to the uploaded passport page: reference data, two draft saves and a read,
 * the order, the sandbox card, the completion, the order's page and (every second traveller) the passport page.
 * Stops at the first failed step.
 */
async function journey(
  traveller: Traveller,
  n: number,
  tally: Tally,
  passportPage: Buffer,
): Promise<void> {
  const call = async (
    route: string,
    method: string,
    url: string,
    body?: unknown,
    file?: Buffer,
  ): Promise<Answer | null> => {
    const answer = await traveller.request(method, url, body, file);
    tally.requests += 1;
    tally.byStatus.set(answer.status, (tally.byStatus.get(answer.status) ?? 0) + 1);
    if (answer.status >= 200 && answer.status < 300) return answer;
    const key = `${route} ${answer.status}`;
    tally.failures.set(key, (tally.failures.get(key) ?? 0) + 1);
    if (!tally.examples.has(key))
      tally.examples.set(key, JSON.stringify(answer.body).slice(0, 300));
    return null;
  };
  if (!(await call('countries', 'GET', '/api/reference/countries'))) return;
  if (!(await call('options', 'GET', '/api/reference/visa-types/uk-eta/options'))) return;
  if (!(await call('draft save', 'POST', '/api/applications/save', draftBody(1)))) return;
  if (!(await call('draft save', 'POST', '/api/applications/save', draftBody(2)))) return;
  if (!(await call('draft read', 'GET', '/api/applications/session-data'))) return;
  const created = await call(
    'create-payment-intent',
    'POST',
    '/api/applications/create-payment-intent',
    orderBody(n),
  );
  if (!created) return;
  const data = (created.body as { data: { applicationId: string; paymentIntentId: string } }).data;
  const { clientSecret } = (created.body as { data: { clientSecret: string } }).data;
  const order: Order = {
    applicationId: data.applicationId,
    paymentIntentId: data.paymentIntentId,
    seenPaid: false,
    completed: false,
  };
  tally.orders.push(order);
  const charged = await call('sandbox confirm', 'POST', '/api/payments/sandbox/confirm', {
    paymentIntentId: data.paymentIntentId,
    clientSecret,
    paymentMethod: 'pm_card_visa',
    billingDetails: {
      name: 'Ann Scale',
      email: 'ann@example.com',
      address: { line1: '1 High St', city: 'London', postal_code: 'SW1A 1AA', country: 'GB' },
    },
  });
  if (!charged) return;
  order.seenPaid = (charged.body as { data: { status: string } }).data.status === 'succeeded';
  const confirmed = await call('confirm-payment', 'POST', '/api/applications/confirm-payment', {
    paymentIntentId: data.paymentIntentId,
  });
  if (!confirmed) return;
  order.completed = true;
  const detail = await call('order page', 'GET', `/api/application/${data.applicationId}`);
  if (!detail || n % 2 === 1) return;
  const travelerId = (detail.body as { data: { travelers: { id: string }[] } }).data.travelers[0]!
    .id;
  const stored = await call(
    'upload',
    'POST',
    `/api/application/${data.applicationId}/travelers/${travelerId}/documents/passport-page`,
    undefined,
    passportPage,
  );
  if (stored) tally.uploads += 1;
}

/* ------------------------------------------------------------------ database figures */

interface DbCounters {
  source: 'pg_stat_statements' | 'pg_stat_database';
  statements: number;
  transactions: number;
  rowsWritten: number;
  rowsRead: number;
}

async function dbCounters(db: Awaited<ReturnType<typeof createDatabase>>): Promise<DbCounters> {
  const [row] = await db.query<{
    xacts: string;
    written: string;
    read: string;
  }>(
    `select xact_commit + xact_rollback as xacts, tup_inserted + tup_updated + tup_deleted as written,
       tup_fetched as read from pg_stat_database where datname = current_database()`,
  );
  const statements = await db
    .query<{ calls: string }>(
      `select coalesce(sum(calls), 0) as calls from pg_stat_statements
       where dbid = (select oid from pg_database where datname = current_database())`,
    )
    .then((rows) => Number(rows[0]!.calls))
    .catch(() => null);
  return {
    source: statements === null ? 'pg_stat_database' : 'pg_stat_statements',
    statements: statements ?? 0,
    transactions: Number(row!.xacts),
    rowsWritten: Number(row!.written),
    rowsRead: Number(row!.read),
  };
}

/**
 * The statements every process started so far has sent (cli/count-statements.ts), a killed one's included: the
 * living processes are asked to write their counts now (SIGUSR2), and a killed one's last count is read as it left it.
 */
async function statementCounts(dir: string, pids: number[]) {
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGUSR2');
    } catch {
      // Gone (the killed web process): its file holds the count it last wrote.
    }
  }
  await sleep(150);
  const total = { statements: 0, transactionControl: 0 };
  for (const file of await fs.readdir(dir)) {
    const counts = await fs
      .readFile(path.join(dir, file), 'utf8')
      .then((text) => JSON.parse(text) as typeof total)
      .catch(() => null);
    if (!counts) continue;
    total.statements += counts.statements;
    total.transactionControl += counts.transactionControl;
  }
  return total;
}

/* ------------------------------------------------------------------ main */

async function redisAnswers(url: string): Promise<boolean> {
  const redis = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: 1000,
  });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

async function removeRedisKeys(url: string, prefix: string) {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  redis.on('error', () => undefined);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/** E-mails the development mailbox holds more than once (same recipient and subject), and how many it holds. */
async function mailboxDuplicates(dir: string): Promise<{ messages: number; duplicates: number }> {
  const files = (await fs.readdir(dir).catch(() => [] as string[])).filter((f) =>
    f.endsWith('.json'),
  );
  const seen = new Map<string, number>();
  for (const file of files) {
    const entry = JSON.parse(await fs.readFile(path.join(dir, file), 'utf8')) as {
      to: string;
      subject: string;
    };
    const key = `${entry.to}\n${entry.subject}`;
    seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  let duplicates = 0;
  for (const n of seen.values()) duplicates += Math.max(0, n - 1);
  return { messages: files.length, duplicates };
}

const fixed = (n: number, digits = 1) => n.toFixed(digits);

async function main() {
  if (!existsSync(NGINX)) throw new Error(`${NGINX} is missing: the load balancer is nginx`);
  const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const passportPage = await fs.readFile(PASSPORT_PAGE);

  const db = await createDatabase(adminUrl);
  cleanups.push(() => db.drop());
  const data = await tempDir();
  cleanups.push(() => data.remove());
  // Who waits on whom in PostgreSQL, sampled from the server's own connection (not the scratch database's counters).
  const monitor = new pg.Client({ connectionString: adminUrl });
  await monitor.connect();
  cleanups.push(() => monitor.end());

  const useRedis = await redisAnswers(redisUrl);
  const redisPrefix = `waypoint-bench-scale-${crypto.randomBytes(4).toString('hex')}:`;
  if (useRedis) cleanups.push(() => removeRedisKeys(redisUrl, redisPrefix));

  const statementsDir = await fs.mkdtemp(path.join(os.tmpdir(), 'waypoint-bench-statements-'));
  cleanups.push(() => fs.rm(statementsDir, { recursive: true, force: true }));
  const nginxPort = await freePort();
  const env: Record<string, string> = {
    DATABASE_URL: db.url,
    PUBLIC_URL: `http://127.0.0.1:${nginxPort}`,
    DATA_DIR: data.dir,
    ENCRYPTION_KEY: crypto.randomBytes(32).toString('base64'),
    LOG_LEVEL: 'error',
    TRUST_PROXY: '1',
    DATABASE_POOL_SIZE: String(POOL),
    // The MRZ of each passport page would be read by the worker's passport-read job; its cost is bench:mrz's.
    MRZ_READING: 'false',
    ...RECONCILE,
    ...(useRedis ? { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: redisPrefix } : {}),
    // Each process counts the statements it sends (cli/count-statements.ts), for statements per order.
    NODE_OPTIONS: `--require ${path.join(__dirname, 'count-statements.js')}`,
    STATEMENT_COUNT_DIR: statementsDir,
  };

  print(
    `bench:scale: ${WEB} web processes + 1 worker behind nginx, ${CONCURRENCY} travellers at once for ${SECONDS} s, ` +
      `${KILL ? 'one web process killed with SIGKILL halfway' : 'no kill'}; database pool ${POOL} per process; ` +
      `${os.availableParallelism()} CPUs`,
  );
  print(
    `  PostgreSQL: scratch database ${db.name}; rate limits: ${useRedis ? `Redis (${redisUrl})` : 'the database (Redis did not answer)'}; ` +
      `documents and mailbox: one DATA_DIR (${data.dir})`,
  );
  print(
    `  clients: one loopback address per traveller, passed by nginx in X-Forwarded-For (TRUST_PROXY=1); ` +
      `reconciliation grace ${RECONCILE.RECONCILE_GRACE_SECONDS} s, every ${RECONCILE.RECONCILE_INTERVAL_SECONDS} s; MRZ reading off`,
  );

  // The worker first: it migrates the database, which the web processes then find up to date.
  const worker = await startApi({ ...env, ROLE: 'worker' });
  const webs = await Promise.all(
    Array.from({ length: WEB }, () => startApi({ ...env, ROLE: 'web' })),
  );
  const webPorts = webs.map((w) => Number(new URL(w.base).port));
  const nginx = await startNginx(webPorts, nginxPort);
  const base = new URL(nginx.base);
  print(
    `  web ${webs.map((w) => `${w.base} (pid ${w.child.pid})`).join(', ')}; worker pid ${worker.child.pid}; nginx ${nginx.base}`,
  );

  // The warm-up (not counted): the same load for WARM_SECONDS, so each process has compiled its code and filled its
  // caches, as a process that has run for hours has.
  const warmTally = newTally();
  let next = 0;
  /** CONCURRENCY travellers, each a new one after the last, until `until`; a turned-away one waits a moment. */
  const travel = (until: number, into: Tally) =>
    Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (Date.now() < until) {
          const n = next++;
          const t = new Traveller(base, travellerAddress(n));
          const failuresBefore = into.requests - (into.byStatus.get(200) ?? 0);
          await journey(t, n, into, passportPage);
          t.close();
          into.journeys += 1;
          // A traveller turned away tries again a moment later, not in a tight loop.
          if (into.requests - (into.byStatus.get(200) ?? 0) > failuresBefore) await sleep(200);
        }
      }),
    );
  await travel(Date.now() + WARM_SECONDS * 1000, warmTally);
  print(`  warm-up: ${WARM_SECONDS} s, ${warmTally.orders.length} orders, not counted`);
  await sleep(STATS_FLUSH_MS);

  const before = await dbCounters(db);
  const apiPids = [...webs.map((w) => w.child.pid!), worker.child.pid!];
  const cpuPids = [...apiPids, nginx.child.pid!];
  const cpuBefore = await Promise.all(cpuPids.map(treeTicks));
  const loopsBefore = await Promise.all(webs.map((w) => eventLoopTicks(w.child.pid!)));
  const pgBefore = await postgresTicks();
  const machineBefore = await machineTicks();
  const selfBefore = process.cpuUsage();

  const tally = newTally();
  const statementsBefore = await statementCounts(statementsDir, apiPids);
  const started = Date.now();
  const deadline = started + SECONDS * 1000;
  /** The web process killed, and when (seconds into the load); pid 0 until then. */
  const killed = { at: 0, pid: 0 };
  let victimTicks = 0;
  let victimLoop = 0;
  const killer = KILL
    ? (async () => {
        await sleep((SECONDS * 1000) / 2);
        const victim = webs[0]!;
        victimTicks = await processTicks(victim.child.pid!);
        victimLoop = await eventLoopTicks(victim.child.pid!);
        await killHard(victim);
        killed.at = (Date.now() - started) / 1000;
        killed.pid = victim.child.pid!;
        print(`  ${fixed(killed.at)} s: web process pid ${killed.pid} killed with SIGKILL`);
      })()
    : Promise.resolve();
  const locks = { samples: 0, waiting: 0, active: 0, anyWaiting: 0 };
  /** What the waiting backends wait on (lock kind and statement), summed over the samples. */
  const waits = new Map<string, number>();
  const sampler = (async () => {
    while (Date.now() < deadline) {
      const [row] = (
        await monitor.query<{ waiting: number; active: number }>(
          `select count(*) filter (where wait_event_type = 'Lock')::int as waiting,
             count(*) filter (where state = 'active')::int as active
           from pg_stat_activity where datname = $1`,
          [db.name],
        )
      ).rows;
      locks.samples += 1;
      locks.waiting += row!.waiting;
      locks.active += row!.active;
      if (row!.waiting > 0) {
        locks.anyWaiting += 1;
        const { rows } = await monitor.query<{ what: string }>(
          `select wait_event || ': ' || regexp_replace(left(query, 90), '\\s+', ' ', 'g') as what
           from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'`,
          [db.name],
        );
        for (const { what } of rows) waits.set(what, (waits.get(what) ?? 0) + 1);
      }
      await sleep(250);
    }
  })();
  const progress = setInterval(() => {
    const done = tally.orders.filter((o) => o.completed).length;
    print(
      `  ${fixed((Date.now() - started) / 1000, 0)} s: ${done} orders completed, ${tally.requests} requests`,
    );
  }, 5000);
  await travel(deadline, tally);
  const elapsed = (Date.now() - started) / 1000;
  const statementsAfter = await statementCounts(statementsDir, apiPids);
  clearInterval(progress);
  await killer;
  await sampler;

  const selfCpu = process.cpuUsage(selfBefore);
  const cpuAfter = await Promise.all(cpuPids.map(treeTicks));
  const loopsAfter = await Promise.all(
    webs.map((w, i) => (i === 0 && killed.pid ? victimLoop : eventLoopTicks(w.child.pid!))),
  );
  const loopCpu = loopsAfter.reduce((sum, t, i) => sum + Math.max(0, t - loopsBefore[i]!), 0);
  const pgAfter = await postgresTicks();
  const machineAfter = await machineTicks();
  const cores = (ticks: number) => ticks / TICKS_PER_SECOND / elapsed;
  // A killed process's counters are gone with it: its share is counted up to the kill.
  const webCpu = cpuAfter
    .slice(0, WEB)
    .reduce(
      (sum, t, i) => sum + Math.max(0, (t || (i === 0 ? victimTicks : 0)) - cpuBefore[i]!),
      0,
    );
  const workerCpu = cpuAfter[WEB]! - cpuBefore[WEB]!;
  const nginxCpu = cpuAfter[WEB + 1]! - cpuBefore[WEB + 1]!;
  const machineBusy =
    (machineAfter.busy - machineBefore.busy) / (machineAfter.total - machineBefore.total);

  // Everything charged is completed by the worker's reconciliation; wait for it (bounded).
  print(
    `Load done after ${fixed(elapsed)} s; waiting ${STATS_FLUSH_MS / 1000} s for the database's counters…`,
  );
  await sleep(STATS_FLUSH_MS);
  const after = await dbCounters(db);

  const unsettled = async () => {
    const [row] = await db.query<{ unpaid: number; pending: number }>(
      `select
         (select count(*)::int from sandbox_payment_intents s
            join payments p on p.provider_payment_id = s.id
            join applications a on a.id = p.application_id
          where s.status = 'succeeded' and a.paid_at is null) as unpaid,
         (select count(*)::int from email_outbox where status <> 'SENT') as pending`,
    );
    return row!;
  };
  const settleStarted = Date.now();
  let state = await unsettled();
  while ((state.unpaid > 0 || state.pending > 0) && Date.now() - settleStarted < SETTLE_LIMIT_MS) {
    print(
      `  reconciliation: ${state.unpaid} charged orders not yet paid, ${state.pending} e-mails not yet sent ` +
        `(${fixed((Date.now() - settleStarted) / 1000, 0)} s)`,
    );
    await sleep(5000);
    state = await unsettled();
  }
  const settledIn = (Date.now() - settleStarted) / 1000;
  await sleep(2000); // a late duplicate e-mail would show now

  // The warm-up's orders are checked too: every order the travellers saw paid must be paid.
  const allOrders = [...warmTally.orders, ...tally.orders];
  const ids = allOrders.map((o) => o.applicationId);
  const paidRows = await db.query<{ id: string; paid: boolean; via: string | null }>(
    `select a.id, a.paid_at is not null as paid,
       (select l.details->>'via' from audit_log l
          where l.application_id = a.id and l.action = 'application.paid' limit 1) as via
     from applications a where a.id = any($1::uuid[])`,
    [ids],
  );
  const paid = new Map(paidRows.map((r) => [r.id, r]));
  const seenPaid = allOrders.filter((o) => o.seenPaid);
  const lost = seenPaid.filter((o) => !paid.get(o.applicationId)?.paid);
  const completedByReconciliation = paidRows.filter((r) => r.via === 'reconciliation').length;
  const [charged] = await db.query<{ charged: number; unpaid: number }>(
    `select count(*)::int as charged, count(*) filter (where a.paid_at is null)::int as unpaid
     from sandbox_payment_intents s
       join payments p on p.provider_payment_id = s.id
       join applications a on a.id = p.application_id
     where s.status = 'succeeded'`,
  );
  const [outbox] = await db.query<{ duplicates: number; sent: number }>(
    `select
       (select coalesce(sum(n - 1), 0)::int from (
          select count(*) as n from email_outbox
          where template = 'payment-confirmation' and status = 'SENT'
          group by payload->>'applicationId' having count(*) > 1) d) as duplicates,
       (select count(*)::int from email_outbox where status = 'SENT') as sent`,
  );
  const mailbox = await mailboxDuplicates(path.join(data.dir, 'mail'));

  const completed = tally.orders.filter((o) => o.completed).length;
  const failed = [...tally.byStatus].filter(([s]) => s < 200 || s >= 300);
  const failedCount = failed.reduce((sum, [, n]) => sum + n, 0);
  const delta = {
    statements: after.statements - before.statements,
    transactions: after.transactions - before.transactions,
    rowsWritten: after.rowsWritten - before.rowsWritten,
    rowsRead: after.rowsRead - before.rowsRead,
  };
  const perOrder = (n: number) => (completed ? fixed(n / completed) : '-');

  print();
  print(
    `Results (${WEB} web, ${CONCURRENCY} travellers, ${fixed(elapsed)} s${killed.pid ? `, web pid ${killed.pid} killed at ${fixed(killed.at)} s` : ''}):`,
  );
  print(
    `  orders per second:      ${fixed(completed / elapsed, 2)} (${completed} completed orders; ${tally.journeys} journeys, ` +
      `${tally.uploads} passport pages uploaded, ${tally.requests} requests, ${fixed(tally.requests / elapsed, 0)} req/s)`,
  );
  print(
    `  requests failed:        ${failedCount}${failed.length ? ` by status ${JSON.stringify(Object.fromEntries(failed))}` : ''}`,
  );
  if (tally.failures.size)
    print(`    by step: ${JSON.stringify(Object.fromEntries(tally.failures))}`);
  for (const [key, body] of tally.examples) print(`    first ${key}: ${body}`);
  print(
    `  orders lost:            ${lost.length} (of ${seenPaid.length} whose payment the traveller saw succeed, warm-up included; ` +
      `${charged!.charged} charged, ${charged!.unpaid} of them unpaid after ${fixed(settledIn, 0)} s; ` +
      `${completedByReconciliation} completed by the worker's reconciliation)`,
  );
  print(
    `  e-mails sent twice:     ${mailbox.duplicates} in the mailbox (${mailbox.messages} messages), ` +
      `${outbox!.duplicates} payment confirmations sent twice in the outbox (${outbox!.sent} sent)`,
  );
  if (after.source === 'pg_stat_statements') {
    print(
      `  statements per order:   ${perOrder(delta.statements)} (pg_stat_statements, during the load, worker included)`,
    );
  } else {
    const sent = statementsAfter.statements - statementsBefore.statements;
    const control = statementsAfter.transactionControl - statementsBefore.transactionControl;
    print(
      `  statements per order:   ${perOrder(sent)}, of them ${perOrder(control)} BEGIN/COMMIT/ROLLBACK (counted by each ` +
        `process's database client during the load, worker included; pg_stat_statements is not loaded here)`,
    );
  }
  print(
    `  per order (database):   ${perOrder(delta.transactions)} transactions, ${perOrder(delta.rowsWritten)} rows written, ` +
      `${perOrder(delta.rowsRead)} rows fetched (pg_stat_database, worker included)`,
  );
  print(
    `  CPU (cores, of ${os.availableParallelism()}): web ${fixed(cores(webCpu), 2)} (${fixed(cores(webCpu) / WEB, 2)} per process), ` +
      `worker ${fixed(cores(workerCpu), 2)}, PostgreSQL ${fixed(cores(pgAfter - pgBefore), 2)}, nginx ${fixed(cores(nginxCpu), 2)}, ` +
      `load generator ${fixed((selfCpu.user + selfCpu.system) / 1e6 / elapsed, 2)}; machine ${fixed(machineBusy * 100, 0)}% busy`,
  );
  const msPerOrder = (ticks: number) =>
    completed ? fixed((ticks * 1000) / TICKS_PER_SECOND / completed, 1) : '-';
  print(
    `  web CPU per order:      ${msPerOrder(webCpu)} ms, of it ${msPerOrder(loopCpu)} ms in the event loops (the rest in ` +
      `libvips's image threads, V8's compiler and collector and libuv's pool)`,
  );
  print(
    `  PostgreSQL backends:    ${fixed(locks.active / Math.max(1, locks.samples))} active on average, ` +
      `${fixed(locks.waiting / Math.max(1, locks.samples), 2)} waiting on a lock (in ${fixed((100 * locks.anyWaiting) / Math.max(1, locks.samples), 0)}% of samples)`,
  );
  const top = [...waits].sort((a, b) => b[1] - a[1]).slice(0, 3);
  for (const [what, n] of top)
    print(
      `    waiting ${fixed((100 * n) / Math.max(1, locks.waiting), 0)}% of the time on ${what}`,
    );
  const ok = lost.length === 0 && mailbox.duplicates === 0 && outbox!.duplicates === 0;
  const result: RunResult = {
    web: WEB,
    ordersPerSecond: completed / elapsed,
    failed: failedCount,
    lost: lost.length,
    sentTwice: mailbox.duplicates + outbox!.duplicates,
    webCoreSecondsPerOrder: completed ? webCpu / TICKS_PER_SECOND / completed : 0,
    eventLoopCoreSecondsPerOrder: completed ? loopCpu / TICKS_PER_SECOND / completed : 0,
    statementsPerOrder: completed
      ? (after.source === 'pg_stat_statements'
          ? delta.statements
          : statementsAfter.statements - statementsBefore.statements) / completed
      : 0,
    allCoreSecondsPerOrder: completed
      ? (webCpu + workerCpu + (pgAfter - pgBefore) + nginxCpu) / TICKS_PER_SECOND / completed +
        (selfCpu.user + selfCpu.system) / 1e6 / completed
      : 0,
    machineBusy,
  };
  if (process.argv.includes('--result-line')) print(RESULT_MARK + JSON.stringify(result));
  print(ok ? 'OK   no order lost, no e-mail sent twice' : 'FAIL orders lost or e-mails sent twice');
  return ok;
}

interface RunResult {
  web: number;
  ordersPerSecond: number;
  failed: number;
  lost: number;
  sentTwice: number;
  webCoreSecondsPerOrder: number;
  eventLoopCoreSecondsPerOrder: number;
  allCoreSecondsPerOrder: number;
  statementsPerOrder: number;
  machineBusy: number;
}

/** Runs this script again as a child with the given options; resolves to its figures (its output is passed on). */
function runChild(args: string[]): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [__filename, ...args, '--result-line'], {
      env: process.env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let result: RunResult | null = null;
    let buffered = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop()!;
      for (const line of lines) {
        if (line.startsWith(RESULT_MARK))
          result = JSON.parse(line.slice(RESULT_MARK.length)) as RunResult;
        else print(`    | ${line}`);
      }
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      result && code === 0
        ? resolve(result)
        : reject(new Error(`the run with ${args.join(' ')} failed (exit ${code})`)),
    );
  });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** `--compare A,B`: the two configurations measured in turn, `--rounds` times each, and their medians. */
async function compare(configs: number[]): Promise<boolean> {
  if (configs.length < 2 || configs.some((n) => !Number.isInteger(n) || n < 1))
    throw new Error('--compare takes web process counts, for example --compare 1,3');
  const passOn: string[] = [];
  for (const name of ['seconds', 'warm', 'concurrency', 'pool'])
    if (process.argv.includes(`--${name}`)) passOn.push(`--${name}`, String(option(name, 0)));
  if (!KILL) passOn.push('--no-kill');
  const results = new Map<number, RunResult[]>(configs.map((n) => [n, []]));
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const n of configs) {
      print(`round ${round} of ${ROUNDS}: ${n} web`);
      const result = await runChild(['--web', String(n), ...passOn]);
      results.get(n)!.push(result);
      print(`  -> ${fixed(result.ordersPerSecond, 2)} orders/s`);
    }
  }
  print();
  print(
    `Compared in turn, ${ROUNDS} rounds (medians; every run: failed requests, orders lost, e-mails sent twice):`,
  );
  print(
    '  web | orders/s (each run)            | web core-s/order | of it, event loops | all core-s/order | statements/order | machine busy | failed, lost, twice',
  );
  for (const [n, runs] of results) {
    const each = runs.map((r) => fixed(r.ordersPerSecond, 2)).join(', ');
    print(
      `  ${String(n).padStart(3)} | ${fixed(median(runs.map((r) => r.ordersPerSecond)), 2).padStart(6)} (${each})`.padEnd(
        40,
      ) +
        ` | ${fixed(median(runs.map((r) => r.webCoreSecondsPerOrder)), 3).padStart(16)}` +
        ` | ${fixed(median(runs.map((r) => r.eventLoopCoreSecondsPerOrder)), 3).padStart(18)}` +
        ` | ${fixed(median(runs.map((r) => r.allCoreSecondsPerOrder)), 3).padStart(16)}` +
        ` | ${fixed(median(runs.map((r) => r.statementsPerOrder)), 1).padStart(16)}` +
        ` | ${`${fixed(median(runs.map((r) => r.machineBusy)) * 100, 0)}%`.padStart(12)}` +
        ` | ${runs.reduce((a, r) => a + r.failed, 0)}, ${runs.reduce((a, r) => a + r.lost, 0)}, ${runs.reduce((a, r) => a + r.sentTwice, 0)}`,
    );
  }
  const [first, ...others] = configs.map((n) =>
    median(results.get(n)!.map((r) => r.ordersPerSecond)),
  );
  for (const [i, value] of others.entries())
    print(
      `  ${configs[i + 1]} web against ${configs[0]}: ${fixed((100 * value!) / first!, 0)}% of the orders per second`,
    );
  return [...results.values()].flat().every((r) => r.lost === 0 && r.sentTwice === 0);
}

(COMPARE ? compare(COMPARE) : main())
  .then(async (ok) => {
    await cleanUp();
    process.exit(ok ? 0 : 1);
  })
  .catch(async (err: unknown) => {
    process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    await cleanUp();
    process.exit(1);
  });
