import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { MrzRead } from '@waypoint/contracts';
import { mismatchesOf } from '../modules/applications/passport-mrz';
import { prepare } from '../modules/documents/documents.service';
import { MrzReader } from '../modules/documents/mrz-reader';
import { ocrBInstalled } from './mrz-glyphs';
import { benchPage, CONDITIONS, type BenchPage, type Condition } from './mrz-pages';

/**
 * `npm run bench:mrz [-- --pages 12 --out /tmp/mrz-pages]`
 * Passport data pages with their machine-readable zone in OCR-B (installs Debian's `fonts-ocr-b` when missing),
 * `--pages` per condition (clean scans, phone photos, harder photos with glare and a shadow band, pages 1000 px
 * wide), names with hyphens, apostrophes, umlauts and cut at the line's end. Each page goes through the upload's
 * preparation and the MRZ reader (the worker thread the API uses); what was read is compared with the details the
 * traveller typed (those of the page) as the product compares them. Prints, per condition, the share of pages
 * read fully correctly (every field), the wrong values offered as a one-click replacement, the fields the
 * traveller is asked to compare, and the time from upload to result. With --out, the pages are written there,
 * with `pages.json` describing them.
 */
function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? undefined : process.argv[i + 1];
}

const say = (line = '') => process.stdout.write(`${line}\n`);
const PER_CONDITION = Number(option('pages') ?? 12);
const OUT = option('out');

function ensureOcrB() {
  if (ocrBInstalled()) return;
  say('Installing the OCR-B font (Debian package fonts-ocr-b)…');
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const run = (args: string[]) =>
    execFileSync(sudo[0] ?? args[0]!, sudo.length ? args : args.slice(1), { stdio: 'inherit' });
  run(['apt-get', 'install', '-y', '-qq', '--no-install-recommends', 'fonts-ocr-b']);
  if (!ocrBInstalled())
    throw new Error('fonts-ocr-b did not install: the pages cannot be drawn in OCR-B');
}

/** The fields the zone really holds, read off its lines. */
function truth(page: BenchPage): Partial<MrzRead> {
  const [first, second] = page.lines;
  const [last = '', ...given] = first.slice(5).split('<<');
  const words = (s: string) => s.replace(/</g, ' ').trim().replace(/\s+/g, ' ');
  return {
    number: second.slice(0, 9).replace(/</g, ''),
    nationalityCode: second.slice(10, 13).replace(/</g, ''),
    lastName: words(last),
    firstName: words(given.join('<')),
    dateOfBirth: page.typed.dateOfBirth,
    expirationDate: page.typed.expirationDate,
    sex: page.typed.sex,
  };
}

/** The fields a read got wrong (empty when fully correct). */
function wrongFields(page: BenchPage, read: MrzRead | null): string[] {
  if (!read) return ['(nothing read)'];
  return Object.entries(truth(page))
    .filter(([k, v]) => read[k as keyof MrzRead] !== v)
    .map(([k]) => `${k} ${String(read[k as keyof MrzRead])}`);
}

interface Tally {
  pages: number;
  correct: number;
  unreadable: number;
  offeredWrong: number;
  toCompare: number;
  /** Pages with a field read with doubt (compared, never offered). */
  unsure: number;
  times: number[];
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};

async function main() {
  ensureOcrB();
  const reader = new MrzReader({ timeoutMs: 20_000 });
  if (OUT) await fs.mkdir(OUT, { recursive: true });
  const manifest: object[] = [];
  const tallies = new Map<Condition, Tally>();
  // The model loads on the first page: read one page first so no condition's times carry it.
  await reader.read(
    (await prepare('PASSPORT_PAGE', (await benchPage(999, 'clean scan')).image)).data,
  );
  for (let i = 0; i < PER_CONDITION; i += 1)
    for (const condition of CONDITIONS) {
      const page = await benchPage(i, condition);
      const name = `${condition.replace(/\W+/g, '-')}-${String(i).padStart(2, '0')}.jpg`;
      if (OUT) {
        await fs.writeFile(path.join(OUT, name), page.image);
        manifest.push({
          file: name,
          condition,
          look: page.look,
          typed: page.typed,
          lines: page.lines,
        });
      }
      const started = performance.now();
      const prepared = await prepare('PASSPORT_PAGE', page.image);
      const outcome = await reader.read(prepared.data);
      const elapsed = performance.now() - started;
      const read = outcome.ok ? outcome.read : null;
      const wrong = outcome.ok ? wrongFields(page, read) : [`(${outcome.reason})`];
      const mismatches = read ? mismatchesOf(read, page.typed) : [];
      const tally = tallies.get(condition) ?? {
        pages: 0,
        correct: 0,
        unreadable: 0,
        offeredWrong: 0,
        toCompare: 0,
        unsure: 0,
        times: [],
      };
      tally.pages += 1;
      if (!wrong.length) tally.correct += 1;
      if (!read) tally.unreadable += 1;
      tally.offeredWrong += mismatches.filter((m) => m.offered).length;
      tally.toCompare += mismatches.filter((m) => !m.offered).length;
      tally.times.push(elapsed);
      tallies.set(condition, tally);
      if (read?.unsure?.length) tally.unsure += 1;
      const shown = mismatches.map(
        (m) => `${m.field}=${m.read}${m.offered ? ' OFFERED' : ' (compare)'}`,
      );
      say(
        `${condition.padEnd(13)} ${String(i).padStart(2)}  ${page.typed.lastName}, ${page.typed.firstName} (${page.typed.country})  ${page.look}  ${elapsed.toFixed(0)} ms  ${wrong.length ? `WRONG ${wrong.join('; ')}` : 'ok'}${shown.length ? `  shown: ${shown.join(', ')}` : ''}${read?.unsure?.length ? `  unsure: ${read.unsure.join(', ')}` : ''}`,
      );
    }
  await reader.close();
  if (OUT)
    await fs.writeFile(path.join(OUT, 'pages.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  say(
    '\n| pages | read fully correctly | wrong value offered | asked to compare | with a field unsure | unreadable | median time | 90th pct |',
  );
  say('|---|---|---|---|---|---|---|---|');
  const all: Tally = {
    pages: 0,
    correct: 0,
    unreadable: 0,
    offeredWrong: 0,
    toCompare: 0,
    unsure: 0,
    times: [],
  };
  const row = (label: string, t: Tally) =>
    say(
      `| ${label} (${t.pages}) | ${t.correct} (${((100 * t.correct) / t.pages).toFixed(1)}%) | ${t.offeredWrong} | ${t.toCompare} | ${t.unsure} | ${t.unreadable} | ${quantile(t.times, 0.5).toFixed(0)} ms | ${quantile(t.times, 0.9).toFixed(0)} ms |`,
    );
  for (const condition of CONDITIONS) {
    const t = tallies.get(condition)!;
    row(condition, t);
    all.pages += t.pages;
    all.correct += t.correct;
    all.unreadable += t.unreadable;
    all.offeredWrong += t.offeredWrong;
    all.toCompare += t.toCompare;
    all.unsure += t.unsure;
    all.times.push(...t.times);
  }
  row('all', all);
  say(
    "\nTime: from the upload's preparation to the result, on the MRZ worker thread, model loaded.",
  );
  const clean = tallies.get('clean scan')!;
  process.exitCode =
    all.correct / all.pages >= 0.95 && clean.correct / clean.pages >= 0.99 && all.offeredWrong === 0
      ? 0
      : 1;
}

void main();
