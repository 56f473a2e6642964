import crypto from 'node:crypto';
import type { ApplicationRow } from '../../db/rows';
import { eq } from 'drizzle-orm';
import {
  ApiMessages,
  UploadLinkText,
  type AdminApplicationDetail,
  type ApplicationDetail,
  type DashboardResponse,
  type OrderSummary,
  type Refund,
} from '@waypoint/contracts';
import { applications, auditLog, emailOutbox, refunds, sandboxRefunds } from '../../db/schema';
import { Browser, makeAdmin, uniqueEmail } from '../../test/auth-helpers';
import { body, createTestApp, type TestApp } from '../../test/harness';
import { orderBody, paidOrder } from '../../test/orders';
import { renderEmail } from '../notifications/templates';

let t: TestApp;
let ip = 1;
const browser = () => new Browser(t.app, `10.17.${Math.floor(ip / 200)}.${(ip++ % 200) + 1}`);
let staff: Browser;

beforeAll(async () => {
  t = await createTestApp();
  staff = await makeAdmin(t, browser);
});
afterAll(() => t.close());

const key = () => crypto.randomBytes(12).toString('hex');
const refund = (b: Browser, id: string, payload: object) =>
  b.post(`/api/admin/applications/${id}/refunds`, payload);
const detail = async (id: string) =>
  body<{ data: AdminApplicationDetail }>(await staff.get(`/api/admin/applications/${id}`)).data;

const dashboardTotals = async () => {
  const d = body<{ data: DashboardResponse }>(await staff.get('/api/admin/dashboard')).data;
  return { paid: d.paid, refunded: d.refunded };
};

/** A paid order of `travellers` travellers; the paying browser is signed in to its account. */
async function paid(travellers = 1) {
  const traveller = browser();
  const email = uniqueEmail('refund');
  const id = await paidOrder(traveller, email, travellers);
  const [row] = await t.database.db.select().from(applications).where(eq(applications.id, id));
  return { id, email, traveller, order: row! };
}

const setStatus = (id: string, status: ApplicationRow['status']) =>
  t.database.db.update(applications).set({ status }).where(eq(applications.id, id));

