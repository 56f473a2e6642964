import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import type { Refund } from '@waypoint/contracts';
import { applications, auditLog, emailOutbox, paymentEvents, refunds } from '../../db/schema';
import { fakeStripe } from '../../faults/fake-stripe';
import { Browser, makeAdmin, uniqueEmail } from '../../test/auth-helpers';
import { body, createTestApp, type TestApp } from '../../test/harness';
import { orderBody } from '../../test/orders';

const WEBHOOK_SECRET = 'whsec_refunds_secret';
const fake = fakeStripe();
const stripe = new Stripe('sk_test_local');
let t: TestApp;
let staff: Browser;
let ip = 1;
const browser = () => new Browser(t.app, `10.18.0.${ip++}`);

beforeAll(async () => {
  const base = await fake.listen();
  t = await createTestApp({
    STRIPE_SECRET_KEY: 'sk_test_local',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_local',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: base,
  });
  staff = await makeAdmin(t, browser);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

function webhook(event: object) {
  const payload = JSON.stringify(event);
  const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
}

/** An order paid with Stripe (the fake says the intent succeeded, the browser confirms). */
async function paidWithStripe() {
  const b = browser();
  const email = uniqueEmail('stripe-refund');
  const { paymentIntentId, applicationId } = body<{
    data: { paymentIntentId: string; applicationId: string };
  }>(await b.post('/api/applications/create-payment-intent', orderBody(email))).data;
  fake.intents.get(paymentIntentId)!.status = 'succeeded';
  const confirmed = await b.post('/api/applications/confirm-payment', { paymentIntentId });
  expect(confirmed.statusCode).toBe(200);
  return {
    id: applicationId,
    email,
    paymentIntentId,
    amount: fake.intents.get(paymentIntentId)!.amount,
  };
}

const refundOf = (id: string, kind = 'full', idempotencyKey = crypto.randomUUID()) =>
  staff.post(`/api/admin/applications/${id}/refunds`, { kind, reason: 'Stripe', idempotencyKey });

const statusOf = async (id: string) =>
  (await t.database.db.select().from(applications).where(eq(applications.id, id)))[0]!.status;

const refundEmails = async (to: string) =>
  (await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to))).filter(
    (m) => m.template === 'refund-confirmation',
  );

