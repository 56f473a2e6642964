import crypto from 'node:crypto';
import Stripe from 'stripe';
import { fakeStripe, succeededEvent } from './fake-stripe';
import {
  Client,
  createDatabase,
  killHard,
  seeded,
  sleep,
  startServer,
  stop,
  tempDir,
  TcpProxy,
  type Reply,
  type ServerProcess,
} from './harness';

/**
 * Fault scenarios against the built server process on PostgreSQL: database outages under traffic, kill -9 during
 * payment completion and during a webhook, and orders paid on several processes at once. Used by the fault tests
 * and `npm run faults`.
 */

/** A reply the API may give while the database is away: a success, a client error, or a retryable 503. */
const acceptable = (r: Reply) =>
  (r.status >= 200 && r.status < 500) || (r.status === 503 && r.retryAfter !== null);

interface Call {
  at: number;
  end: number;
  reply: Reply;
}

/** How long traffic runs on after each fault, before the next one or the end. */
const AFTER_FAULT_MS = 3000;
/** Every call that starts this long after the database is back must succeed. */
const RECOVERY_BUDGET_MS = 2000;

export interface OutageReport {
  requests: number;
  byStatus: Record<string, number>;
  /** Replies other than 2xx, 4xx or 503 with Retry-After (500s, or no answer at all). */
  unacceptable: number;
  crashed: boolean;
  terminations: number;
  /** What /api/ready answered while the database was unreachable. */
  readyWhileCut: number;
  /** From the database being back to the last failed call, per fault. */
  recoveryMs: { afterTerminations: number; afterCut: number };
  /** Calls that failed more than two seconds after the database was back. */
  lateFailures: number;
}

/** A scratch database and data directory for one scenario, the server's environment on them, and their removal. */
async function scratch(adminUrl: string) {
  const db = await createDatabase(adminUrl);
  const data = await tempDir();
  return {
    db,
    env: {
      DATABASE_URL: db.url,
      DATA_DIR: data.dir,
      LOG_LEVEL: 'error',
      // No load shedding, as in the API's test apps: these servers restart while a busy test machine runs other
      // tests beside them, and what is tested is what a kill or an outage loses, not a 503 OVERLOADED.
      MAX_EVENT_LOOP_DELAY_MS: '0',
    },
    async remove() {
      await db.drop();
      await data.remove();
    },
  };
}

/**
 * The calls of a traveller: reference data, draft save and read, readiness, and placing and paying an order
 * (transactions of several statements, where a connection can die between two of them).
 */
function travellerOps(client: Client, random: () => number): (() => Promise<Reply>)[] {
  const draft = {
    countryId: 'US',
    visaTypeId: 'uk-eta',
    arrivalDate: null,
    hasPlannedDates: false,
    travelers: [],
    selectedProcessingOption: null,
    currentStep: 2,
  };
  const payOrder = async () => {
    // A new buyer each time (their own address), so the per-address limit on new orders is not what answers.
    const n = Math.floor(random() * 1e9);
    const buyer = new Client(client.base, `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`);
    const email = `outage-${n}@example.com`;
    const created = await buyer.post('/api/applications/create-payment-intent', orderBody(email));
    if (created.status !== 200) return created;
    const order = (created.body as { data: Created }).data;
    return buyer.post('/api/payments/sandbox/confirm', confirmBody(order));
  };
  return [
    () => client.get('/api/reference/countries'),
    () => client.get('/api/reference/visa-types/uk-eta/options'),
    () => client.post('/api/applications/save', draft),
    () => client.get('/api/applications/session-data'),
    () => client.get('/api/ready'),
    payOrder,
  ];
}

/**
 * Drives `users` concurrent travellers while PostgreSQL ends the API's connections every 50 ms for
 * `terminateMs`, then while the database is unreachable for `cutMs`; measures how the API answers and how
 * fast it recovers after each fault.
 */