describe('refunding an order', () => {
  it('refunds a paid, unsubmitted order in full: audited, emailed, shown to staff and in My orders', async () => {
    const { id, email, traveller, order } = await paid(2);
    const totalsBefore = await dashboardTotals();
    expect((await detail(id)).refundOptions).toEqual([
      { kind: 'full', amountCents: order.totalCents },
      { kind: 'service_fee', amountCents: order.processingFeeCents * 2 },
    ]);

    const res = await refund(staff, id, {
      kind: 'full',
      reason: 'Trip cancelled',
      idempotencyKey: key(),
    });
    expect(res.statusCode).toBe(200);
    const made = body<{ data: { refund: Refund } }>(res).data.refund;
    expect(made).toMatchObject({
      kind: 'full',
      amountCents: order.totalCents,
      currency: 'EUR',
      status: 'succeeded',
      reason: 'Trip cancelled',
      staffEmail: expect.stringContaining('staff'),
      failureReason: null,
    });
    expect(made.settledAt).not.toBeNull();

    // The sandbox provider holds the refund against the intent, as Stripe would.
    const provider = await t.database.db.select().from(sandboxRefunds);
    expect(provider.filter((r) => r.amount === order.totalCents)).toHaveLength(1);

    // The reply carries the refunds and the choices left, as the detail shows them.
    expect(body(res)).toMatchObject({ data: { refunds: [made], refundOptions: [] } });
    const after = await detail(id);
    expect(after.refunds).toEqual([made]);
    // The refund closed the order, a step of its lifecycle: nothing is left to refund, so nothing is offered.
    expect(after.refundOptions).toEqual([]);
    expect(after.application.status).toBe('REFUNDED');
    expect(after.version).toBe(order.version + 1);
    expect(after.application.timeline.at(-1)).toMatchObject({ step: 'refunded' });
    const actions = after.history.map((h) => h.action);
    expect(actions).toEqual(expect.arrayContaining(['refund.requested', 'refund.succeeded']));
    expect(after.history.find((h) => h.action === 'refund.requested')).toMatchObject({
      details: { kind: 'full', amountCents: order.totalCents, reason: 'Trip cancelled' },
    });

    const mails = await t.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.template, 'refund-confirmation'));
    expect(mails.filter((m) => m.toAddress === email)).toHaveLength(1);

    const orders = body<{ data: OrderSummary[] }>(
      await traveller.get('/api/applications/my-applications'),
    ).data;
    expect(orders.find((o) => o.id === id)?.refunds).toEqual([
      { kind: 'full', amountCents: order.totalCents, refundedAt: made.settledAt },
    ]);

    // The dashboard counts the refund in every period it was settled in; what was paid stays as it was.
    const totalsAfter = await dashboardTotals();
    expect(totalsAfter.paid).toEqual(totalsBefore.paid);
    expect(totalsAfter.refunded).toEqual({
      todayCents: totalsBefore.refunded.todayCents + order.totalCents,
      last7DaysCents: totalsBefore.refunded.last7DaysCents + order.totalCents,
      last30DaysCents: totalsBefore.refunded.last30DaysCents + order.totalCents,
    });
  });

  it('closes an order refunded in full: no more answers, documents, submission or decision; a service fee refund closes nothing', async () => {
    const { id, traveller } = await paid(1);
    const own = async () =>
      body<{ data: ApplicationDetail }>(await traveller.get(`/api/application/${id}`)).data;
    const travelerId = (await own()).travelers[0]!.id;
    const link = body<{ data: { url: string } }>(
      await traveller.post(`/api/application/${id}/travelers/${travelerId}/upload-link/photo`),
    ).data.url;
    const token = link.slice(link.lastIndexOf('/') + 1);
    expect((await browser().get(`/api/uploads/${token}`)).statusCode).toBe(200);

    // A service fee refund is a gesture: that order goes on.
    const gesture = await paid(1);
    await refund(staff, gesture.id, {
      kind: 'service_fee',
      reason: 'Slow reply',
      idempotencyKey: key(),
    });
    expect(
      body<{ data: ApplicationDetail }>(
        await gesture.traveller.get(`/api/application/${gesture.id}`),
      ).data,
    ).toMatchObject({ status: 'IN_PROGRESS', editable: true });

    expect(
      (await refund(staff, id, { kind: 'full', reason: 'Trip cancelled', idempotencyKey: key() }))
        .statusCode,
    ).toBe(200);
    expect(await own()).toMatchObject({ status: 'REFUNDED', editable: false });
    const save = await traveller.put(`/api/application/${id}/general-info`, {
      countryCode: '+44',
      phoneNumber: '07911 123456',
    });
    expect(save.statusCode).toBe(409);
    expect(body(save)).toMatchObject({
      code: 'CONFLICT',
      error: ApiMessages['postPayment.refunded'],
    });
    const submit = await traveller.post(`/api/application/${id}/submit`, {
      declarationConfirmed: true,
    });
    expect(submit.statusCode).toBe(409);
    expect(body(submit)).toMatchObject({ error: ApiMessages['postPayment.refunded'] });
    // The phone's link no longer opens.
    const phone = await browser().get(`/api/uploads/${token}`);
    expect(phone.statusCode).toBe(404);
    expect(body(phone)).toMatchObject({ error: UploadLinkText.closed });
    // My orders offers to read it, not to continue it.
    const mine = body<{ data: OrderSummary[] }>(
      await traveller.get('/api/applications/my-applications'),
    ).data.find((o) => o.id === id);
    expect(mine).toMatchObject({ resumePath: null, viewPath: `/application/${id}/review` });

    // Staff can no longer review or decide it.
    expect((await detail(id)).allowedTransitions).toEqual([]);
    const { version } = await detail(id);
    const decided = await staff.post(`/api/admin/applications/${id}/status`, {
      status: 'UNDER_REVIEW',
      version,
    });
    expect(decided.statusCode).toBe(409);
    expect(body(decided)).toMatchObject({ error: ApiMessages['admin.refundedInFull'] });
    expect((await detail(id)).application.status).toBe('REFUNDED');
  });

  it('refunds only the service fee of an approved order, and refuses a full refund of it', async () => {
    const { id, order } = await paid(2);
    await setStatus(id, 'APPROVED');
    expect((await detail(id)).refundOptions).toEqual([
      { kind: 'service_fee', amountCents: order.processingFeeCents * 2 },
    ]);
    const full = await refund(staff, id, { kind: 'full', reason: 'No', idempotencyKey: key() });
    expect(full.statusCode).toBe(409);
    expect(body(full)).toMatchObject({
      code: 'CONFLICT',
      error: 'This refund is not possible while the application is Approved.',
      messageKey: 'refund.notAllowed',
    });
    const fee = await refund(staff, id, {
      kind: 'service_fee',
      reason: 'Processing took longer than promised',
      idempotencyKey: key(),
    });
    expect(fee.statusCode).toBe(200);
    expect(body<{ data: { refund: Refund } }>(fee).data.refund).toMatchObject({
      kind: 'service_fee',
      amountCents: order.processingFeeCents * 2,
      status: 'succeeded',
    });
    // The service fee is refunded once: a second one would give back more than the status allows.
    const again = await refund(staff, id, {
      kind: 'service_fee',
      reason: 'Again',
      idempotencyKey: key(),
    });
    expect(again.statusCode).toBe(409);
    expect(body(again)).toMatchObject({ messageKey: 'refund.exceedsPaid' });
  });

  it('refunds in full an order waiting for changes, never one lodged or refused by the government', async () => {
    const { id, order } = await paid();
    await setStatus(id, 'CHANGES_REQUESTED');
    const res = await refund(staff, id, {
      kind: 'full',
      reason: 'The traveller no longer travels',
      idempotencyKey: key(),
    });
    expect(body(res)).toMatchObject({
      data: { refund: { amountCents: order.totalCents, status: 'succeeded' } },
    });
    for (const status of ['LODGED', 'REJECTED'] as const) {
      const other = await paid();
      await setStatus(other.id, status);
      const refused = await refund(staff, other.id, {
        kind: 'full',
        reason: 'Refused',
        idempotencyKey: key(),
      });
      expect(refused.statusCode).toBe(409);
      expect(body(refused)).toMatchObject({ messageKey: 'refund.notAllowed' });
      expect((await detail(other.id)).refundOptions.map((o) => o.kind)).toEqual(['service_fee']);
    }
  });

  it('refuses to refund an unpaid order', async () => {
    const b = browser();
    const { applicationId } = body<{ data: { applicationId: string } }>(
      await b.post('/api/applications/create-payment-intent', orderBody(uniqueEmail())),
    ).data;
    const res = await refund(staff, applicationId, {
      kind: 'full',
      reason: 'x',
      idempotencyKey: key(),
    });
    expect(res.statusCode).toBe(409);
    expect(body(res)).toMatchObject({
      error: 'This order has not been paid, so there is nothing to refund.',
    });
    expect((await detail(applicationId)).refundOptions).toEqual([]);
  });

  it('returns the same refund to a double click (same key), asking the provider once', async () => {
    const { id, order } = await paid();
    const payload = { kind: 'full', reason: 'Double click', idempotencyKey: key() };
    const [a, b] = await Promise.all([refund(staff, id, payload), refund(staff, id, payload)]);
    const again = await refund(staff, id, payload);
    for (const res of [a, b, again]) expect(res.statusCode).toBe(200);
    const ids = [a, b, again].map((r) => body<{ data: { refund: Refund } }>(r).data.refund.id);
    expect(new Set(ids).size).toBe(1);
    expect(
      await t.database.db.select().from(refunds).where(eq(refunds.applicationId, id)),
    ).toHaveLength(1);
    const provider = await t.database.db
      .select()
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.idempotencyKey, `refund:${ids[0]}`));
    expect(provider).toHaveLength(1);
    expect(provider[0]!.amount).toBe(order.totalCents);
    // The same key for another kind of refund is a mistake, not a repeat.
    const other = await refund(staff, id, { ...payload, kind: 'service_fee' });
    expect(other.statusCode).toBe(409);
    expect(body(other)).toMatchObject({ messageKey: 'refund.keyReused' });
  });

  it('never refunds more than was paid when different requests arrive at once', async () => {
    const { id, order } = await paid(2);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        refund(staff, id, {
          kind: i % 2 === 0 ? 'full' : 'service_fee',
          reason: `Concurrent ${i}`,
          idempotencyKey: key(),
        }),
      ),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
    expect(statuses).toContain(409);
    // Refused because the money is taken, or because a refund in full closed the order first.
    for (const r of results.filter((r) => r.statusCode === 409))
      expect(['refund.exceedsPaid', 'refund.notAllowed']).toContain(
        body<{ messageKey: string }>(r).messageKey,
      );
    const rows = await t.database.db.select().from(refunds).where(eq(refunds.applicationId, id));
    const refunded = rows
      .filter((r) => r.status !== 'failed')
      .reduce((sum, r) => sum + r.amountCents, 0);
    expect(refunded).toBeLessThanOrEqual(order.totalCents);
    expect(rows).toHaveLength(statuses.filter((s) => s === 200).length);
  });

  it('is for staff only, and asks for a reason', async () => {
    const { id, traveller } = await paid();
    const payload = { kind: 'full', reason: 'Mine', idempotencyKey: key() };
    expect((await refund(browser(), id, payload)).statusCode).toBe(401);
    expect((await refund(traveller, id, payload)).statusCode).toBe(403);
    const blank = await refund(staff, id, { ...payload, reason: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(body(blank)).toMatchObject({
      fieldErrors: { reason: 'Please give the reason for the refund' },
    });
    const unknown = await refund(staff, crypto.randomUUID(), payload);
    expect(unknown.statusCode).toBe(404);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.applicationId, id));
    expect(audit.some((a) => a.action.startsWith('refund.'))).toBe(false);
  });
});

