import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { ApplicationDetail, LiveEvent, OrderSummary } from '@waypoint/contracts';
import { buildApp } from '../../app';
import { openDatabase, rowsOf } from '../../db/client';
import { applications } from '../../db/schema';
import { FieldEncryption } from '../../lib/field-encryption';
import { sql } from 'drizzle-orm';
import { Browser, makeAdmin, uniqueEmail } from '../../test/auth-helpers';
import { approved, lodged, rejected, stepOk } from '../../test/casework';
import { body, createTestApp, type TestApp } from '../../test/harness';
import { photo } from '../../test/images';
import { multipartFile, paidOrder } from '../../test/orders';

let t: TestApp;
let base: string;
let ip = 1;
const browser = () => new Browser(t.app, `10.7.${Math.floor(ip / 200)}.${(ip++ % 200) + 1}`);
let staff: Browser;

beforeAll(async () => {
  // A short heartbeat and two streams per account, so both are seen within a test.
  t = await createTestApp({ LIVE_EVENTS_HEARTBEAT_SECONDS: '0.2', LIVE_EVENTS_PER_USER: '2' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  staff = await makeAdmin(t, browser);
});
afterAll(() => t.close());

/** An event stream read as a browser's EventSource would: its events and comments as they arrive. */
interface Stream {
  status: number;
  headers: http.IncomingHttpHeaders;
  events: LiveEvent[];
  comments: string[];
  body: string;
  /** Resolves with the first event (already received or to come) that matches. */
  next(match: (e: LiveEvent) => boolean, timeoutMs?: number): Promise<LiveEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

function openStream(b?: Browser): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      `${base}/api/events`,
      {
        headers: {
          accept: 'text/event-stream',
          'accept-encoding': 'br, gzip',
          ...(b ? { cookie: b.cookieHeader() } : {}),
        },
      },
      (res) => {
        const waiters = new Set<() => void>();
        let buffer = '';
        let endedResolve: () => void = () => undefined;
        const stream: Stream = {
          status: res.statusCode ?? 0,
          headers: res.headers,
          events: [],
          comments: [],
          body: '',
          next: (match, timeoutMs = 5000) =>
            new Promise((ok, fail) => {
              const check = () => {
                const found = stream.events.find(match);
                if (!found) return false;
                waiters.delete(check);
                clearTimeout(timer);
                ok(found);
                return true;
              };
              const timer = setTimeout(() => {
                waiters.delete(check);
                fail(new Error(`no matching event in ${JSON.stringify(stream.events)}`));
              }, timeoutMs);
              if (!check()) waiters.add(check);
            }),
          ended: new Promise((ok) => {
            endedResolve = ok;
          }),
          close: () => req.destroy(),
        };
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          stream.body += chunk;
          buffer += chunk;
          let at: number;
          while ((at = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, at);
            buffer = buffer.slice(at + 2);
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) stream.comments.push(line.slice(1).trim());
              if (line.startsWith('data: '))
                stream.events.push(JSON.parse(line.slice(6)) as LiveEvent);
            }
          }
          for (const waiter of [...waiters]) waiter();
        });
        res.on('end', () => endedResolve());
        res.on('close', () => endedResolve());
        resolve(stream);
      },
    );
    req.on('error', reject);
  });
}

/** A paid order moved to SUBMITTED, as if the traveller had submitted it. */
async function submittedOrder() {
  const b = browser();
  const id = await paidOrder(b, uniqueEmail('live'));
  await t.database.db
    .update(applications)
    .set({ status: 'SUBMITTED', submittedAt: new Date() })
    .where(eq(applications.id, id));
  return { b, id };
}

async function moveTo(id: string, status: 'UNDER_REVIEW' | 'LODGED' | 'APPROVED' | 'REJECTED') {
  if (status === 'UNDER_REVIEW') await stepOk(staff, id, { status });
  else if (status === 'LODGED') await lodged(staff, id);
  else if (status === 'APPROVED') await approved(staff, id);
  else await rejected(staff, id, 'The photo does not show the whole face.');
}