export async function outageRun({
  adminUrl,
  users = 20,
  terminateMs = 5000,
  cutMs = 3000,
  seed = 1,
}: {
  adminUrl: string;
  users?: number;
  terminateMs?: number;
  cutMs?: number;
  seed?: number;
}): Promise<OutageReport> {
  const { db, env, remove } = await scratch(adminUrl);
  const target = new URL(adminUrl);
  const proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
  await proxy.start();
  let server: ServerProcess | null = null;
  try {
    server = await startServer({
      ...env,
      DATABASE_URL: proxy.urlFor(db.url),
      DATABASE_CONNECT_TIMEOUT_MS: '1000',
      TRUST_PROXY: 'true',
    });
    const base = server.base;
    const random = seeded(seed);
    const calls: Call[] = [];
    let running = true;
    const workers = Array.from({ length: users }, async (_, i) => {
      const client = new Client(base, `10.20.${Math.floor(i / 200)}.${(i % 200) + 1}`);
      const ops = travellerOps(client, random);
      while (running) {
        const at = Date.now();
        const reply = await ops[Math.floor(random() * ops.length)]!();
        calls.push({ at, end: Date.now(), reply });
        await sleep(5 + random() * 20);
      }
    });

    await sleep(500);
    // 1. Every connection of the API is terminated, over and over, as in a failover or a restart.
    let terminations = 0;
    const terminateUntil = Date.now() + terminateMs;
    while (Date.now() < terminateUntil) {
      terminations += await db.terminateBackends();
      await sleep(50);
    }
    const backAfterTerminations = Date.now();
    await sleep(AFTER_FAULT_MS);

    // 2. The database becomes unreachable (connections cut, new ones refused), then comes back.
    await proxy.cut();
    await sleep(Math.min(1000, cutMs / 2));
    const readyWhileCut = (await new Client(base).get('/api/ready')).status;
    await sleep(Math.max(0, cutMs - Math.min(1000, cutMs / 2)));
    await proxy.restore();
    const backAfterCut = Date.now();
    await sleep(AFTER_FAULT_MS);
    running = false;
    await Promise.all(workers);

    // Calls that started after `from` and ended before `to` (before the next fault began) and were not
    // answered as usual (a 503, a 500 or no answer; 4xx are the usual answers to some calls).
    const failedBetween = (from: number, to: number) =>
      calls.filter(
        (c) => c.at >= from && c.end <= to && !(c.reply.status >= 200 && c.reply.status < 500),
      );
    const recovery = (back: number) => ({
      lastFailureMs: Math.max(
        0,
        ...failedBetween(back, back + AFTER_FAULT_MS).map((c) => c.at - back),
      ),
      late: failedBetween(back + RECOVERY_BUDGET_MS, back + AFTER_FAULT_MS).length,
    });
    const afterTerminations = recovery(backAfterTerminations);
    const afterCut = recovery(backAfterCut);
    const byStatus: Record<string, number> = {};
    for (const c of calls) byStatus[c.reply.status] = (byStatus[c.reply.status] ?? 0) + 1;
    const crashed = !server.alive();
    return {
      requests: calls.length,
      byStatus,
      unacceptable: calls.filter((c) => !acceptable(c.reply)).length,
      crashed,
      terminations,
      readyWhileCut,
      recoveryMs: {
        afterTerminations: afterTerminations.lastFailureMs,
        afterCut: afterCut.lastFailureMs,
      },
      lateFailures: afterTerminations.late + afterCut.late,
    };
  } finally {
    if (server) await stop(server);
    await proxy.close();
    await remove();
  }
}

export interface KillReport {
  runs: number;
  /** Orders whose card was charged (the provider's intent succeeded). */
  charged: number;
  /** ... whose request was answered before the kill. */
  answeredBeforeKill: number;
  /** ... completed after a restart by reconciliation or a redelivered webhook. */
  completedAfterRestart: number;
  /** Orders never charged (killed before the card was taken): unpaid, nothing sent. */
  notCharged: number;
  /** Anything other than exactly one paid order, one payment and one confirmation e-mail per charge. */
  violations: string[];
}

function orderBody(email: string) {
  return {
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
  };
}

interface Created {
  applicationId: string;
  paymentIntentId: string;
  clientSecret: string;
}

/** The browser's sandbox confirmation with the test card that succeeds. */
function confirmBody(order: Created) {
  return {
    paymentIntentId: order.paymentIntentId,
    clientSecret: order.clientSecret,
    paymentMethod: 'pm_card_visa',
    billingDetails: {
      name: 'Ann Lee',
      email: 'ann@example.com',
      address: { line1: '1 High St', city: 'London', postal_code: 'SW1A 1AA', country: 'GB' },
    },
  };
}

async function createOrder(client: Client, email: string): Promise<Created> {
  const res = await client.post('/api/applications/create-payment-intent', orderBody(email));
  if (res.status !== 200) throw new Error(`order not created: ${JSON.stringify(res.body)}`);
  return (res.body as { data: Created }).data;
}