describe('the refund email', () => {
  const payload = { firstName: 'Ann', reference: 'AB12CD34', amountCents: 5800, totalCents: 10380 };

  it('says a full refund and its amount in the traveller language', () => {
    const en = renderEmail(
      {
        template: 'refund-confirmation',
        payload: { ...payload, kind: 'full', amountCents: 10380 },
      },
      'https://waypoint.example',
    );
    expect(en.subject).toBe('Order #AB12CD34: €103.80 refunded');
    expect(en.text).toContain('We have refunded your order #AB12CD34 in full: €103.80 goes back');
    expect(en.html).toContain('href="https://waypoint.example/orders"');
    const fr = renderEmail(
      {
        template: 'refund-confirmation',
        payload: { ...payload, kind: 'full', amountCents: 10380 },
      },
      'https://waypoint.example',
      'fr',
    );
    expect(fr.subject).toBe('Commande nº AB12CD34 : 103,80\u00a0€ remboursés');
  });

  it('says what a service fee refund leaves out', () => {
    const de = renderEmail(
      { template: 'refund-confirmation', payload: { ...payload, kind: 'service_fee' } },
      'https://waypoint.example',
      'de',
    );
    expect(de.text).toContain('58,00\u00a0€ der gezahlten 103,80\u00a0€');
    const ar = renderEmail(
      { template: 'refund-confirmation', payload: { ...payload, kind: 'service_fee' } },
      'https://waypoint.example',
      'ar',
    );
    expect(ar.html).toContain('lang="ar" dir="rtl"');
    expect(ar.subject).toContain('AB12CD34');
  });
});
