import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { MAX_UPLOAD_BYTES } from '../modules/documents/documents.service';
import { MAX_INPUT_PIXELS } from '../modules/documents/image-checks';
import { createDatabase } from '../faults/harness';

/**
 * `npm run bench:uploads [-- --uploads 8 --settle 15]`
 * Starts the built API server as a child process on an empty embedded database, places paid orders through the
 * API, then sends that many uploads at once (each from its own account) of the largest picture the API accepts
 * (25 megapixels of noise, just under 10 MB), sampling the server's resident memory from /proc. Also sends the
 * 39.7 megapixel PNG that used to cost seconds and hundreds of MB, which must now be refused at once.
 * With DATABASE_URL set, the server runs on a new PostgreSQL database created on that server (and dropped after);
 * otherwise on the embedded PGlite database.
 */
function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? fallback : Number(process.argv[i + 1]);
}

const UPLOADS = option('uploads', 8);
const SETTLE_SECONDS = option('settle', 15);
const SERVER = path.resolve(__dirname, '../server.js');
const MMAP_THRESHOLD = process.env.MALLOC_MMAP_THRESHOLD_ ?? '131072';

const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;
const ms = (n: number) => `${n.toFixed(0)} ms`;
const sleep = (n: number) => new Promise((resolve) => setTimeout(resolve, n));

async function rssKb(pid: number): Promise<number> {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

/** Samples the child's RSS every 25 ms until stopped; resolves with the highest value seen. */
function sampler(pid: number) {
  let peak = 0;
  let running = true;
  const done = (async () => {
    while (running) {
      peak = Math.max(peak, await rssKb(pid).catch(() => 0));
      await sleep(25);
    }
    return peak;
  })();
  return {
    stop: async () => {
      running = false;
      return done;
    },
  };
}

function start(dataDir: string, databaseUrl: string | undefined) {
  // Started as the Dockerfile and `npm start` do.
  const child = spawn(process.execPath, ['--expose-gc', SERVER], {
    env: {
      PATH: process.env.PATH,
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      NODE_ENV: 'development',
      // As in the Dockerfile and `npm start`: large buffers are mapped and unmapped, so memory goes back.
      MALLOC_MMAP_THRESHOLD_: MMAP_THRESHOLD,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...Object.fromEntries(
        ['UPLOAD_WORKERS', 'MALLOC_ARENA_MAX']
          .filter((name) => process.env[name])
          .map((name) => [name, process.env[name]!]),
      ),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) resolve(match[1]!);
      if (output.length > 100_000) output = output.slice(-10_000);
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
  return { child, url };
}

/** A client with a cookie jar (one account each). */
class Client {
  private cookies = new Map<string, string>();
  constructor(private readonly base: string) {}

  async call(method: string, url: string, body?: unknown | FormData) {
    const headers: Record<string, string> = {};
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (cookie) headers.cookie = cookie;
    let payload: FormData | string | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const res = await fetch(`${this.base}${url}`, { method, headers, body: payload });
    for (const set of res.headers.getSetCookie()) {
      const [pair] = set.split(';');
      const eq = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
    const text = await res.text();
    let json: { data?: unknown; error?: string } = {};
    try {
      json = JSON.parse(text) as typeof json;
    } catch {
      // not JSON
    }
    return { status: res.status, json, retryAfter: res.headers.get('retry-after') };
  }

  /** A guest order for one traveller, paid with the sandbox card; returns the application and traveller ids. */
  async paidApplication(i: number) {
    const email = `bench.uploads.${i}.${crypto.randomBytes(4).toString('hex')}@example.com`;
    const intent = await this.call('POST', '/api/applications/create-payment-intent', {
      countryId: 'US',
      visaTypeId: 'uk-eta',
      arrivalDate: '2027-06-01',
      hasPlannedDates: true,
      processingOptionId: 'uk-eta-standard',
      travelers: [
        {
          firstName: 'Ann',
          lastName: `Bench${i}`,
          dateOfBirth: '1990-05-17',
          email,
          passport: {
            nationality: 'US',
            number: `X12345${String(i).padStart(3, '0')}`,
            expirationDate: '2031-01-31',
            hasSecondNationality: false,
            addLater: false,
          },
        },
      ],
      idempotencyKey: crypto.randomBytes(12).toString('hex'),
    });
    const data = intent.json.data as {
      applicationId: string;
      paymentIntentId: string;
      clientSecret: string;
    };
    if (!data) throw new Error(`order failed: ${JSON.stringify(intent.json)}`);
    await this.call('POST', '/api/payments/sandbox/confirm', {
      paymentIntentId: data.paymentIntentId,
      clientSecret: data.clientSecret,
      paymentMethod: 'pm_card_visa',
      billingDetails: {
        name: 'Ann Bench',
        email,
        address: { line1: '1 High St', city: 'London', postal_code: 'SW1A 1AA', country: 'GB' },
      },
    });
    const confirmed = await this.call('POST', '/api/applications/confirm-payment', {
      paymentIntentId: data.paymentIntentId,
    });
    if (confirmed.status !== 200)
      throw new Error(`payment failed: ${JSON.stringify(confirmed.json)}`);
    const detail = await this.call('GET', `/api/application/${data.applicationId}`);
    const travelerId = (detail.json.data as { travelers: { id: string }[] }).travelers[0]!.id;
    return { applicationId: data.applicationId, travelerId };
  }

  upload(target: { applicationId: string; travelerId: string }, file: Buffer, name: string) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file)]), name);
    return this.call(
      'POST',
      `/api/application/${target.applicationId}/travelers/${target.travelerId}/documents/passport-page`,
      form,
    );
  }
}