interface OrderState {
  id: string;
  paid: boolean;
  payments: number;
  emails: number;
  paidAudits: number;
  via: string | null;
}

async function orderStates(
  db: Awaited<ReturnType<typeof createDatabase>>,
  ids: string[],
): Promise<OrderState[]> {
  return db.query<OrderState>(
    `select a.id, a.paid_at is not null as paid,
       (select count(*)::int from payments p where p.application_id = a.id) as payments,
       (select count(*)::int from email_outbox e
          where e.template = 'payment-confirmation' and e.payload->>'applicationId' = a.id::text) as emails,
       (select count(*)::int from audit_log l where l.application_id = a.id and l.action = 'application.paid')
         as "paidAudits",
       (select l.details->>'via' from audit_log l
          where l.application_id = a.id and l.action = 'application.paid' limit 1) as via
     from applications a where a.id = any($1::uuid[])`,
    [ids],
  );
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return true;
    await sleep(200);
  }
  return check();
}

function checkOrder(state: OrderState | undefined, charged: boolean, violations: string[]) {
  if (!state) return violations.push('an order disappeared');
  const expected = charged ? 1 : 0;
  if (state.paid !== charged)
    violations.push(`${state.id}: charged=${charged} but paid=${state.paid}`);
  if (state.payments !== 1) violations.push(`${state.id}: ${state.payments} payments`);
  if (state.emails !== expected)
    violations.push(`${state.id}: ${state.emails} confirmation e-mails`);
  if (state.paidAudits !== expected)
    violations.push(`${state.id}: ${state.paidAudits} paid audit rows`);
}

const RECONCILE_FAST = { RECONCILE_GRACE_SECONDS: '1', RECONCILE_INTERVAL_SECONDS: '0.5' };

interface KillOptions {
  adminUrl: string;
  runs?: number;
  seed?: number;
}

/** How long `work` takes on a healthy server (at least 5 ms): the kills are spread over this. */
async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = Date.now();
  const value = await work();
  return { value, ms: Math.max(5, Date.now() - started) };
}

/**
 * Kills the server -9 a random moment, up to `typicalMs`, after `pending` was sent (before, during or after
 * its work); whether it was still answered 200.
 */
async function killDuring(
  server: ServerProcess,
  pending: Promise<number>,
  random: () => number,
  typicalMs: number,
): Promise<boolean> {
  await sleep(random() * typicalMs);
  await killHard(server);
  return (await pending) === 200;
}

/**
 * Sandbox payments killed at random points: the browser confirms a card and the process is killed -9 a random
 * few milliseconds later (before, during or after the completion), then restarted. Once reconciliation has run,
 * every charged order is paid exactly once with one e-mail; every other one is untouched.
 */
export async function killDuringPayment({
  adminUrl,
  runs = 8,
  seed = 7,
}: KillOptions): Promise<KillReport> {
  const { db, env: base, remove } = await scratch(adminUrl);
  const env = { ...base, ...RECONCILE_FAST };
  const random = seeded(seed);
  const orders: { id: string; intent: string }[] = [];
  let answeredBeforeKill = 0;
  let server: ServerProcess | null = null;
  try {
    // How long a confirm takes here, so the kills land around it.
    server = await startServer(env);
    const probe = new Client(server.base);
    const sample = await createOrder(probe, `probe-${seed}@example.com`);
    const { value: confirmed, ms: confirmMs } = await timed(() =>
      probe.post('/api/payments/sandbox/confirm', confirmBody(sample)),
    );
    if (confirmed.status !== 200)
      throw new Error(`payment failed: ${JSON.stringify(confirmed.body)}`);
    orders.push({ id: sample.applicationId, intent: sample.paymentIntentId });
    answeredBeforeKill += 1;

    for (let i = 0; i < runs; i += 1) {
      if (!server?.alive()) server = await startServer(env);
      const client = new Client(server.base);
      const order = await createOrder(client, `kill-${seed}-${i}@example.com`);
      orders.push({ id: order.applicationId, intent: order.paymentIntentId });
      const confirm = client.post('/api/payments/sandbox/confirm', confirmBody(order));
      if (
        await killDuring(
          server,
          confirm.then((r) => r.status),
          random,
          confirmMs,
        )
      )
        answeredBeforeKill += 1;
    }
    server = await startServer(env);
    const charged = async () =>
      new Set(
        (
          await db.query<{ id: string }>(
            `select id from sandbox_payment_intents where status = 'succeeded'`,
          )
        ).map((r) => r.id),
      );
    // Reconciliation completes what was charged but not completed.
    const ids = orders.map((o) => o.id);
    await waitFor(async () => {
      const paid = (await orderStates(db, ids)).filter((s) => s.paid).length;
      return paid === (await charged()).size;
    }, 15_000);
    await sleep(1000); // a late duplicate would show now
    const succeeded = await charged();
    const states = new Map((await orderStates(db, ids)).map((s) => [s.id, s]));
    const violations: string[] = [];
    for (const o of orders) checkOrder(states.get(o.id), succeeded.has(o.intent), violations);
    const chargedCount = orders.filter((o) => succeeded.has(o.intent)).length;
    return {
      runs,
      charged: chargedCount,
      answeredBeforeKill,
      completedAfterRestart: [...states.values()].filter((s) => s.via === 'reconciliation').length,
      notCharged: orders.length - chargedCount,
      violations,
    };
  } finally {
    if (server) await stop(server);
    await remove();
  }
}

