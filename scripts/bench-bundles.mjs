// `npm run bench:bundles`: builds every bundle in production mode, starts the portal on a fresh database and,
// for each route of the spec, measures what a first visit (fresh browser context, empty cache) downloads:
// the page, JavaScript and CSS files, as the bytes the server actually sent (the encoded body the browser
// received, with its Content-Encoding) next to their raw (decoded) size. Also checks that no traveller route
// fetches mf-admin code. A measurement, not a test: it exits 0 unless something crashes.
//
// Options: --no-build  measure the current build outputs as they are
//          --files     list every file with its encoding, bytes sent and raw size
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { REPO_ROOT, chromiumLaunchOptions, startPortal } from '../playwright/support/portal.mjs';

/**
 * Budgets of JavaScript sent on a first visit, in KB (1 KB = 1024 bytes): the home page, any wizard page, and the
 * pages of the other areas a first visit lands on (log in, My orders, and the staff pages as a signed-in admin).
 */
const HOME_JS_BUDGET_KB = 115;
const WIZARD_JS_BUDGET_KB = 180;
const AREA_JS_BUDGET_KB = 190;
/** The rows the area budget applies to: log in, My orders (a guest lands on log in) and the staff pages as staff. */
const AREA_BUDGET_ROWS = [
  '/auth/login',
  '/orders',
  '/admin (admin)',
  '/admin/applications (admin)',
];
const ADMIN_PREFIX = '/remotes/admin/';

/** The routes of the spec, visited as a guest. */
const ROUTES = [
  '/',
  '/auth/login',
  '/auth/register',
  '/auth/forgot-password',
  '/auth/reset-password',
  '/auth/verify-email',
  '/auth/verify',
  '/application/trip-details',
  '/application/personal-info',
  '/application/passport-info',
  '/application/processing-time',
  '/application/checkout',
  '/application/success',
  '/orders',
  '/account/profile',
  '/admin',
  '/admin/applications',
  '/terms',
  '/privacy',
];

/** The admin routes again, as a signed-in admin (the profile call is answered in the browser). */
const ADMIN_ROUTES = ['/admin', '/admin/applications'];
const MOCK_ADMIN = {
  id: 'bench-admin',
  email: 'admin@example.com',
  firstName: 'Bench',
  lastName: 'Admin',
  nationality: 'GB',
  role: 'admin',
};

const args = new Set(process.argv.slice(2));
const skipBuild = args.has('--no-build');
const listFiles = args.has('--files');

const isAdminRoute = (/** @type {string} */ route) =>
  route === '/admin' || route.startsWith('/admin/');

/** The nx command line, wherever this version of nx keeps it (its package.json `bin`). */
function nxBin() {
  const root = path.join(REPO_ROOT, 'node_modules', 'nx');
  const { bin } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const relative = typeof bin === 'string' ? bin : bin?.nx;
  if (typeof relative !== 'string') throw new Error('Cannot find the nx command line');
  return path.join(root, relative);
}

function build() {
  const nx = nxBin();
  console.log('Building every project in production mode (nx run-many -t build)…');
  const result = spawnSync(
    process.execPath,
    [nx, 'run-many', '-t', 'build', '--outputStyle=static'],
    { cwd: REPO_ROOT, stdio: 'inherit', env: { ...process.env, NX_DAEMON: 'false' } },
  );
  if (result.status !== 0) throw new Error(`The build failed (exit ${result.status ?? 'signal'})`);
}

/**
 * @typedef {object} Asset
 * @property {string} url
 * @property {Kind} kind
 * @property {number} bytes  raw (decoded) size
 * @property {number} sent   encoded body bytes the server sent
 * @property {string} encoding  Content-Encoding of the reply ('identity' when none)
 */

/** @typedef {'html' | 'js' | 'css'} Kind */

/**
 * @typedef {object} Measurement
 * @property {string} route
 * @property {string} label
 * @property {string} landedOn
 * @property {Asset[]} assets
 * @property {boolean} fetchedAdmin
 * @property {boolean} traveller
 */

