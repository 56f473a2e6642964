// @ts-check
// Starts the built portal (API + shell + remotes on one port) against a fresh PGlite database, and describes
// how to launch the browser. Shared by the Playwright harness and scripts/bench-bundles.mjs, so it is plain
// ESM with JSDoc types: both can import it without a TypeScript step.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The monorepo root. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Through this variable the harness's global setup hands the portal's address to the test workers. */
export const BASE_URL_ENV = 'WAYPOINT_E2E_BASE_URL';

/** The built API, which also serves the front-end bundles. */
export const SERVER_ENTRY = path.join(REPO_ROOT, 'services/api/dist/server.js');

/** The built command-line tools run against the fresh DATA_DIR before the portal starts. */
export const ADMIN_CREATE_ENTRY = path.join(REPO_ROOT, 'services/api/dist/cli/admin-create.js');
export const SEED_SYNTHETIC_ENTRY = path.join(REPO_ROOT, 'services/api/dist/cli/seed-synthetic.js');
/** `npm run db:migrate`'s built tool: creates the embedded database, applies the migrations and reference data. */
export const MIGRATE_ENTRY = path.join(REPO_ROOT, 'services/api/dist/db/migrate-cli.js');

/**
 * Through this variable the harness's global setup hands the test workers the migrated database their portals
 * start from (see {@link databaseTemplate}).
 */
export const DATABASE_TEMPLATE_ENV = 'WAYPOINT_E2E_DATABASE_TEMPLATE';

/**
 * Through this variable the harness's global setup hands the test workers a second migrated database, which also
 * has the staff account and the synthetic applications (see support/admin.ts, staffedPortal): a portal that needs
 * them starts from a copy of it instead of running the command-line tools, two process starts, every time.
 */
export const STAFFED_TEMPLATE_ENV = 'WAYPOINT_E2E_STAFFED_TEMPLATE';

/** Build outputs the portal needs; each is checked before anything starts. */
export const BUILD_OUTPUTS = [
  SERVER_ENTRY,
  path.join(REPO_ROOT, 'shell/dist/index.html'),
  path.join(REPO_ROOT, 'mf-apply/dist/mf-manifest.json'),
  path.join(REPO_ROOT, 'mf-account/dist/mf-manifest.json'),
  path.join(REPO_ROOT, 'mf-admin/dist/mf-manifest.json'),
];

/**
 * The system Chromium (Debian package "chromium"), the browser Lighthouse and the traces of bench:web measure;
 * `scripts/install-test-tools.sh` installs it when missing.
 */
export const SYSTEM_CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/**
 * Chromium's headless shell (Debian package "chromium-headless-shell"): the same engine, page rendering and
 * DevTools protocol without the browser's window and UI layer, as Playwright itself runs headless tests. The
 * browser tests drive it: on two cores they ran about a quarter faster than in the full browser (the screenshots of
 * the visual spec unchanged). `scripts/install-test-tools.sh` installs it when missing.
 */
export const HEADLESS_SHELL =
  process.env.CHROMIUM_HEADLESS_SHELL_PATH || '/usr/bin/chromium-headless-shell';

/** Flags for a quiet, sandbox-free headless Chromium in containers and CI. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * Launch options for Playwright's Chromium in the browser tests: the system's headless shell when it is installed,
 * else the system browser (CHROMIUM_PATH chooses that one), otherwise whatever Playwright finds itself (browsers
 * are never downloaded here).
 * @returns {{ executablePath?: string; args: string[] }}
 */
export function chromiumLaunchOptions() {
  const candidates = process.env.CHROMIUM_PATH
    ? [SYSTEM_CHROMIUM]
    : [HEADLESS_SHELL, SYSTEM_CHROMIUM];
  const executablePath = candidates.find((candidate) => fs.existsSync(candidate));
  return executablePath
    ? { executablePath, args: [...CHROMIUM_ARGS] }
    : { args: [...CHROMIUM_ARGS] };
}

/**
 * Throws a clear error when a build output is missing.
 * @param {string[]} [extra] Further build outputs needed this time (e.g. a command-line tool)
 */
export function assertBuilt(extra = []) {
  const missing = [...BUILD_OUTPUTS, ...extra].filter((file) => !fs.existsSync(file));
  if (missing.length > 0) {
    throw new Error(
      `The portal is not built (missing ${missing
        .map((file) => path.relative(REPO_ROOT, file))
        .join(', ')}): run npm run build first.`,
    );
  }
}

/**
 * A TCP port that is free right now on the loopback interface.
 * @returns {Promise<number>}
 */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('No free port found'))));
    });
  });
}

/** Settings that would point the portal away from a fresh embedded database and the local bundles. */
const INHERITED_ENV_TO_DROP = [
  'DATABASE_URL',
  'REDIS_URL',
  'STATIC_DIR',
  'REMOTE_APPLY_URL',
  'REMOTE_ACCOUNT_URL',
  'REMOTE_ADMIN_URL',
  'REMOTES_FILE',
  'RELEASES_DIR',
  'PUBLIC_URL',
];