describe('GET /api/events', () => {
  it('refuses a visitor who is not signed in with 401', async () => {
    const stream = await openStream();
    await stream.ended;
    expect(stream.status).toBe(401);
    expect(JSON.parse(stream.body)).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
  });

  it('is an uncompressed, unbuffered event stream with heartbeats', async () => {
    const { b } = await submittedOrder();
    const stream = await openStream(b);
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      expect(stream.headers['content-encoding']).toBeUndefined();
      expect(stream.headers['cache-control']).toBe('no-store, no-transform');
      expect(stream.headers['x-accel-buffering']).toBe('no');
      // The request's own headers still come with it.
      expect(stream.headers['x-request-id']).toBeTruthy();
      expect(stream.body).toMatch(/^retry: \d+\n/);
      await new Promise((ok) => setTimeout(ok, 700));
      expect(stream.comments.filter((c) => c === 'heartbeat').length).toBeGreaterThanOrEqual(2);
      expect(stream.events).toEqual([]);
    } finally {
      stream.close();
    }
  });

  it("sends the owner a staff member's decisions, and nothing of another traveller's orders", async () => {
    const mine = await submittedOrder();
    const theirs = await submittedOrder();
    const stream = await openStream(mine.b);
    const other = await openStream(theirs.b);
    try {
      await moveTo(mine.id, 'UNDER_REVIEW');
      expect(await stream.next((e) => e.type === 'status' && e.status === 'UNDER_REVIEW')).toEqual({
        type: 'status',
        applicationId: mine.id,
        status: 'UNDER_REVIEW',
      });
      await moveTo(mine.id, 'REJECTED');
      expect(await stream.next((e) => e.type === 'status' && e.status === 'REJECTED')).toEqual({
        type: 'status',
        applicationId: mine.id,
        status: 'REJECTED',
      });
      // Ids and codes only: the rejection's reason stays in the order, read with the session.
      expect(stream.body).not.toContain('photo does not show');

      // The other traveller heard nothing of it, and hears their own.
      await moveTo(theirs.id, 'UNDER_REVIEW');
      await other.next((e) => e.type === 'status' && e.applicationId === theirs.id);
      expect(other.events.every((e) => e.type === 'status' && e.applicationId === theirs.id)).toBe(
        true,
      );
      expect(stream.events.some((e) => e.type === 'status' && e.applicationId === theirs.id)).toBe(
        false,
      );
    } finally {
      stream.close();
      other.close();
    }
  });

  it('tells the owner when a refund settles, so that their open pages show it', async () => {
    const refundOrder = (id: string, kind: 'full' | 'service_fee') =>
      staff.post(`/api/admin/applications/${id}/refunds`, {
        kind,
        reason: 'Processing time missed',
        idempotencyKey: crypto.randomBytes(12).toString('hex'),
      });
    const refundsOf = async (b: Browser, id: string) =>
      body<{ data: OrderSummary[] }>(await b.get('/api/applications/my-applications')).data.find(
        (o) => o.id === id,
      )!.refunds;

    // A service fee refund changes no status: the event says the status the order still has.
    const { b, id } = await submittedOrder();
    const stream = await openStream(b);
    try {
      expect((await refundOrder(id, 'service_fee')).statusCode).toBe(200);
      expect(await stream.next((e) => e.type === 'status' && e.applicationId === id)).toEqual({
        type: 'status',
        applicationId: id,
        status: 'SUBMITTED',
      });
      // Sent once the refund is settled: the page that refetches on it finds the refund.
      expect(await refundsOf(b, id)).toEqual([
        { kind: 'service_fee', amountCents: expect.any(Number), refundedAt: expect.any(String) },
      ]);
      expect(stream.events.filter((e) => e.type === 'status')).toHaveLength(1);

      // A refund in full closes the order (a status change) and is then settled: the page hears both.
      const full = await submittedOrder();
      const own = await openStream(full.b);
      try {
        expect((await refundOrder(full.id, 'full')).statusCode).toBe(200);
        for (let i = 0; i < 100 && own.events.length < 2; i += 1)
          await new Promise((ok) => setTimeout(ok, 20));
        expect(own.events).toEqual([
          { type: 'status', applicationId: full.id, status: 'REFUNDED' },
          { type: 'status', applicationId: full.id, status: 'REFUNDED' },
        ]);
        expect(await refundsOf(full.b, full.id)).toEqual([
          { kind: 'full', amountCents: expect.any(Number), refundedAt: expect.any(String) },
        ]);
        // Nothing of it reached the other traveller.
        expect(stream.events.some((e) => e.type === 'status' && e.applicationId === full.id)).toBe(
          false,
        );
      } finally {
        own.close();
      }
    } finally {
      stream.close();
    }
  });

  it('tells the computer when the phone has uploaded a document through its link', async () => {
    const b = browser();
    const id = await paidOrder(b, uniqueEmail('phone'));
    const detail = body<{ data: ApplicationDetail }>(await b.get(`/api/application/${id}`)).data;
    const travelerId = detail.travelers[0]!.id;
    const linked = await b.post(`/api/application/${id}/travelers/${travelerId}/upload-link/photo`);
    const token = body<{ data: { url: string } }>(linked).data.url.split('/upload/')[1]!;
    const stream = await openStream(b);
    try {
      const phone = browser();
      const { payload, headers } = multipartFile('me.jpg', 'image/jpeg', await photo());
      const uploaded = await phone.request({
        method: 'POST',
        url: `/api/uploads/${token}`,
        payload,
        headers,
      });
      expect(uploaded.statusCode).toBe(200);
      expect(await stream.next((e) => e.type === 'document')).toEqual({
        type: 'document',
        applicationId: id,
        travelerId,
        kind: 'photo',
        status: 'ACCEPTED',
      });
    } finally {
      stream.close();
    }
  });

  it('keeps at most the configured number of streams per account, and frees a place when one closes', async () => {
    const { b } = await submittedOrder();
    const first = await openStream(b);
    const second = await openStream(b);
    const third = await openStream(b);
    await third.ended;
    expect(third.status).toBe(429);
    expect(JSON.parse(third.body)).toMatchObject({
      code: 'RATE_LIMITED',
      messageKey: 'liveEvents.tooManyStreams',
    });
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    first.close();
    await first.ended;
    // The server notices the closed connection.
    for (let i = 0; i < 50 && t.app.liveEvents.size > 1; i += 1)
      await new Promise((ok) => setTimeout(ok, 20));
    const again = await openStream(b);
    expect(again.status).toBe(200);
    again.close();
    second.close();
  });

  it('tells every open page to refetch when events may have been missed', async () => {
    const { b } = await submittedOrder();
    const stream = await openStream(b);
    try {
      t.app.liveEvents.deliver(undefined);
      expect(await stream.next((e) => e.type === 'resync')).toEqual({ type: 'resync' });
    } finally {
      stream.close();
    }
  });
});

