import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { applications, paymentEvents, payments, receipts } from '../../db/schema';
import { fakeStripe, succeededEvent, type FakeIntent } from '../../faults/fake-stripe';
import { Browser, uniqueEmail } from '../../test/auth-helpers';
import { body, createTestApp, type TestApp } from '../../test/harness';
import { orderBody } from '../../test/orders';

const WEBHOOK_SECRET = 'whsec_test_secret';

const fake = fakeStripe();
let t: TestApp;
const stripe = new Stripe('sk_test_local');

beforeAll(async () => {
  await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
  const port = (fake.server.address() as { port: number }).port;
  t = await createTestApp({
    STRIPE_SECRET_KEY: 'sk_test_local',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_local',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: `http://127.0.0.1:${port}`,
  });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => fake.server.close(resolve));
});

function webhook(event: object, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  const signature = stripe.webhooks.generateTestHeaderString({ payload, secret });
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
}

describe('Stripe provider', () => {
  it('reports Stripe and its publishable key to the checkout', async () => {
    expect(body(await t.app.inject({ method: 'GET', url: '/api/payments/config' }))).toEqual({
      success: true,
      data: { provider: 'stripe', publishableKey: 'pk_test_local' },
    });
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/payments/sandbox/confirm', payload: {} }))
        .statusCode,
    ).toBe(404);
  });

  it('creates the PaymentIntent with the server total in euro cents and an idempotency key, once per key', async () => {
    const b = new Browser(t.app, '10.3.0.1');
    const payload = orderBody(uniqueEmail(), 2);
    const first = body<{
      data: { paymentIntentId: string; clientSecret: string; provider: string };
    }>(await b.post('/api/applications/create-payment-intent', payload)).data;
    const again = body<{ data: { paymentIntentId: string } }>(
      await b.post('/api/applications/create-payment-intent', payload),
    ).data;
    expect(first).toMatchObject({
      provider: 'stripe',
      clientSecret: expect.stringContaining('_secret_'),
    });
    expect(again.paymentIntentId).toBe(first.paymentIntentId);
    const create = fake.calls.filter((c) => c.method === 'POST');
    expect(create).toHaveLength(1);
    const params = new URLSearchParams(create[0]!.body);
    expect(params.get('amount')).toBe('10380');
    expect(params.get('currency')).toBe('eur');
    expect(create[0]!.idempotencyKey).toBe(`order:${payload.idempotencyKey}`);
  });

  it('refuses to complete before Stripe says succeeded, then a signed webhook alone completes the order', async () => {
    const b = new Browser(t.app, '10.3.0.2');
    const email = uniqueEmail();
    const { paymentIntentId, applicationId } = body<{
      data: { paymentIntentId: string; applicationId: string };
    }>(await b.post('/api/applications/create-payment-intent', orderBody(email))).data;
    const early = await b.post('/api/applications/confirm-payment', { paymentIntentId });
    expect(early.statusCode).toBe(409);
    expect(body(early)).toMatchObject({ error: 'Payment not completed: requires_payment_method' });

    const intent = fake.intents.get(paymentIntentId)!;
    intent.status = 'succeeded';
    const event = succeededEvent('evt_1', intent);
    expect((await webhook(event)).statusCode).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(applications)
      .where(eq(applications.id, applicationId));
    expect(row).toMatchObject({ status: 'IN_PROGRESS' });
    // Delivered again: applied once.
    expect((await webhook(event)).statusCode).toBe(200);
    expect(
      await t.database.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, 'evt_1')),
    ).toHaveLength(1);
    // The paying browser confirms afterwards and is signed in to the new account, without the portal asking
    // Stripe again about an order the webhook completed (the success page does not wait for Stripe).
    const callsBefore = fake.calls.length;
    const confirmed = await b.post('/api/applications/confirm-payment', { paymentIntentId });
    expect(body(confirmed)).toMatchObject({
      data: { application: { status: 'IN_PROGRESS' }, user: { email } },
    });
    expect(fake.calls.slice(callsBefore)).toEqual([]);
  });

  it('rejects a webhook with a wrong signature or none', async () => {
    const intent = fake.intents.values().next().value as FakeIntent;
    const forged = await webhook(succeededEvent('evt_forged', intent), 'whsec_wrong');
    expect(forged.statusCode).toBe(400);
    expect(body(forged)).toMatchObject({ error: 'The webhook signature does not match' });
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(unsigned.statusCode).toBe(400);
    expect(
      await t.database.db
        .select()
        .from(paymentEvents)
        .where(eq(paymentEvents.eventId, 'evt_forged')),
    ).toHaveLength(0);
  });

  it('refuses a success event whose amount does not match the order, and lets Stripe retry it', async () => {
    const b = new Browser(t.app, '10.3.0.3');
    const { paymentIntentId, applicationId } = body<{
      data: { paymentIntentId: string; applicationId: string };
    }>(await b.post('/api/applications/create-payment-intent', orderBody(uniqueEmail()))).data;
    const intent = { ...fake.intents.get(paymentIntentId)!, amount: 1 };
    const res = await webhook(succeededEvent('evt_wrong_amount', intent));
    expect(res.statusCode).toBe(409);
    const [row] = await t.database.db
      .select()
      .from(applications)
      .where(eq(applications.id, applicationId));
    expect(row).toMatchObject({ status: 'DRAFT', paidAt: null });
    expect(
      await t.database.db
        .select()
        .from(paymentEvents)
        .where(eq(paymentEvents.eventId, 'evt_wrong_amount')),
    ).toHaveLength(0);
  });
});