/**
 * Stripe webhooks killed at random points: the card is charged, Stripe delivers `payment_intent.succeeded`
 * and the process is killed -9 a few milliseconds later. After each restart the event is either recorded with
 * its order paid, or neither; Stripe's redelivery then gets 200 and every order ends paid exactly once.
 */
export async function killDuringWebhook({
  adminUrl,
  runs = 8,
  seed = 11,
}: KillOptions): Promise<KillReport> {
  const { db, env: base, remove } = await scratch(adminUrl);
  const stripe = fakeStripe();
  const secret = 'whsec_fault_test';
  const env = {
    ...base,
    STRIPE_SECRET_KEY: 'sk_test_fault',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_fault',
    STRIPE_WEBHOOK_SECRET: secret,
    STRIPE_API_BASE: await stripe.listen(),
    // Here the redelivered webhook, not reconciliation, must complete the orders.
    RECONCILE_GRACE_SECONDS: '3600',
  };
  const signer = new Stripe('sk_test_fault');
  const deliver = (base: string, event: object) => {
    const payload = JSON.stringify(event);
    return fetch(`${base}/api/payments/webhook`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret }),
      },
      body: payload,
    })
      .then((r) => r.status)
      .catch(() => 0);
  };
  const random = seeded(seed);
  const orders: { id: string; event: object }[] = [];
  const violations: string[] = [];
  let answeredBeforeKill = 0;
  let server: ServerProcess | null = null;
  try {
    server = await startServer(env);
    const probe = new Client(server.base);
    const sample = await createOrder(probe, `hook-probe-${seed}@example.com`);
    stripe.intents.get(sample.paymentIntentId)!.status = 'succeeded';
    const sampleEvent = succeededEvent(
      `evt_probe_${seed}`,
      stripe.intents.get(sample.paymentIntentId)!,
    );
    const { ms: webhookMs } = await timed(() => deliver(probe.base, sampleEvent));
    orders.push({ id: sample.applicationId, event: sampleEvent });
    answeredBeforeKill += 1;

    for (let i = 0; i < runs; i += 1) {
      if (!server?.alive()) server = await startServer(env);
      const order = await createOrder(new Client(server.base), `hook-${seed}-${i}@example.com`);
      const intent = stripe.intents.get(order.paymentIntentId)!;
      intent.status = 'succeeded'; // the card was charged
      const event = succeededEvent(`evt_kill_${seed}_${i}`, intent);
      orders.push({ id: order.applicationId, event });
      if (await killDuring(server, deliver(server.base, event), random, webhookMs))
        answeredBeforeKill += 1;
      // Right after the crash: the event is recorded exactly when its order is paid.
      const [state] = await db.query<{ recorded: boolean; paid: boolean }>(
        `select exists(select 1 from payment_events where event_id = $1) as recorded,
           (select paid_at is not null from applications where id = $2) as paid`,
        [(event as { id: string }).id, order.applicationId],
      );
      if (state!.recorded && !state!.paid)
        violations.push(`${order.applicationId}: event recorded but the order is unpaid`);
    }
    // Stripe redelivers every event that was not acknowledged.
    server = await startServer(env);
    for (const o of orders) {
      const status = await deliver(server.base, o.event);
      if (status !== 200) violations.push(`${o.id}: redelivery answered ${status}`);
    }
    await sleep(500);
    const states = new Map(
      (
        await orderStates(
          db,
          orders.map((o) => o.id),
        )
      ).map((s) => [s.id, s]),
    );
    for (const o of orders) checkOrder(states.get(o.id), true, violations);
    const events = await db.query<{ n: number }>('select count(*)::int as n from payment_events');
    if (events[0]!.n !== orders.length)
      violations.push(`${events[0]!.n} events recorded for ${orders.length} deliveries`);
    return {
      runs,
      charged: orders.length,
      answeredBeforeKill,
      completedAfterRestart: orders.length - answeredBeforeKill,
      notCharged: 0,
      violations,
    };
  } finally {
    if (server) await stop(server);
    await stripe.close();
    await remove();
  }
}