describe('several API processes', () => {
  // Two processes on one PostgreSQL: the change is made through one, the stream is open on the other.
  const onPostgres = Boolean(process.env.DATABASE_URL);
  (onPostgres ? it : it.skip)(
    'a decision made through one process reaches the streams open on another',
    async () => {
      const [{ name }] = rowsOf<{ name: string }>(
        await t.database.db.execute(sql`select current_database() as name`),
      ) as [{ name: string }];
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = `/${name}`;
      const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 });
      const other = await buildApp({
        config: t.config,
        database,
        encryption: new FieldEncryption(crypto.randomBytes(32).toString('base64')),
      });
      const previous = base;
      try {
        await other.listen({ port: 0, host: '127.0.0.1' });
        base = `http://127.0.0.1:${(other.server.address() as AddressInfo).port}`;
        const { b, id } = await submittedOrder();
        const stream = await openStream(b);
        expect(stream.status).toBe(200);
        base = previous;
        await moveTo(id, 'UNDER_REVIEW');
        expect(await stream.next((e) => e.type === 'status')).toEqual({
          type: 'status',
          applicationId: id,
          status: 'UNDER_REVIEW',
        });
        stream.close();
      } finally {
        base = previous;
        await other.close();
        await database.close();
      }
    },
  );
});