/** The largest accepted picture: just under the pixel limit, noise so that it does not compress away, < 10 MB. */
async function largestAcceptedJpeg() {
  const width = 6000;
  const height = Math.floor(MAX_INPUT_PIXELS / width);
  // Noise drawn at half size and enlarged: still incompressible detail, at a size under the byte limit.
  const noise = await sharp({
    create: {
      width: width / 2,
      height: Math.ceil(height / 2),
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .png({ compressionLevel: 1 })
    .toBuffer();
  for (const quality of [90, 85, 80, 75, 70, 60, 50]) {
    const jpeg = await sharp(noise)
      .resize(width, height, { fit: 'fill' })
      .jpeg({ quality })
      .toBuffer();
    if (jpeg.length < MAX_UPLOAD_BYTES - 64 * 1024) return { jpeg, width, height, quality };
  }
  throw new Error('could not make a picture under the byte limit');
}

/** The old attack: a 39.7 megapixel PNG of one colour, about 100 KB. */
function attackPng() {
  return sharp({
    create: { width: 7000, height: 5670, channels: 3, background: '#d9d2c3' },
  })
    .png({ compressionLevel: 9, palette: true })
    .toBuffer();
}

const say = (line = '') => process.stdout.write(`${line}\n`);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

async function main() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'waypoint-bench-uploads-'));
  let child: ChildProcess | undefined;
  const database = process.env.DATABASE_URL
    ? await createDatabase(process.env.DATABASE_URL)
    : undefined;
  try {
    say('Preparing the pictures…');
    const big = await largestAcceptedJpeg();
    const attack = await attackPng();
    say(
      `  largest accepted: ${big.width} × ${big.height} = ${((big.width * big.height) / 1e6).toFixed(2)} MP, JPEG q${big.quality}, ${(big.jpeg.length / 1048576).toFixed(1)} MB`,
    );
    say(`  attack PNG: 7000 × 5670 = 39.69 MP, ${(attack.length / 1024).toFixed(0)} KB`);

    const server = start(dataDir, database?.url);
    child = server.child;
    const base = await server.url;
    const pid = child.pid!;
    say(
      `Server ${base} (pid ${pid}) on ${database ? 'PostgreSQL' : 'PGlite'}, ${os.availableParallelism()} CPUs, MALLOC_MMAP_THRESHOLD_=${MMAP_THRESHOLD}`,
    );

    const clients = Array.from({ length: UPLOADS }, () => new Client(base));
    const targets: { applicationId: string; travelerId: string }[] = [];
    for (const [i, client] of clients.entries()) targets.push(await client.paidApplication(i));
    await sleep(2000);
    const baseline = await rssKb(pid);

    // The attack image, from an account of its own: refused from the header.
    const attacker = new Client(base);
    const attackTarget = await attacker.paidApplication(99);
    const attackSample = sampler(pid);
    const attackStarted = performance.now();
    const refused = await attacker.upload(attackTarget, attack, 'attack.png');
    const attackMs = performance.now() - attackStarted;
    const attackPeak = await attackSample.stop();

    await sleep(1000);
    const before = await rssKb(pid);
    const sample = sampler(pid);
    const started = performance.now();
    const results = await Promise.all(
      clients.map(async (client, i) => {
        const t0 = performance.now();
        const res = await client.upload(targets[i]!, big.jpeg, 'passport.jpg');
        return { status: res.status, ms: performance.now() - t0 };
      }),
    );
    const wall = performance.now() - started;
    const peak = await sample.stop();
    await sleep(SETTLE_SECONDS * 1000);
    const settled = await rssKb(pid);

    // The same account sending eight at once: two run, four wait, the rest are told to retry.
    const burst = await Promise.all(
      Array.from({ length: 8 }, () => clients[0]!.upload(targets[0]!, big.jpeg, 'again.jpg')),
    );

    const statuses = results.map((r) => r.status);
    const times = results.map((r) => r.ms);
    say();
    say(`Attack PNG (39.7 MP): HTTP ${refused.status} in ${ms(attackMs)}: ${refused.json.error}`);
    say(`  RSS during the refusal: ${mb(attackPeak)} (baseline ${mb(baseline)})`);
    say(`${UPLOADS} concurrent uploads of the largest accepted picture (one account each):`);
    say(`  HTTP statuses: ${statuses.join(', ')}`);
    say(
      `  per upload: min ${ms(Math.min(...times))}, median ${ms(median(times))}, max ${ms(Math.max(...times))}; all done in ${ms(wall)}`,
    );
    say(
      `  RSS: baseline ${mb(baseline)}, before ${mb(before)}, peak ${mb(peak)}, after ${SETTLE_SECONDS} s ${mb(settled)}`,
    );
    const burstStatuses = burst.map((r) => r.status);
    say(
      `8 at once from one account: ${burstStatuses.filter((s) => s === 200).length} stored, ${burstStatuses.filter((s) => s === 429).length} answered 429 (Retry-After ${burst.find((r) => r.status === 429)?.retryAfter ?? '-'} s)`,
    );
    say(
      `  added by the uploads: ${mb(peak - baseline)} at the peak, ${mb(settled - baseline)} after settling`,
    );
    // On PostgreSQL the whole process stays under 600 MB; the embedded PGlite database alone takes ~450 MB, so
    // there the uploads' share is what is held to account.
    const checks: [string, boolean][] = [
      ['attack refused with 413 in under 1 s', refused.status === 413 && attackMs < 1000],
      ['every upload stored', statuses.every((s) => s === 200)],
      ['uploads add under 300 MB at the peak', peak - baseline < 300 * 1024],
      ['memory back within 64 MB of the baseline', settled - baseline < 64 * 1024],
      ...(database ? [['peak under 600 MB', peak < 600 * 1024] as [string, boolean]] : []),
    ];
    say();
    for (const [what, passed] of checks) say(`${passed ? 'OK  ' : 'FAIL'} ${what}`);
    const ok = checks.every(([, passed]) => passed);
    process.exitCode = ok ? 0 : 1;
  } finally {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await fs.rm(dataDir, { recursive: true, force: true });
    await database?.drop();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