/**
 * @param {string} url
 * @param {string} contentType
 * @returns {Kind | null}
 */
function kindOf(url, contentType) {
  const { pathname } = new URL(url);
  if (/text\/html/.test(contentType)) return 'html';
  if (/\.m?js$/.test(pathname) || /javascript/.test(contentType)) return 'js';
  if (/\.css$/.test(pathname) || /text\/css/.test(contentType)) return 'css';
  return null;
}

/**
 * Loads one route in a fresh context and records every JS and CSS response.
 * @param {import('@playwright/test').Browser} browser
 * @param {string} baseURL
 * @param {string} route
 * @param {{ asAdmin?: boolean }} [options]
 * @returns {Promise<Measurement>}
 */
async function measure(browser, baseURL, route, { asAdmin = false } = {}) {
  const context = await browser.newContext({ baseURL });
  try {
    const page = await context.newPage();
    if (asAdmin) {
      await page.route('**/api/auth/profile', (r) =>
        r.fulfill({ json: { success: true, data: MOCK_ADMIN } }),
      );
      // The staff area's address, which the API hands only to staff: this portal's own build of it.
      await page.route('**/api/admin/remote', (r) =>
        r.fulfill({ json: { success: true, data: { entry: '/remotes/admin/mf-manifest.json' } } }),
      );
    }
    let fetchedAdmin = false;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith(ADMIN_PREFIX)) fetchedAdmin = true;
    });
    /** @type {Map<string, Promise<Asset | null>>} */
    const assets = new Map();
    page.on('response', (response) => {
      const url = response.url();
      const kind = kindOf(url, response.headers()['content-type'] ?? '');
      if (!kind || response.status() !== 200 || assets.has(url)) return;
      assets.set(
        url,
        (async () => {
          const body = await response.body();
          await response.finished();
          const [sizes, headers] = await Promise.all([
            response.request().sizes(),
            response.allHeaders(),
          ]);
          return {
            url,
            kind,
            bytes: body.length,
            sent: sizes.responseBodySize,
            encoding: headers['content-encoding'] ?? 'identity',
          };
        })().catch(() => null),
      );
    });

    await page.goto(route, { waitUntil: 'networkidle' });
    await page.waitForLoadState('networkidle');
    const recorded = (await Promise.all(assets.values())).filter((asset) => asset !== null);
    return {
      route,
      label: asAdmin ? `${route} (admin)` : route,
      landedOn: new URL(page.url()).pathname,
      assets: recorded,
      fetchedAdmin,
      traveller: !isAdminRoute(route),
    };
  } finally {
    await context.close();
  }
}

const kb = (/** @type {number} */ bytes) => (bytes / 1024).toFixed(1);
/**
 * @param {Asset[]} assets
 * @param {Kind} kind
 * @param {'sent' | 'bytes'} [field]
 */
const sum = (assets, kind, field = 'sent') =>
  assets.filter((asset) => asset.kind === kind).reduce((total, asset) => total + asset[field], 0);
/** @param {Asset[]} assets */
const encodings = (assets) =>
  [...new Set(assets.map((asset) => asset.encoding))].sort().join(',') || '-';

/** @param {Measurement[]} rows */
function printTable(rows) {
  const header = [
    'Route',
    'Lands on',
    'Page sent KB',
    'JS files',
    'JS sent KB',
    'JS raw KB',
    'CSS files',
    'CSS sent KB',
    'CSS raw KB',
    'Encodings',
    'mf-admin',
  ];
  const body = rows.map((row) => [
    row.label,
    row.landedOn,
    kb(sum(row.assets, 'html')),
    String(row.assets.filter((asset) => asset.kind === 'js').length),
    kb(sum(row.assets, 'js')),
    kb(sum(row.assets, 'js', 'bytes')),
    String(row.assets.filter((asset) => asset.kind === 'css').length),
    kb(sum(row.assets, 'css')),
    kb(sum(row.assets, 'css', 'bytes')),
    encodings(row.assets),
    row.fetchedAdmin ? 'fetched' : 'no',
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...body.map((cells) => (cells[column] ?? '').length)),
  );
  const numeric = new Set([2, 3, 4, 5, 6, 7, 8]);
  const line = (/** @type {string[]} */ cells) =>
    cells
      .map((cell, column) =>
        numeric.has(column) ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0),
      )
      .join('  ')
      .trimEnd();
  console.log(line(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const cells of body) console.log(line(cells));
}

