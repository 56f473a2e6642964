import { and, eq, sql } from 'drizzle-orm';
import type { DashboardResponse } from '@waypoint/contracts';
import { applications, auditLog, emailOutbox, payments, sandboxIntents } from '../../db/schema';
import { Browser, makeAdmin, uniqueEmail } from '../../test/auth-helpers';
import { body, createTestApp, type TestApp } from '../../test/harness';
import { orderBody, sandboxConfirmBody } from '../../test/orders';
import { claimUnsettledPayments } from './payments.repo';
import { reconcilePayments } from './payments.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RECONCILE_GRACE_SECONDS: '0' });
});
afterAll(() => t.close());

async function placeOrder(ip: string, b = new Browser(t.app, ip)) {
  const res = await b.post('/api/applications/create-payment-intent', orderBody(uniqueEmail()));
  return body<{ data: { applicationId: string; paymentIntentId: string; clientSecret: string } }>(
    res,
  ).data;
}

/** The card was charged, but the process died before the order was completed. */
const chargeWithoutCompleting = (intentId: string) =>
  t.database.db
    .update(sandboxIntents)
    .set({ status: 'succeeded' })
    .where(eq(sandboxIntents.id, intentId));

const reconcile = () => reconcilePayments({ ctx: t.app.ctx, provider: t.app.payments });

async function confirmations(applicationId: string) {
  return t.database.db
    .select()
    .from(emailOutbox)
    .where(
      and(
        eq(emailOutbox.template, 'payment-confirmation'),
        sql`${emailOutbox.payload}->>'applicationId' = ${applicationId}`,
      ),
    );
}

async function dashboardOperations(admin: Browser) {
  return body<{ data: DashboardResponse }>(await admin.get('/api/admin/dashboard')).data.operations;
}

describe('payment reconciliation', () => {
  it('completes a charged order the process never completed: once, with one email, audited', async () => {
    const order = await placeOrder('10.7.0.1');
    await chargeWithoutCompleting(order.paymentIntentId);

    const first = await reconcile();
    expect(first.completed).toBe(1);
    const [paid] = await t.database.db
      .select()
      .from(applications)
      .where(eq(applications.id, order.applicationId));
    expect(paid).toMatchObject({ status: 'IN_PROGRESS', paidAt: expect.any(Date) });
    expect(await confirmations(order.applicationId)).toHaveLength(1);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.applicationId, order.applicationId),
          eq(auditLog.action, 'application.paid'),
        ),
      );
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toMatchObject({ via: 'reconciliation' });

    // Later rounds, and the browser's own late confirmation, change nothing.
    await t.database.db.update(payments).set({ nextCheckAt: null });
    expect((await reconcile()).completed).toBe(0);
    const b = new Browser(t.app, '10.7.0.1');
    expect(
      (
        await b.post('/api/applications/confirm-payment', {
          paymentIntentId: order.paymentIntentId,
        })
      ).statusCode,
    ).toBe(200);
    expect(await confirmations(order.applicationId)).toHaveLength(1);
  });

  it('looks again one grace period after a charge, however often it looked before the card was charged', async () => {
    const b = new Browser(t.app, '10.7.0.9');
    const order = await placeOrder('10.7.0.9', b);
    // The traveller takes a while on the payment form: reconciliation looks twice and puts its next look off.
    await reconcile();
    await t.database.db
      .update(payments)
      .set({ nextCheckAt: null })
      .where(eq(payments.providerPaymentId, order.paymentIntentId));
    await reconcile();
    const [putOff] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.providerPaymentId, order.paymentIntentId));
    expect(putOff!.checks).toBe(2);
    expect(putOff!.nextCheckAt!.getTime()).toBeGreaterThan(Date.now() + 30_000);

    // Then pays with a card that asks for 3-D Secure; the process dies right after the card is charged.
    const confirm = await b.post(
      '/api/payments/sandbox/confirm',
      sandboxConfirmBody(order, 'ann@example.com', 'pm_card_authenticationRequired'),
    );
    expect(body(confirm)).toMatchObject({ data: { status: 'requires_action' } });
    await chargeWithoutCompleting(order.paymentIntentId);

    // One grace period later (none here), the next round completes the order.
    expect((await reconcile()).completed).toBe(1);
    const [paid] = await t.database.db
      .select()
      .from(applications)
      .where(eq(applications.id, order.applicationId));
    expect(paid).toMatchObject({ status: 'IN_PROGRESS', paidAt: expect.any(Date) });
  });

  it('looks again one grace period after a look that never finished (its process died)', async () => {
    const order = await placeOrder('10.7.0.8');
    await chargeWithoutCompleting(order.paymentIntentId);
    // A process claims the payment for its look and dies before it looks.
    const claimed = await claimUnsettledPayments(t.database.db, 'sandbox', 0, 20);
    expect(claimed.map((payment) => payment.applicationId)).toContain(order.applicationId);
    // The next round (one grace period later: none here) completes the order.
    expect((await reconcile()).completed).toBe(1);
    expect(await confirmations(order.applicationId)).toHaveLength(1);
  });

  it('completes an order once when several processes reconcile at the same moment', async () => {
    const order = await placeOrder('10.7.0.2');
    await chargeWithoutCompleting(order.paymentIntentId);
    const results = await Promise.all([reconcile(), reconcile(), reconcile()]);
    expect(results.reduce((n, r) => n + r.completed, 0)).toBe(1);
    expect(await confirmations(order.applicationId)).toHaveLength(1);
  });

  it('leaves unpaid checkouts alone, and cancels one left unpaid for a day', async () => {
    const order = await placeOrder('10.7.0.3');
    await reconcile();
    const [waiting] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.providerPaymentId, order.paymentIntentId));
    expect(waiting).toMatchObject({ status: 'requires_payment_method', checks: 1 });
    expect(waiting!.nextCheckAt!.getTime()).toBeGreaterThan(Date.now());

    await t.database.db
      .update(payments)
      .set({ createdAt: sql`now() - interval '25 hours'`, nextCheckAt: null })
      .where(eq(payments.id, waiting!.id));
    expect((await reconcile()).canceled).toBe(1);
    const [intent] = await t.database.db
      .select()
      .from(sandboxIntents)
      .where(eq(sandboxIntents.id, order.paymentIntentId));
    expect(intent!.status).toBe('canceled');
    const [payment] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.id, waiting!.id));
    expect(payment!.status).toBe('canceled');
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.applicationId, order.applicationId),
          eq(auditLog.action, 'payment.canceled'),
        ),
      );
    expect(audit!.details).toMatchObject({ reason: 'unpaid for 24 hours' });
  });

  it('shows staff the payments that are charged but not completed until reconciliation completes them', async () => {
    const admin = await makeAdmin(t);
    const before = (await dashboardOperations(admin)).paymentsAwaitingReconciliation;
    const order = await placeOrder('10.7.0.4');
    await chargeWithoutCompleting(order.paymentIntentId);
    await t.database.db
      .update(payments)
      .set({ providerStatus: 'succeeded' })
      .where(eq(payments.providerPaymentId, order.paymentIntentId));
    expect((await dashboardOperations(admin)).paymentsAwaitingReconciliation).toBe(before + 1);
    await reconcile();
    expect((await dashboardOperations(admin)).paymentsAwaitingReconciliation).toBe(before);
  });
});