describe('while the server shuts down', () => {
  it('ends the open streams and answers new ones 503, so pages reconnect elsewhere', async () => {
    const own = await createTestApp();
    await own.app.listen({ port: 0, host: '127.0.0.1' });
    const b = new Browser(own.app, '10.7.251.1');
    await paidOrder(b, uniqueEmail('closing'));
    const previous = base;
    base = `http://127.0.0.1:${(own.app.server.address() as AddressInfo).port}`;
    try {
      const open = await openStream(b);
      own.app.liveEvents.closeAll();
      await open.ended;
      const refused = await openStream(b);
      await refused.ended;
      expect(refused.status).toBe(503);
      expect(JSON.parse(refused.body)).toMatchObject({
        code: 'NOT_READY',
        messageKey: 'availability.shuttingDown',
      });
    } finally {
      base = previous;
      await own.close();
    }
  });
});

describe('timeline', () => {
  it('gives each order paid, submitted, in review, lodged and decided, with their times once reached', async () => {
    const { b, id } = await submittedOrder();
    const stepsOf = async () =>
      body<{ data: OrderSummary[] }>(await b.get('/api/applications/my-applications')).data.find(
        (o) => o.id === id,
      )!.timeline;
    let steps = await stepsOf();
    expect(steps.map((s) => s.step)).toEqual([
      'paid',
      'submitted',
      'in-review',
      'lodged',
      'decided',
    ]);
    expect(steps[0]!.at).toEqual(expect.any(String));
    expect(steps[1]!.at).toEqual(expect.any(String));
    expect(steps[2]!.at).toBeNull();
    expect(steps[3]!.at).toBeNull();
    expect(steps[4]).toEqual({ step: 'decided', at: null, outcome: null });

    const before = Date.now();
    await moveTo(id, 'UNDER_REVIEW');
    steps = await stepsOf();
    expect(Date.parse(steps[2]!.at!)).toBeGreaterThanOrEqual(before - 1000);
    await moveTo(id, 'LODGED');
    steps = await stepsOf();
    expect(Date.parse(steps[3]!.at!)).toBeGreaterThanOrEqual(before - 1000);
    await moveTo(id, 'APPROVED');
    steps = await stepsOf();
    expect(steps[4]).toEqual({ step: 'decided', at: expect.any(String), outcome: 'APPROVED' });

    // The application's own page reads the same timeline.
    const detail = body<{ data: ApplicationDetail }>(await b.get(`/api/application/${id}`)).data;
    expect(detail.timeline).toEqual(steps);
  });
});

describe('shutdown', () => {
  it('ends open streams so that closing the server does not wait for them', async () => {
    const own = await createTestApp();
    await own.app.listen({ port: 0, host: '127.0.0.1' });
    const b = new Browser(own.app, '10.7.250.1');
    await paidOrder(b, uniqueEmail('shutdown'));
    const previous = base;
    base = `http://127.0.0.1:${(own.app.server.address() as AddressInfo).port}`;
    try {
      const stream = await openStream(b);
      expect(stream.status).toBe(200);
      const started = Date.now();
      await own.close();
      await stream.ended;
      expect(Date.now() - started).toBeLessThan(3000);
      expect(own.app.liveEvents.size).toBe(0);
    } finally {
      base = previous;
    }
  });
});