/**
 * The environment of the portal and its command-line tools: the caller's, without the settings that would point
 * them elsewhere, with this DATA_DIR.
 * @param {string} dataDir
 * @param {NodeJS.ProcessEnv} [extra]
 * @returns {NodeJS.ProcessEnv}
 */
function portalEnv(dataDir, extra = {}) {
  /** @type {NodeJS.ProcessEnv} */
  const env = { ...process.env };
  for (const name of INHERITED_ENV_TO_DROP) delete env[name];
  return { ...env, NODE_ENV: 'development', DATA_DIR: dataDir, ...extra };
}

/**
 * Runs a built command-line tool of the API (`services/api/dist/cli/*.js`) to completion, with no terminal on
 * stdin. Rejects with its output when it fails.
 * @param {string} entry
 * @param {string[]} args
 * @param {NodeJS.ProcessEnv} env
 * @returns {Promise<string>} What it printed
 */
function runCli(entry, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [entry, ...args], {
      cwd: REPO_ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    /** @type {Buffer[]} */
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      const text = Buffer.concat(output).toString('utf8');
      if (code === 0) resolve(text);
      else
        reject(
          new Error(
            `${path.relative(REPO_ROOT, entry)} ${args.join(' ')} failed (${code ?? signal}):\n${text}`,
          ),
        );
    });
  });
}

/**
 * @typedef {object} AdminAccount
 * @property {string} email
 * @property {string} password
 */

/**
 * Creates a staff account in `dataDir` with `npm run admin:create`'s tool (the password through ADMIN_PASSWORD,
 * never the command line). PGlite allows one process per data directory: run it before the portal starts.
 * @param {string} dataDir
 * @param {AdminAccount} admin
 * @returns {Promise<void>}
 */
export async function createAdmin(dataDir, { email, password }) {
  assertBuilt([ADMIN_CREATE_ENTRY]);
  await runCli(
    ADMIN_CREATE_ENTRY,
    ['--email', email],
    portalEnv(dataDir, { ADMIN_PASSWORD: password, LOG_LEVEL: 'warn' }),
  );
}

/**
 * Adds `count` synthetic applications to `dataDir` with `npm run db:seed:synthetic`'s tool (guests
 * 'syntheticN_M@example.com', statuses spread, created over two years). Before the portal starts, like createAdmin.
 * @param {string} dataDir
 * @param {number} count
 * @returns {Promise<void>}
 */
export async function seedSyntheticApplications(dataDir, count) {
  assertBuilt([SEED_SYNTHETIC_ENTRY]);
  await runCli(SEED_SYNTHETIC_ENTRY, [String(count)], portalEnv(dataDir, { LOG_LEVEL: 'warn' }));
}

/**
 * @typedef {object} DatabaseTemplateOptions
 * @property {string} [from] A template to start from (its folder), instead of creating and migrating a database
 * @property {AdminAccount[]} [admins] Staff accounts to create in it
 * @property {number} [syntheticApplications] How many synthetic applications to seed in it
 */

/**
 * Creates an embedded database with every migration and the reference data applied, in a folder of its own, with
 * the built `db:migrate` tool (or as a copy of the template `from`), and the given staff accounts and synthetic
 * applications in it. A portal's DATA_DIR starts as a copy of it: a copy takes a few tens of milliseconds, where
 * creating and migrating a database takes about 5 s of CPU (the portal then finds nothing to migrate), and each
 * command-line tool a process start.
 * @param {DatabaseTemplateOptions} [options]
 * @returns {Promise<{ dir: string; remove: () => Promise<void> }>} The database's folder (a DATA_DIR's `db`)
 */
export async function createDatabaseTemplate({
  from,
  admins = [],
  syntheticApplications = 0,
} = {}) {
  assertBuilt([MIGRATE_ENTRY]);
  const root = await fsp.mkdtemp(path.join(os.tmpdir(), 'waypoint-e2e-template-'));
  const remove = () => fsp.rm(root, { recursive: true, force: true });
  try {
    if (from) fs.cpSync(from, path.join(root, 'db'), { recursive: true });
    else await runCli(MIGRATE_ENTRY, [], portalEnv(root, { LOG_LEVEL: 'warn' }));
    await addToDatabase(root, admins, syntheticApplications);
  } catch (err) {
    await remove();
    throw err;
  }
  return { dir: path.join(root, 'db'), remove };
}

/**
 * Creates the staff accounts and seeds the synthetic applications in the database of `dataDir`, one tool after the
 * other (PGlite allows one process per data directory).
 * @param {string} dataDir
 * @param {AdminAccount[]} admins
 * @param {number} syntheticApplications
 */
async function addToDatabase(dataDir, admins, syntheticApplications) {
  for (const admin of admins) await createAdmin(dataDir, admin);
  if (syntheticApplications > 0) await seedSyntheticApplications(dataDir, syntheticApplications);
}