describe('refunds with Stripe', () => {
  it('creates the Stripe refund of the amount paid with an idempotency key of the refund', async () => {
    fake.refundOutcome.status = 'succeeded';
    const { id, email, paymentIntentId, amount } = await paidWithStripe();
    const res = await refundOf(id);
    expect(res.statusCode).toBe(200);
    const made = body<{ data: { refund: Refund } }>(res).data.refund;
    expect(made).toMatchObject({ status: 'succeeded', amountCents: amount });
    const call = fake.calls.filter((c) => c.path === '/v1/refunds');
    expect(call).toHaveLength(1);
    expect(call[0]!.idempotencyKey).toBe(`refund:${made.id}`);
    const params = new URLSearchParams(call[0]!.body);
    expect(params.get('payment_intent')).toBe(paymentIntentId);
    expect(params.get('amount')).toBe(String(amount));
    expect(params.get('metadata[refundId]')).toBe(made.id);
    const [row] = await t.database.db.select().from(refunds).where(eq(refunds.id, made.id));
    expect(row!.providerRefundId).toMatch(/^re_fake_/);
    expect(await refundEmails(email)).toHaveLength(1);
  });

  it('keeps a pending Stripe refund pending until its webhook says it succeeded, applied once', async () => {
    fake.refundOutcome.status = 'pending';
    const { id, email } = await paidWithStripe();
    const made = body<{ data: { refund: Refund } }>(await refundOf(id)).data.refund;
    expect(made.status).toBe('pending');
    expect(await refundEmails(email)).toHaveLength(0);
    // Pending money still counts: a second refund would exceed what was paid.
    expect((await refundOf(id, 'service_fee')).statusCode).toBe(409);

    const [row] = await t.database.db.select().from(refunds).where(eq(refunds.id, made.id));
    const stripeRefund = fake.refunds.get(row!.providerRefundId!)!;
    const event = {
      id: 'evt_refund_updated_1',
      object: 'event',
      type: 'refund.updated',
      data: { object: { ...stripeRefund, status: 'succeeded' } },
    };
    expect((await webhook(event)).statusCode).toBe(200);
    expect((await webhook(event)).statusCode).toBe(200);
    const [after] = await t.database.db.select().from(refunds).where(eq(refunds.id, made.id));
    expect(after).toMatchObject({ status: 'succeeded' });
    expect(after!.settledAt).not.toBeNull();
    expect(await refundEmails(email)).toHaveLength(1);
    const events = await t.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.eventId, 'evt_refund_updated_1'));
    expect(events).toHaveLength(1);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.applicationId, id));
    expect(audit.filter((a) => a.action === 'refund.succeeded')).toEqual([
      expect.objectContaining({
        actorRole: 'system',
        details: expect.objectContaining({ via: 'webhook' }),
      }),
    ]);
  });

  it("tells the owner's open pages when a webhook settles a service fee refund, once", async () => {
    fake.refundOutcome.status = 'pending';
    const { id } = await paidWithStripe();
    const made = body<{ data: { refund: Refund } }>(await refundOf(id, 'service_fee')).data.refund;
    expect(made.status).toBe('pending');
    const [row] = await t.database.db.select().from(refunds).where(eq(refunds.id, made.id));
    const stripeRefund = fake.refunds.get(row!.providerRefundId!)!;
    const event = {
      id: 'evt_refund_updated_live',
      object: 'event',
      type: 'refund.updated',
      data: { object: { ...stripeRefund, status: 'succeeded' } },
    };
    // The notices the API process hears (what it sends to the owner's streams).
    const deliver = jest.spyOn(t.app.liveEvents, 'deliver');
    try {
      expect((await webhook(event)).statusCode).toBe(200);
      expect((await webhook(event)).statusCode).toBe(200);
      // On PostgreSQL the notice comes back through the listening connection, a moment after the commit.
      for (let i = 0; i < 100 && deliver.mock.calls.length === 0; i += 1)
        await new Promise((ok) => setTimeout(ok, 20));
      await new Promise((ok) => setTimeout(ok, 100));
      const [owner] = await t.database.db
        .select({ userId: applications.userId })
        .from(applications)
        .where(eq(applications.id, id));
      // The event a status change sends, with the status the order keeps.
      expect(deliver.mock.calls.map(([payload]) => JSON.parse(payload!) as unknown)).toEqual([
        {
          userId: owner!.userId,
          event: { type: 'status', applicationId: id, status: 'IN_PROGRESS' },
        },
      ]);
    } finally {
      deliver.mockRestore();
    }
  });

  it('marks a refund failed from charge.refunded, frees its amount and reopens the order it closed', async () => {
    fake.refundOutcome.status = 'pending';
    const { id, email } = await paidWithStripe();
    const made = body<{ data: { refund: Refund } }>(await refundOf(id)).data.refund;
    // A refund in full on its way closes the order at once.
    expect(await statusOf(id)).toBe('REFUNDED');
    const [row] = await t.database.db.select().from(refunds).where(eq(refunds.id, made.id));
    const stripeRefund = fake.refunds.get(row!.providerRefundId!)!;
    const event = {
      id: 'evt_charge_refunded_1',
      object: 'event',
      type: 'charge.refunded',
      data: {
        object: {
          id: 'ch_fake',
          object: 'charge',
          payment_intent: stripeRefund.payment_intent,
          refunds: {
            object: 'list',
            data: [
              { ...stripeRefund, status: 'failed', failure_reason: 'expired_or_canceled_card' },
            ],
          },
        },
      },
    };
    expect((await webhook(event)).statusCode).toBe(200);
    const [after] = await t.database.db.select().from(refunds).where(eq(refunds.id, made.id));
    expect(after).toMatchObject({ status: 'failed', failureReason: 'expired_or_canceled_card' });
    expect(await refundEmails(email)).toHaveLength(0);
    // The provider refused: the order is back where it was, and says so in its history.
    expect(await statusOf(id)).toBe('IN_PROGRESS');
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.applicationId, id));
    expect(
      audit
        .filter((a) => a.action === 'application.status_changed')
        .map((a) => a.details as { from: string; to: string }),
    ).toEqual([
      expect.objectContaining({ from: 'IN_PROGRESS', to: 'REFUNDED' }),
      expect.objectContaining({ from: 'REFUNDED', to: 'IN_PROGRESS' }),
    ]);
    fake.refundOutcome.status = 'succeeded';
    const retry = await refundOf(id);
    expect(body(retry)).toMatchObject({
      data: { refund: { status: 'succeeded' }, order: { status: 'REFUNDED' } },
    });
  });

  it('acknowledges a refund event about a refund the portal did not make', async () => {
    const res = await webhook({
      id: 'evt_refund_unknown',
      object: 'event',
      type: 'refund.created',
      data: {
        object: {
          id: 're_elsewhere',
          object: 'refund',
          status: 'succeeded',
          amount: 100,
          currency: 'eur',
          payment_intent: 'pi_elsewhere',
          metadata: {},
        },
      },
    });
    expect(res.statusCode).toBe(200);
  });
});