/** @param {Measurement[]} rows @param {string} baseURL */
function printFiles(rows, baseURL) {
  for (const row of rows) {
    console.log(`\n${row.label}`);
    for (const asset of [...row.assets].sort((a, b) => b.sent - a.sent)) {
      const where = asset.url.startsWith(baseURL) ? asset.url.slice(baseURL.length) : asset.url;
      console.log(
        `  ${asset.kind.padEnd(4)} ${asset.encoding.padEnd(8)} ${kb(asset.sent).padStart(7)} KB sent ${kb(asset.bytes).padStart(8)} KB raw  ${where}`,
      );
    }
  }
}

async function main() {
  if (!skipBuild) build();
  const portal = await startPortal();
  /** @type {import('@playwright/test').Browser | undefined} */
  let browser;
  try {
    browser = await chromium.launch(chromiumLaunchOptions());
    /** @type {Measurement[]} */
    const rows = [];
    for (const route of ROUTES) rows.push(await measure(browser, portal.url, route));
    for (const route of ADMIN_ROUTES) {
      rows.push(await measure(browser, portal.url, route, { asAdmin: true }));
    }

    console.log(
      `\nFirst visit per route (fresh browser context, empty cache; bytes as sent by the server, encoded, and raw; 1 KB = 1024 bytes)\n`,
    );
    printTable(rows);
    if (listFiles) printFiles(rows, portal.url);

    const home = rows.find((row) => row.label === '/');
    const homeJs = home ? sum(home.assets, 'js') : 0;
    const homeRaw = home ? sum(home.assets, 'js', 'bytes') : 0;
    const verdict = homeJs <= HOME_JS_BUDGET_KB * 1024 ? 'PASS' : 'OVER';
    const offenders = rows.filter((row) => row.traveller && row.fetchedAdmin);
    console.log(
      `\nHome page JS sent: ${kb(homeJs)} KB (${homeJs} bytes, ${kb(homeRaw)} KB raw) vs target ${HOME_JS_BUDGET_KB} KB: ${verdict}`,
    );
    const wizard = rows.filter((row) => row.traveller && row.route.startsWith('/application/'));
    const wizardJs = Math.max(0, ...wizard.map((row) => sum(row.assets, 'js')));
    console.log(
      `Largest wizard page JS sent: ${kb(wizardJs)} KB vs target ${WIZARD_JS_BUDGET_KB} KB: ${
        wizardJs <= WIZARD_JS_BUDGET_KB * 1024 ? 'PASS' : 'OVER'
      }`,
    );
    const areas = rows
      .filter((row) => AREA_BUDGET_ROWS.includes(row.label))
      .map((row) => ({ label: row.label, js: sum(row.assets, 'js') }))
      .sort((a, b) => b.js - a.js);
    const largestArea = areas[0] ?? { label: '-', js: 0 };
    console.log(
      `Largest log in, My orders or staff page JS sent: ${kb(largestArea.js)} KB (${largestArea.label}) vs target ${AREA_JS_BUDGET_KB} KB: ${
        largestArea.js <= AREA_JS_BUDGET_KB * 1024 ? 'PASS' : 'OVER'
      }`,
    );
    console.log(
      `No traveller route fetched mf-admin code: ${offenders.length === 0 ? 'yes' : `no (${offenders.map((row) => row.route).join(', ')})`}`,
    );
    const guestAdmin = rows.filter((row) => !row.traveller && row.label === row.route);
    if (guestAdmin.some((row) => row.fetchedAdmin)) {
      console.log('Note: a guest opening an admin route fetched mf-admin code.');
    }
  } finally {
    await browser?.close();
    await portal.stop();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
});
