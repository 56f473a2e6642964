// `npm run bench:web`: Lighthouse on the built portal with mobile settings (simulated slow 4G, 4x CPU
// slowdown, a phone's screen) in the system Chromium, for the pages travellers and staff open first:
// home, trip details, login, My orders signed in, and the staff applications list signed in with the
// second factor. Prints performance, accessibility, LCP, CLS, TBT and the bytes transferred per page.
// A measurement, not a test: it exits 0 unless something crashes.
//
// Options: --runs N       run each page N times and print the median run (by performance score); default 1
//          --page PATH    measure only the pages whose path contains PATH (e.g. --page trip-details)
//          --explain      also print, per page, the largest contentful element, what shifted, and long tasks
//          --save DIR     write each page's Lighthouse report (JSON, the median run) into DIR
//          --cpu N        simulate an N times slower CPU instead of Lighthouse's 4x
//          --first        start a fresh portal for each page and measure its first visit after the start apart from
//                         the runs after it (the warm runs): the first visit after a deploy or a restart
//          --trace N      also load each page N times in Chromium with a trace of its main thread (same slowdown,
//                         a phone's window) and print its long tasks with where their time went: parsing, style,
//                         layout, paint, garbage collection, each script by its file (scripts/main-thread-trace.mjs)
//          --calibrate    choose the slowdown from this machine's benchmark index (measured by a first run that is
//                         not counted), so that the page is measured on the phone Lighthouse's 4x means: a mid-tier
//                         one, as 4x makes of a fast desktop (index 1500–2000)
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import * as constants from 'lighthouse/core/config/constants.js';
import { generate } from 'otplib';
import { CHROMIUM_ARGS, SYSTEM_CHROMIUM, startPortal } from '../playwright/support/portal.mjs';
import { describeLoads, traceLoads } from './main-thread-trace.mjs';

const STAFF = { email: 'bench-staff@waypoint.test', password: 'Bench-Lantern-Harbour-9' };
const TRAVELLER_PASSWORD = 'Lantern-Harbour-42';

const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg >= 0 ? Math.max(1, Number(process.argv[runsArg + 1]) || 1) : 1;
const pageArg = process.argv.indexOf('--page');
const ONLY = pageArg >= 0 ? (process.argv[pageArg + 1] ?? '') : '';
const EXPLAIN = process.argv.includes('--explain');
const saveArg = process.argv.indexOf('--save');
const SAVE_DIR = saveArg >= 0 ? process.argv[saveArg + 1] : undefined;
const cpuArg = process.argv.indexOf('--cpu');
const CPU = cpuArg >= 0 ? Number(process.argv[cpuArg + 1]) : undefined;
if (CPU !== undefined && !(CPU >= 1))
  throw new Error('--cpu takes a slowdown of 1 or more, e.g. --cpu 6');
const CALIBRATE = process.argv.includes('--calibrate');
const FIRST = process.argv.includes('--first');
const traceArg = process.argv.indexOf('--trace');
const TRACE = traceArg >= 0 ? Math.max(1, Number(process.argv[traceArg + 1]) || 5) : 0;

/** Lighthouse's default CPU slowdown, and the benchmark index of the machine it is meant for (a fast desktop). */
const DEFAULT_SLOWDOWN = 4;
const DESKTOP_INDEX = 1750;

/**
 * The slowdown that makes of a machine with this benchmark index the phone Lighthouse's 4x makes of a fast desktop
 * (index 1750 ÷ 4 ≈ 440, a mid-tier phone in Lighthouse's table of devices), to one decimal and at least 1.
 */
const calibratedSlowdown = (benchmarkIndex) =>
  Math.max(1, Math.round((benchmarkIndex / (DESKTOP_INDEX / DEFAULT_SLOWDOWN)) * 10) / 10);

