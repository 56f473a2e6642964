import fs from 'node:fs/promises';
import path from 'node:path';
import { prepare } from '../modules/documents/documents.service';
import { MrzReader } from '../modules/documents/mrz-reader';
import {
  sampleCase,
  samplePassportPage,
  type SamplePassport,
} from '../modules/documents/mrz-sample';
import type { MrzRead } from '@waypoint/contracts';

/**
 * `npm run bench:mrz [-- --pages 30 --out /tmp/mrz-pages]`
 * Generates passport pages with valid MRZs (varied names, numbers and countries; turned by up to ±2°; JPEG
 * quality 40–90; most blurred like a phone photo), sends each through the upload's preparation and the MRZ
 * reader (the worker thread the API uses), and prints how many were read fully correctly (every field) and
 * how long the reads took. With --out, the pages are written there to look at.
 */
function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? undefined : process.argv[i + 1];
}

const say = (line = '') => process.stdout.write(`${line}\n`);
const PAGES = Number(option('pages') ?? 30);
const OUT = option('out');

const iso3To2: Record<string, string> = {
  FRA: 'FR',
  D: 'DE',
  ESP: 'ES',
  NGA: 'NG',
  VNM: 'VN',
  POL: 'PL',
  BRA: 'BR',
  USA: 'US',
  ITA: 'IT',
  NLD: 'NL',
};

/** The fields a read got wrong (empty when fully correct). */
function wrongFields(p: SamplePassport, read: MrzRead | null): string[] {
  if (!read) return ['(no MRZ read)'];
  const expected: Partial<MrzRead> = {
    number: p.number,
    nationality: iso3To2[p.country] ?? null,
    lastName: p.lastName,
    firstName: p.firstName,
    dateOfBirth: p.dateOfBirth,
    expirationDate: p.expirationDate,
    sex: p.sex === 'M' ? 'male' : 'female',
  };
  return Object.entries(expected)
    .filter(([k, v]) => read[k as keyof MrzRead] !== v)
    .map(([k]) => `${k}: ${String(read[k as keyof MrzRead])}`);
}

async function main() {
  const reader = new MrzReader({ timeoutMs: 20_000 });
  if (OUT) await fs.mkdir(OUT, { recursive: true });
  const times: number[] = [];
  let correct = 0;
  for (let i = 0; i < PAGES; i += 1) {
    const { passport, look } = sampleCase(i);
    const page = await samplePassportPage(passport, look);
    if (OUT) await fs.writeFile(path.join(OUT, `page-${String(i).padStart(2, '0')}.jpg`), page);
    const prepared = await prepare('PASSPORT_PAGE', page);
    const started = performance.now();
    const outcome = await reader.read(prepared.data);
    const elapsed = performance.now() - started;
    times.push(elapsed);
    const wrong = outcome.ok ? wrongFields(passport, outcome.read) : [`(${outcome.reason})`];
    if (!wrong.length) correct += 1;
    say(
      `${String(i).padStart(2)}  ${passport.lastName}, ${passport.firstName} (${passport.country})  rotation ${look.rotation}°  quality ${look.quality}  blur ${look.blur}  ${elapsed.toFixed(0)} ms  ${wrong.length ? `WRONG ${wrong.join('; ')}` : 'ok'}`,
    );
  }
  await reader.close();
  const sorted = [...times].sort((a, b) => a - b);
  const pct = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  say(
    `\nRead fully correctly: ${correct}/${PAGES} (${((100 * correct) / PAGES).toFixed(1)}%)` +
      `\nTime per page (first includes loading the model): median ${pct(0.5).toFixed(0)} ms, ` +
      `90th percentile ${pct(0.9).toFixed(0)} ms, max ${sorted[sorted.length - 1]!.toFixed(0)} ms`,
  );
  process.exitCode = correct / PAGES >= 0.9 ? 0 : 1;
}

void main();