export interface ReceiptsReport {
  orders: number;
  processes: number;
  /** Receipts issued for the orders. */
  receipts: number;
  /** Replies of 500 or more, or none, to the confirmations. */
  failedReplies: number;
  /** Anything other than one paid order, payment, e-mail and receipt per order, and the year's numbers 1…n. */
  violations: string[];
}

/**
 * Receipt numbers across processes: `processes` API processes on one database, and every order's card confirmed on
 * all of them at once, then its completion asked of all of them at once (a browser's retries reaching other
 * processes through the load balancer). Every order ends paid once, with one payment, one confirmation e-mail and
 * one receipt, and the year's receipt numbers are 1…n without a gap, its counter at n.
 */
export async function receiptsAcrossProcesses({
  adminUrl,
  orders = 20,
  processes = 3,
}: {
  adminUrl: string;
  orders?: number;
  processes?: number;
}): Promise<ReceiptsReport> {
  const { db, env: base, remove } = await scratch(adminUrl);
  // Each order from an address of its own, so the per-address limits are not what answers.
  const env = { ...base, TRUST_PROXY: 'true' };
  const servers: ServerProcess[] = [];
  try {
    // One after another: the first migrates the scratch database, the others find it migrated.
    for (let i = 0; i < processes; i += 1) servers.push(await startServer(env));
    const placed = await Promise.all(
      Array.from({ length: orders }, async (_, i) => {
        const client = new Client(servers[i % processes]!.base, `10.77.${i >> 8}.${(i & 255) + 1}`);
        return { client, order: await createOrder(client, `receipts-${i}@example.com`) };
      }),
    );
    let failedReplies = 0;
    const onEveryProcess = (path: string, body: (order: Created) => unknown) =>
      Promise.all(
        placed.flatMap(({ client, order }) =>
          servers.map(async (server) => {
            const reply = await client.on(server.base).post(path, body(order));
            if (reply.status === 0 || reply.status >= 500) failedReplies += 1;
          }),
        ),
      );
    await onEveryProcess('/api/payments/sandbox/confirm', confirmBody);
    await onEveryProcess('/api/applications/confirm-payment', (order) => ({
      paymentIntentId: order.paymentIntentId,
    }));

    const violations: string[] = [];
    const ids = placed.map((p) => p.order.applicationId);
    const states = new Map((await orderStates(db, ids)).map((s) => [s.id, s]));
    for (const id of ids) checkOrder(states.get(id), true, violations);
    const issued = await db.query<{ applicationId: string; year: number }>(
      `select application_id as "applicationId", year from receipts where application_id = any($1::uuid[])`,
      [ids],
    );
    for (const id of ids) {
      const count = issued.filter((r) => r.applicationId === id).length;
      if (count !== 1) violations.push(`${id}: ${count} receipts`);
    }
    for (const year of new Set(issued.map((r) => r.year))) {
      const numbers = (
        await db.query<{ sequence: number }>(
          'select sequence from receipts where year = $1 order by sequence',
          [year],
        )
      ).map((r) => r.sequence);
      if (numbers.some((n, i) => n !== i + 1))
        violations.push(
          `${year}: receipt numbers ${numbers.join(', ')} are not 1 to ${numbers.length}`,
        );
      const [counter] = await db.query<{ last: number }>(
        'select last_number as last from receipt_counters where year = $1',
        [year],
      );
      if (counter?.last !== numbers.length)
        violations.push(
          `${year}: the counter is at ${counter?.last}, ${numbers.length} receipts issued`,
        );
    }
    return { orders, processes, receipts: issued.length, failedReplies, violations };
  } finally {
    for (const server of servers) await stop(server);
    await remove();
  }
}