/** What Lighthouse found behind a page's LCP, CLS and TBT, in a few lines. */
function explain(lhr) {
  const items = (id) => lhr.audits[id]?.details?.items ?? [];
  const lines = [];
  for (const item of items('largest-contentful-paint-element')) {
    for (const row of item.items ?? []) {
      if (row.node) lines.push(`  LCP element: ${row.node.snippet} (${row.node.selector})`);
    }
  }
  for (const item of items('layout-shifts')) {
    lines.push(`  shift ${item.score?.toFixed(3)}: ${item.node?.snippet ?? '(no element)'}`);
  }
  for (const item of items('long-tasks').slice(0, 5)) {
    lines.push(
      `  long task ${Math.round(item.duration)} ms at ${Math.round(item.startTime)} ms: ${item.url}`,
    );
  }
  return lines.join('\n');
}

/** A caller of the portal's API with a cookie jar and the same-origin headers the CSRF check wants. */
function apiClient(base) {
  const jar = new Map();
  return {
    cookieHeader: () => [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
    async call(method, path, body) {
      const res = await fetch(base + path, {
        method,
        headers: {
          origin: base,
          'sec-fetch-site': 'same-origin',
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(jar.size ? { cookie: this.cookieHeader() } : {}),
        },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      for (const c of res.headers.getSetCookie()) {
        const [pair] = c.split(';');
        const eq = pair.indexOf('=');
        jar.set(pair.slice(0, eq), pair.slice(eq + 1));
      }
      const json = await res.json().catch(() => null);
      if (!res.ok)
        throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(json)}`);
      return json?.data;
    },
  };
}

/** A traveller with an account and one paid order, signed in. */
async function signedInTraveller(base) {
  const api = apiClient(base);
  const email = `bench-${crypto.randomBytes(4).toString('hex')}@example.com`;
  await api.call('POST', '/api/auth/register', {
    firstName: 'Ann',
    lastName: 'Lee',
    email,
    password: TRAVELLER_PASSWORD,
  });
  const order = await api.call('POST', '/api/applications/create-payment-intent', {
    countryId: 'US',
    visaTypeId: 'uk-eta',
    arrivalDate: '2027-06-01',
    hasPlannedDates: true,
    processingOptionId: 'uk-eta-standard',
    travelers: [
      {
        firstName: 'Ann',
        lastName: 'Lee',
        dateOfBirth: '1990-05-17',
        email,
        passport: {
          nationality: 'US',
          number: 'X12345678',
          expirationDate: '2031-01-31',
          hasSecondNationality: false,
          addLater: false,
        },
      },
    ],
    idempotencyKey: crypto.randomBytes(12).toString('hex'),
  });
  await api.call('POST', '/api/payments/sandbox/confirm', {
    paymentIntentId: order.paymentIntentId,
    clientSecret: order.clientSecret,
    paymentMethod: 'pm_card_visa',
    billingDetails: {
      name: 'Ann Lee',
      email,
      address: { line1: '1 High St', city: 'London', postal_code: 'SW1A 1AA', country: 'GB' },
    },
  });
  await api.call('POST', '/api/applications/confirm-payment', {
    paymentIntentId: order.paymentIntentId,
  });
  return api.cookieHeader();
}

/** The staff account created before the portal started, signed in with its authenticator set up. */
async function signedInStaff(base) {
  const api = apiClient(base);
  await api.call('POST', '/api/auth/login', STAFF);
  const { secret } = await api.call('POST', '/api/auth/second-factor/setup', {});
  await api.call('POST', '/api/auth/second-factor/setup/confirm', {
    code: await generate({ secret, epoch: Math.floor(Date.now() / 1000) }),
  });
  return api.cookieHeader();
}

/** The median run by performance score; a run Lighthouse could not score counts as the worst. */
const median = (runs) =>
  [...runs].sort(
    (a, b) => (a.categories.performance.score ?? -1) - (b.categories.performance.score ?? -1),
  )[Math.floor(runs.length / 2)];

const PAGES = [
  { name: 'home', path: '/' },
  { name: 'trip details', path: '/application/trip-details' },
  { name: 'login', path: '/auth/login' },
  { name: 'my orders (signed in)', path: '/orders', as: 'traveller' },
  { name: 'admin applications (staff)', path: '/admin/applications', as: 'staff' },
];

/** The portal with its signed-in cookies; `cookieOf(page)` is the Cookie header a page is visited with. */
async function startSignedIn(pages) {
  const portal = await startPortal({ quiet: true, admins: [STAFF], syntheticApplications: 60 });
  try {
    const cookies = {
      ...(pages.some((p) => p.as === 'traveller')
        ? { traveller: await signedInTraveller(portal.url) }
        : {}),
      ...(pages.some((p) => p.as === 'staff') ? { staff: await signedInStaff(portal.url) } : {}),
    };
    return { portal, cookieOf: (page) => (page.as ? cookies[page.as] : undefined) };
  } catch (err) {
    await portal.stop();
    throw err;
  }
}

async function main() {
  const pages = PAGES.filter((page) => page.path.includes(ONLY));
  let chrome;
  /** The portal the runs go to: one for every page, or (--first) a fresh one for each. */
  let current = FIRST ? null : await startSignedIn(pages);
  try {
    chrome = await chromeLauncher.launch({
      chromePath: SYSTEM_CHROMIUM,
      chromeFlags: CHROMIUM_ARGS,
    });
    /** One Lighthouse run of a page (mobile settings: slow 4G and the CPU slowdown, simulated). */
    const measure = (page, slowdown) => {
      const cookie = current.cookieOf(page);
      return lighthouse(current.portal.url + page.path, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        throttling: { ...constants.throttling.mobileSlow4G, cpuSlowdownMultiplier: slowdown },
        ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
      });
    };
    let slowdown = CPU ?? DEFAULT_SLOWDOWN;
    if (CALIBRATE && pages.length > 0) {
      current ??= await startSignedIn(pages);
      const first = await measure(pages[0], DEFAULT_SLOWDOWN);
      const index = first.lhr.environment.benchmarkIndex;
      if (!Number.isFinite(index))
        throw new Error('Lighthouse measured no benchmark index to calibrate by');
      slowdown = calibratedSlowdown(index);
      process.stderr.write(
        `Benchmark index ${Math.round(index)}: calibrated CPU slowdown ${slowdown}x\n`,
      );
    }
    const rows = [];
    const benchmarkIndexes = [];
    /**
     * One scored run. Lighthouse now and then fails to record a page load (NO_NAVSTART and the like, a runtime
     * error with no score): that run is made again, up to twice, after `again()` (a fresh portal for a first visit).
     */
    const run = async (page, label, again = async () => {}) => {
      for (let attempt = 1; ; attempt += 1) {
        const result = await measure(page, slowdown);
        if (Number.isFinite(result.lhr.environment.benchmarkIndex))
          benchmarkIndexes.push(result.lhr.environment.benchmarkIndex);
        const failed = result.lhr.runtimeError?.message;
        const problem = failed ?? result.lhr.audits['total-blocking-time']?.errorMessage;
        if (problem)
          process.stderr.write(
            `${page.path}, ${label}: ${problem}${failed && attempt < 3 ? ' (made again)' : ''}\n`,
          );
        if (!failed || attempt === 3) return result.lhr;
        await again();
      }
    };
    for (const page of pages) {
      let first;
      if (FIRST) {
        // A fresh portal for this page: its first visit is the first request the server has answered for it.
        const fresh = async () => {
          if (current) await current.portal.stop();
          current = null;
          current = await startSignedIn([page]);
        };
        await fresh();
        first = await run(page, 'first visit after the start', fresh);
      }
      const runs = [];
      for (let i = 0; i < RUNS; i += 1) runs.push(await run(page, `run ${i + 1}`));
      const lhr = median(runs);
      if (EXPLAIN) process.stdout.write(`${page.name} ${page.path}\n${explain(lhr)}\n`);
      if (TRACE) {
        const loads = await traceLoads({
          url: current.portal.url + page.path,
          cookie: current.cookieOf(page),
          slowdown,
          runs: TRACE,
        });
        process.stdout.write(`${page.name} ${page.path}, ${slowdown}x\n${describeLoads(loads)}\n`);
      }
      if (SAVE_DIR) {
        await fs.mkdir(SAVE_DIR, { recursive: true });
        const file = `${page.name.replace(/[^a-z0-9]+/gi, '-').replace(/-+$/, '')}.json`;
        await fs.writeFile(path.join(SAVE_DIR, file), JSON.stringify(lhr));
      }
      const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
      rows.push({
        page: `${page.name} ${page.path}`,
        performance: Math.round(lhr.categories.performance.score * 100),
        ...(first
          ? {
              'first after start': Math.round(first.categories.performance.score * 100),
              'its TBT ms': Math.round(first.audits['total-blocking-time']?.numericValue ?? NaN),
            }
          : {}),
        accessibility: Math.round(lhr.categories.accessibility.score * 100),
        'LCP s': (audit('largest-contentful-paint') / 1000).toFixed(2),
        CLS: audit('cumulative-layout-shift').toFixed(3),
        'TBT ms': Math.round(audit('total-blocking-time')),
        // How far the runs spread: on a small, shared machine TBT moves by hundreds of milliseconds between runs.
        ...(RUNS > 1 ? { 'TBT of the runs': spreadOf(runs, 'total-blocking-time') } : {}),
        'transferred KB': Math.round(audit('total-byte-weight') / 1024),
        // A signed-in page that sent the browser to the login page would show here.
        'ended at': new URL(lhr.finalDisplayedUrl).pathname,
      });
    }
    const phone = benchmarkIndexes.map((index) => index / slowdown);
    process.stdout.write(
      `Lighthouse ${runsLabel()} (mobile: simulated slow 4G, ${slowdown}x CPU slowdown` +
        `${slowdown === DEFAULT_SLOWDOWN ? ", Lighthouse's default" : ''}), ${SYSTEM_CHROMIUM}\n` +
        `Lighthouse's benchmark index of this machine: ${span(benchmarkIndexes)}; slowed ${slowdown}x, a phone of ` +
        `${phone.length > 0 ? span(phone) : 'unknown index'} (Lighthouse's table: mid-tier phones 125–800, ` +
        `high-end 800–1200; its 4x is meant to make a mid-tier phone of a fast desktop, 1500–2000, and --calibrate ` +
        `aims at ${Math.round(DESKTOP_INDEX / DEFAULT_SLOWDOWN)})\n`,
    );
    console.table(rows);
  } finally {
    if (chrome) await chrome.kill();
    if (current) await current.portal.stop();
  }
}

/**
 * How far an audit's figure spread over a page's runs, `238–562`; a run Lighthouse could not measure it in (its
 * trace incomplete, say) is counted apart.
 */
function spreadOf(runs, audit) {
  const values = runs.map((run) => run.audits[audit]?.numericValue).filter(Number.isFinite);
  const missing = runs.length - values.length;
  return `${values.length > 0 ? span(values) : 'none'}${missing > 0 ? ` (${missing} without)` : ''}`;
}

/** The range of some figures, `1154–1470` (or the one figure). */
function span(values) {
  const low = Math.round(Math.min(...values));
  const high = Math.round(Math.max(...values));
  return low === high ? String(low) : `${low}–${high}`;
}

function runsLabel() {
  const warm = RUNS === 1 ? 'one run per page' : `median of ${RUNS} runs per page`;
  return FIRST ? `${warm}, after each page's first visit after a fresh start (shown apart)` : warm;
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
