// What a page's long tasks are made of, from a Chromium trace: `bench:web --trace` loads each page in the system
// Chromium with a phone's window and the same CPU slowdown as Lighthouse, records the main thread and prints every
// task over 50 ms with where its time went (parsing, style, layout, paint, garbage collection, and each script by
// its file), and its hottest functions by V8's sampling profiler, named through the builds' source maps. Lighthouse
// names a task by its script's address only, and calls a task without one "Unattributable".
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { SourceMapConsumer } from 'source-map-js';
import { CHROMIUM_ARGS, REPO_ROOT, SYSTEM_CHROMIUM } from '../playwright/support/portal.mjs';

/** Lighthouse's mobile window (a Moto G Power). */
const PHONE = { width: 412, height: 823 };

/** A task longer than this blocks input (the 50 ms of Total Blocking Time). */
const LONG_TASK_MS = 50;

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'blink',
  'v8.execute',
  'loading',
  // V8's sampling profiler: which functions a task's time went to, "other" included.
  'disabled-by-default-v8.cpu_profiler',
].join(',');

/** How many of a long task's hottest functions are named. */
const HOT_FUNCTIONS = 3;

/**
 * The samples of V8's profiler on one thread, each with its time and what it was running: the function at the top
 * of the stack (its name and script) or what V8 names instead ("(program)": the browser's own code; "(garbage
 * collector)").
 */
function samplesOf(events, pid, tid) {
  const nodes = new Map();
  const samples = [];
  // The profile starts on the thread it samples; its chunks are written from the sampling thread, with its id.
  const starts = new Map(
    events
      .filter((e) => e.name === 'Profile' && e.pid === pid && e.tid === tid)
      .map((e) => [e.id, e.args?.data?.startTime]),
  );
  const chunks = events
    .filter((e) => e.name === 'ProfileChunk' && e.pid === pid && starts.has(e.id))
    .sort((a, b) => a.ts - b.ts);
  /** The time of the last sample of each profile, from which the next chunk's first delta counts. */
  const clocks = new Map();
  for (const chunk of chunks) {
    const data = chunk.args?.data ?? {};
    for (const node of data.cpuProfile?.nodes ?? []) nodes.set(node.id, node.callFrame ?? {});
    let clock = clocks.get(chunk.id) ?? starts.get(chunk.id) ?? chunk.ts;
    const ids = data.cpuProfile?.samples ?? [];
    const deltas = data.timeDeltas ?? [];
    for (let i = 0; i < ids.length; i += 1) {
      clock += deltas[i] ?? 0;
      samples.push({ ts: clock, frame: nodes.get(ids[i]) ?? {} });
    }
    clocks.set(chunk.id, clock);
  }
  return samples.sort((a, b) => a.ts - b.ts);
}

/** Where the portal serves each build from: the remotes under /remotes/NAME/, the shell at the root. */
const BUILDS = [
  ['/remotes/apply/', 'mf-apply/dist'],
  ['/remotes/account/', 'mf-account/dist'],
  ['/remotes/admin/', 'mf-admin/dist'],
  ['/', 'shell/dist'],
];

/** The parsed source map of a served script (null without one), read once. */
const sourceMaps = new Map();
function sourceMapOf(pathname) {
  if (!sourceMaps.has(pathname)) {
    const [prefix, dir] = BUILDS.find(([p]) => pathname.startsWith(p));
    const file = path.join(REPO_ROOT, dir, `${pathname.slice(prefix.length)}.map`);
    sourceMaps.set(
      pathname,
      fs.existsSync(file) ? new SourceMapConsumer(JSON.parse(fs.readFileSync(file, 'utf8'))) : null,
    );
  }
  return sourceMaps.get(pathname);
}