/** @type {Promise<string> | undefined} This process's own template, when no global setup made one. */
let ownTemplate;

/**
 * The migrated database a fresh portal starts from: the one the harness's global setup made for the whole run
 * (DATABASE_TEMPLATE_ENV), else one made on first use for this process (the benchmarks) and removed at its exit.
 * @returns {Promise<string>}
 */
export function databaseTemplate() {
  const shared = process.env[DATABASE_TEMPLATE_ENV];
  if (shared && fs.existsSync(shared)) return Promise.resolve(shared);
  ownTemplate ??= createDatabaseTemplate().then(({ dir }) => {
    process.once('exit', () => fs.rmSync(path.dirname(dir), { recursive: true, force: true }));
    return dir;
  });
  return ownTemplate;
}

/**
 * @typedef {object} Portal
 * @property {string} url Origin of the portal, e.g. http://127.0.0.1:41234
 * @property {number} port
 * @property {string} dataDir The temporary DATA_DIR (removed by stop)
 * @property {() => Promise<void>} stop Stops the server and removes its DATA_DIR
 */

/**
 * @typedef {object} StartPortalOptions
 * @property {string} [logLevel] LOG_LEVEL of the server (default warn)
 * @property {number} [timeoutMs] How long to wait for /api/ready (default 60 s)
 * @property {boolean} [quiet] Do not echo the server's output, except the requests it shed under pressure
 * @property {AdminAccount[]} [admins] Staff accounts to create in the fresh database before the portal starts
 * @property {number} [syntheticApplications] How many synthetic applications to seed before the portal starts
 * @property {string} [template] The database to start from (a template's folder; default: {@link databaseTemplate})
 * @property {number} [port] The port to listen on (default: a free one)
 * @property {NodeJS.ProcessEnv} [env] Further settings of the portal (e.g. REMOTES_FILE)
 */

/**
 * Starts `services/api/dist/server.js` on a free port with a fresh DATA_DIR (a copy of the migrated database of
 * {@link databaseTemplate}, or of `template`) and resolves once `GET /api/ready` answers 200. Given `admins` or
 * `syntheticApplications`, the command-line tools first create those staff accounts and applications in that
 * DATA_DIR.
 * @param {StartPortalOptions} [options]
 * @returns {Promise<Portal>}
 */
export async function startPortal({
  logLevel = 'warn',
  timeoutMs = 60_000,
  quiet = false,
  admins = [],
  syntheticApplications = 0,
  template: startFrom,
  port: requestedPort,
  env: extraEnv = {},
} = {}) {
  assertBuilt([
    ...(admins.length > 0 ? [ADMIN_CREATE_ENTRY] : []),
    ...(syntheticApplications > 0 ? [SEED_SYNTHETIC_ENTRY] : []),
  ]);
  const port = requestedPort ?? (await freePort());
  const template = startFrom ?? (await databaseTemplate());
  const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'waypoint-e2e-'));
  const url = `http://127.0.0.1:${port}`;

  // One process at a time on a PGlite directory: the tools run (one after the other) before the server.
  try {
    fs.cpSync(template, path.join(dataDir, 'db'), { recursive: true });
    await addToDatabase(dataDir, admins, syntheticApplications);
  } catch (err) {
    await fsp.rm(dataDir, { recursive: true, force: true });
    throw err;
  }

  const env = portalEnv(dataDir, {
    // No load shedding unless a spec asks for it (as in the API's tests): two browsers, their portals and the
    // tests share two cores, and a portal whose embedded database or page renders wait for a core there would
    // refuse pages and calls (503 OVERLOADED) that a real visitor never sent it. The shedding is tested in
    // services/api (modules/health/availability.test.ts).
    MAX_EVENT_LOOP_DELAY_MS: '0',
    ...extraEnv,
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: logLevel,
  });

  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });

  /** @type {string[]} */
  const output = [];
  /** @param {Buffer} chunk */
  const keep = (chunk) => {
    const text = chunk.toString('utf8');
    output.push(text);
    if (output.length > 200) output.shift();
    // A quiet portal still tells of a request it shed under pressure: a page whose files were refused fails
    // in a way its test cannot explain.
    const shown = quiet
      ? text
          .split('\n')
          .filter((line) => line.includes('"OVERLOADED"'))
          .map((line) => `${line}\n`)
          .join('')
      : text;
    if (shown) process.stderr.write(shown.replace(/^(?=.)/gm, '[portal] '));
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);

  /** @type {Promise<void>} */
  const exited = new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

  const removeDataDir = () => fsp.rm(dataDir, { recursive: true, force: true });

  async function stop() {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    await removeDataDir();
  }

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await removeDataDir();
      throw new Error(
        `The portal exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${output.join('')}`,
      );
    }
    try {
      const response = await fetch(`${url}/api/ready`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(
        `The portal did not answer ${url}/api/ready within ${timeoutMs} ms:\n${output.join('')}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return { url, port, dataDir, stop };
}