// Receipts
describe('Stripe card on the receipt', () => {
  it("records the card of the intent's latest charge, asked for when a webhook completes the order", async () => {
    const b = new Browser(t.app, '10.3.0.17');
    const { paymentIntentId, applicationId } = body<{
      data: { paymentIntentId: string; applicationId: string };
    }>(await b.post('/api/applications/create-payment-intent', orderBody(uniqueEmail()))).data;
    const intent = fake.intents.get(paymentIntentId)!;
    intent.status = 'succeeded';
    expect((await webhook(succeededEvent('evt_receipt_card', intent))).statusCode).toBe(200);
    const retrieve = fake.calls.filter(
      (c) => c.method === 'GET' && c.path.startsWith(`/v1/payment_intents/${paymentIntentId}`),
    );
    expect(decodeURIComponent(retrieve.at(-1)!.path)).toContain('expand[0]=latest_charge');
    const [receipt] = await t.database.db
      .select()
      .from(receipts)
      .where(eq(receipts.applicationId, applicationId));
    expect(receipt).toMatchObject({ cardBrand: 'visa', cardLast4: '4242' });
    const [payment] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.applicationId, applicationId));
    expect(payment).toMatchObject({ cardBrand: 'visa', cardLast4: '4242' });
    // No address was given with this card: the invoice has no "Bill to".
    expect(receipt!.billing).toBeNull();
  });

  it('puts the billing address given with the card on the invoice, as Stripe reports it', async () => {
    const b = new Browser(t.app, '10.3.0.18');
    const { paymentIntentId, applicationId } = body<{
      data: { paymentIntentId: string; applicationId: string };
    }>(await b.post('/api/applications/create-payment-intent', orderBody(uniqueEmail()))).data;
    fake.billing.set(paymentIntentId, {
      name: 'Maria Lopez',
      address: {
        line1: '350 Fifth Avenue',
        line2: 'Apt 21',
        city: 'New York',
        postal_code: '10118',
        country: 'us',
      },
    });
    const intent = fake.intents.get(paymentIntentId)!;
    intent.status = 'succeeded';
    expect((await webhook(succeededEvent('evt_receipt_billing', intent))).statusCode).toBe(200);
    const [receipt] = await t.database.db
      .select()
      .from(receipts)
      .where(eq(receipts.applicationId, applicationId));
    expect(receipt!.billing).toEqual({
      name: 'Maria Lopez',
      line1: '350 Fifth Avenue, Apt 21',
      city: 'New York',
      postalCode: '10118',
      country: 'US',
    });
    // (receipts.test.ts shows a stored billing address printed under "Bill to".)
  });
});