/** A source file as printed: a package's name and file (`react-dom/cjs/…`), or the path in the repository. */
function sourceLabel(source) {
  const inPackage = source.lastIndexOf('node_modules/');
  if (inPackage >= 0) return source.slice(inPackage + 'node_modules/'.length);
  return source.replace(/^webpack:\/\/[^/]*\//, '').replace(/^(\.\.\/)+/, '');
}

/** Each sampled function's label, worked out once (a function is in many samples). */
const labels = new WeakMap();

/**
 * A sampled function as printed: its original name and source line through the build's source map
 * (`commitRoot react-dom/cjs/react-dom-client.production.js:1234`), else as served, or V8's own name for what is
 * not a script's function.
 */
function functionLabel(frame) {
  if (!labels.has(frame)) labels.set(frame, labelOf(frame));
  return labels.get(frame);
}

function labelOf(frame) {
  const name = frame.functionName || '(anonymous)';
  if (!frame.url) return name;
  const pathname = frame.url.startsWith('http') ? new URL(frame.url).pathname : frame.url;
  const map = frame.url.startsWith('http') ? sourceMapOf(pathname) : null;
  const original = map?.originalPositionFor({
    line: (frame.lineNumber ?? 0) + 1,
    column: frame.columnNumber ?? 0,
  });
  if (original?.source)
    return `${original.name ?? name} ${sourceLabel(original.source)}:${original.line}`;
  return `${name} ${pathname}:${(frame.lineNumber ?? 0) + 1}`;
}

/** The kind of work a trace event is, for the breakdown; null for the events that only wrap others. */
function kindOf(event) {
  const name = event.name;
  if (name === 'DocumentLoader::InitializeWindow' || name === 'LocalWindowProxy::Initialize')
    return 'new window';
  if (
    name === 'ParseHTML' ||
    name === 'HTMLDocumentParser::PumpTokenizer' ||
    name === 'HTMLDocumentParser::appendBytes'
  )
    return 'parse HTML';
  if (name === 'UpdateLayoutTree') return 'style';
  if (name === 'Layout') return 'layout';
  if (name === 'Paint' || name === 'PrePaint' || name === 'Commit') return 'paint';
  if (name === 'ParseAuthorStyleSheet') return 'parse CSS';
  if (name === 'MinorGC' || name === 'MajorGC' || name === 'BlinkGC.AtomicPhase')
    return 'garbage collection';
  if (name === 'EvaluateScript' || name === 'v8.compileModule' || name === 'FunctionCall') {
    const url = event.args?.data?.url || event.args?.data?.stackTrace?.[0]?.url || '';
    const file = url ? new URL(url).pathname : '(inline)';
    return `script ${file}`;
  }
  return null;
}

/**
 * The long tasks of the page's main thread: the renderer thread that finished parsing the page's document, and on
 * it every task over 50 ms, with the time of each kind of work inside it (an event inside another of a kind is
 * counted once, in the outer one).
 */
export function longTasksOf(events) {
  const parsed = events
    .filter((e) => e.name === 'Document::FinishedParsing' && e.ph === 'X')
    .sort((a, b) => b.dur - a.dur)[0];
  if (!parsed) return [];
  const thread = events.filter((e) => e.pid === parsed.pid && e.tid === parsed.tid);
  // Times are from the start of the trace, which begins just before the page is asked for.
  const origin = events.reduce((min, e) => (e.ts > 0 && e.ts < min ? e.ts : min), Infinity);
  const samples = samplesOf(events, parsed.pid, parsed.tid);
  const tasks = thread.filter(
    (e) =>
      e.ph === 'X' &&
      (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') &&
      e.dur / 1000 > LONG_TASK_MS,
  );
  return tasks.map((task) => {
    const end = task.ts + task.dur;
    const inside = thread
      .filter((e) => e.ph === 'X' && e !== task && e.ts >= task.ts && e.ts + e.dur <= end)
      .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
    const parts = new Map();
    let coveredUntil = -Infinity;
    for (const event of inside) {
      const kind = kindOf(event);
      if (!kind || event.ts < coveredUntil) continue;
      parts.set(kind, (parts.get(kind) ?? 0) + event.dur / 1000);
      coveredUntil = event.ts + event.dur;
    }
    const counted = [...parts.values()].reduce((sum, ms) => sum + ms, 0);
    const ms = task.dur / 1000;
    if (ms - counted >= 1) parts.set('other', ms - counted);
    // Each sample stands for the time since the one before it.
    const hot = new Map();
    let previous = task.ts;
    for (const sample of samples) {
      if (sample.ts < task.ts) continue;
      if (sample.ts > end) break;
      const label = functionLabel(sample.frame);
      if (label !== '(idle)') hot.set(label, (hot.get(label) ?? 0) + (sample.ts - previous) / 1000);
      previous = sample.ts;
    }
    return {
      at: (task.ts - origin) / 1000,
      ms,
      parts: [...parts].sort((a, b) => b[1] - a[1]),
      hot: [...hot].sort((a, b) => b[1] - a[1]).slice(0, HOT_FUNCTIONS),
    };
  });
}

/** Blocking time of a load's long tasks: what each spends over 50 ms. */
export const blockingOf = (tasks) => tasks.reduce((sum, t) => sum + (t.ms - LONG_TASK_MS), 0);

/**
 * Loads `url` `runs` times (after one load that is not counted, which warms the server and the disk cache), each
 * in a new browser context with a phone's window and the CPU slowed `slowdown` times, and returns each load's long
 * tasks. `cookie` is sent with every request (a signed-in page).
 */
export async function traceLoads({ url, cookie, slowdown, runs }) {
  const browser = await chromium.launch({ executablePath: SYSTEM_CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const loads = [];
    for (let i = 0; i <= runs; i += 1) {
      const context = await browser.newContext({
        viewport: PHONE,
        ...(cookie ? { extraHTTPHeaders: { Cookie: cookie } } : {}),
      });
      try {
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
        const events = [];
        cdp.on('Tracing.dataCollected', (batch) => events.push(...batch.value));
        const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
        await cdp.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReportEvents' });
        await page.goto(url, { waitUntil: 'load' });
        // What runs after the load (the areas' scripts, hydration) belongs to the page's start too.
        await page.waitForTimeout(3000);
        await cdp.send('Tracing.end');
        await complete;
        if (i > 0) loads.push(longTasksOf(events));
      } finally {
        await context.close();
      }
    }
    return loads;
  } finally {
    await browser.close();
  }
}

/** The lines `bench:web --trace` prints for a page: each load's blocking time, then the median load's tasks. */
export function describeLoads(loads) {
  const ordered = [...loads].sort((a, b) => blockingOf(a) - blockingOf(b));
  const median = ordered[Math.floor(ordered.length / 2)] ?? [];
  const lines = [
    `  trace: blocking time of the loads ${loads.map((l) => Math.round(blockingOf(l))).join(', ')} ms; ` +
      `the median load's long tasks:`,
  ];
  for (const task of median) {
    const parts = task.parts
      .filter(([, ms]) => ms >= 1)
      .map(([kind, ms]) => `${kind} ${Math.round(ms)}`)
      .join(', ');
    lines.push(`    ${Math.round(task.ms)} ms at ${Math.round(task.at)} ms: ${parts}`);
    const hot = task.hot
      .filter(([, ms]) => ms >= 1)
      .map(([label, ms]) => `${label} ${Math.round(ms)}`)
      .join(', ');
    if (hot) lines.push(`      hottest: ${hot}`);
  }
  if (median.length === 0) lines.push('    none');
  return lines.join('\n');
}
