import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  addDays,
  AdminText,
  CHART_PERIOD_TOO_LONG,
  ukToday,
  type DashboardChartsResponse,
} from '@waypoint/contracts';
import { applications, payments, refunds } from '../../db/schema';
import { Browser, makeAdmin, makeCaseworker, uniqueEmail } from '../../test/auth-helpers';
import { approved, lodged, rejected, submittedByTraveller } from '../../test/casework';
import { body, createTestApp, type TestApp } from '../../test/harness';
import { paidOrder } from '../../test/orders';
import { seedSynthetic } from '../../cli/seed-synthetic';

let t: TestApp;
let staff: Browser;
let ip = 1;
const browser = () => new Browser(t.app, `10.62.${Math.floor(ip / 200)}.${(ip++ % 200) + 1}`);
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestApp();
  staff = await makeAdmin(t, browser);
});
afterAll(() => t.close());

const charts = async (as: Browser, query = '') => {
  const res = await as.get(`/api/admin/dashboard/charts${query}`);
  if (res.statusCode !== 200) throw new Error(`charts: ${res.statusCode} ${res.body}`);
  return body<{ data: DashboardChartsResponse }>(res).data;
};

const at = (iso: string) => new Date(iso);

/** A paid order of `option` (the ETA's standard speed by default); its id and amount. */
async function order(option = 'uk-eta-standard') {
  const b = browser();
  const id = await paidOrder(b, uniqueEmail('charts'), 1, { processingOptionId: option });
  const [row] = await t.database.db.select().from(applications).where(eq(applications.id, id));
  return { b, id, totalCents: row!.totalCents, feeCents: row!.processingFeeCents };
}

/**
 * Moves an order's story to these instants: paid (its payment too), submitted and due (the promise's hours plus any
 * wait for the traveller's changes), under review and lodged, decided.
 */
async function happened(
  id: string,
  when: {
    paid: string;
    submitted?: string;
    waitedHours?: number;
    lodged?: string;
    decided?: string;
  },
) {
  const [row] = await t.database.db.select().from(applications).where(eq(applications.id, id));
  const submitted = when.submitted ? at(when.submitted) : null;
  await t.database.db
    .update(applications)
    .set({
      paidAt: at(when.paid),
      submittedAt: submitted,
      dueAt: submitted
        ? new Date(submitted.getTime() + (row!.processingHours + (when.waitedHours ?? 0)) * HOUR)
        : null,
      reviewStartedAt: submitted && when.lodged ? new Date(submitted.getTime() + HOUR) : null,
      lodgedAt: when.lodged ? at(when.lodged) : null,
      decidedAt: when.decided ? at(when.decided) : null,
    })
    .where(eq(applications.id, id));
  await t.database.db
    .update(payments)
    .set({ succeededAt: at(when.paid) })
    .where(eq(payments.applicationId, id));
}

const refund = async (id: string, kind: 'full' | 'service_fee', settled: string) => {
  const res = await staff.post(`/api/admin/applications/${id}/refunds`, {
    kind,
    reason: 'Trip cancelled',
    idempotencyKey: crypto.randomBytes(12).toString('hex'),
  });
  if (res.statusCode !== 200) throw new Error(`refund: ${res.body}`);
  await t.database.db
    .update(refunds)
    .set({ settledAt: at(settled) })
    .where(eq(refunds.applicationId, id));
};

describe('dashboard charts', () => {
  // The week of 28 March to 3 April 2025: the UK's clocks went forward on 30 March (midnight UK is then 23:00 UTC).
  const WEEK = '?from=2025-03-28&to=2025-04-03';
  let data: DashboardChartsResponse;
  let amounts: Record<string, { totalCents: number; feeCents: number }>;

  beforeAll(async () => {
    // Paid only, and later given back its service fee (settled on 2 April).
    const onlyPaid = await order();
    await happened(onlyPaid.id, { paid: '2025-03-28T10:00:00Z' });
    // Standard (72 hours), lodged 24 hours after its submission: on time.
    const quick = await order();
    await submittedByTraveller(quick.b, quick.id);
    await lodged(staff, quick.id);
    await happened(quick.id, {
      paid: '2025-03-28T12:00:00Z',
      submitted: '2025-03-28T13:00:00Z',
      lodged: '2025-03-29T13:00:00Z',
    });
    // Express (24 hours), lodged 48 hours after its submission (late), then approved.
    const late = await order('uk-eta-express');
    await submittedByTraveller(late.b, late.id);
    await approved(staff, late.id);
    await happened(late.id, {
      paid: '2025-03-30T09:00:00Z',
      submitted: '2025-03-30T10:00:00Z',
      lodged: '2025-04-01T10:00:00Z',
      decided: '2025-04-02T10:00:00Z',
    });
    // Standard, paid at 00:30 UK time on 31 March (still 30 March in UTC), lodged 80 hours on (late), refused.
    const refused = await order();
    await submittedByTraveller(refused.b, refused.id);
    await rejected(staff, refused.id);
    await happened(refused.id, {
      paid: '2025-03-30T23:30:00Z',
      submitted: '2025-03-31T00:00:00Z',
      lodged: '2025-04-03T08:00:00Z',
      decided: '2025-04-03T12:00:00Z',
    });
    // Standard, paid before the week; lodged in it 88 hours after its submission, of which 20 waiting for the
    // traveller's changes: 68 hours on the clock, on time.
    const earlier = await order();
    await submittedByTraveller(earlier.b, earlier.id);
    await lodged(staff, earlier.id);
    await happened(earlier.id, {
      paid: '2025-03-27T23:30:00Z',
      submitted: '2025-03-28T00:00:00Z',
      waitedHours: 20,
      lodged: '2025-03-31T16:00:00Z',
    });
    // Paid on 2 April and refunded in full on the 3rd.
    const cancelled = await order();
    await happened(cancelled.id, { paid: '2025-04-02T10:00:00Z' });
    await refund(cancelled.id, 'full', '2025-04-03T09:00:00Z');
    await refund(onlyPaid.id, 'service_fee', '2025-04-02T15:00:00Z');

    amounts = { onlyPaid, quick, late, refused, earlier, cancelled };
    data = await charts(staff, WEEK);
  });

  it('counts the applications received each day of the period by their status now, every day present', () => {
    expect(data.period).toEqual({ from: '2025-03-28', to: '2025-04-03', days: 7 });
    expect(data.received.map((d) => d.day)).toEqual([
      '2025-03-28',
      '2025-03-29',
      '2025-03-30',
      '2025-03-31',
      '2025-04-01',
      '2025-04-02',
      '2025-04-03',
    ]);
    const nonZero = data.received.map((d) =>
      Object.fromEntries(Object.entries(d.byStatus).filter(([, n]) => n > 0)),
    );
    expect(nonZero).toEqual([
      { IN_PROGRESS: 1, LODGED: 1 },
      {},
      { APPROVED: 1 },
      // Paid at 00:30 in the UK: the 31st, though still the 30th in UTC.
      { REJECTED: 1 },
      {},
      { REFUNDED: 1 },
      {},
    ]);
    expect(data.received.map((d) => d.total)).toEqual([2, 0, 1, 1, 0, 1, 0]);
    // Every status but the unpaid draft is given, zero or not.
    expect(Object.keys(data.received[1]!.byStatus)).toEqual([
      'IN_PROGRESS',
      'SUBMITTED',
      'UNDER_REVIEW',
      'CHANGES_REQUESTED',
      'LODGED',
      'APPROVED',
      'REJECTED',
      'REFUNDED',
    ]);
  });

  it('follows the applications received in the period from paid to decided', () => {
    expect(data.funnel).toEqual({
      stages: [
        { stage: 'paid', count: 5 },
        { stage: 'submitted', count: 3 },
        { stage: 'reviewed', count: 3 },
        { stage: 'lodged', count: 3 },
        { stage: 'decided', count: 2 },
      ],
      approved: 1,
      refused: 1,
    });
  });

  it("measures each speed's lodging against its promise, on the promise's clock", () => {
    expect(data.speeds).toEqual([
      {
        hours: 4,
        optionId: 'uk-eta-super-urgent',
        name: 'Super urgent',
        lodged: 0,
        onTime: 0,
        onTimeShare: null,
        medianHours: null,
      },
      {
        hours: 24,
        optionId: 'uk-eta-express',
        name: 'Express',
        lodged: 1,
        onTime: 0,
        onTimeShare: 0,
        medianHours: 48,
      },
      {
        hours: 72,
        optionId: 'uk-eta-standard',
        name: 'Standard',
        lodged: 3,
        onTime: 2,
        onTimeShare: 2 / 3,
        // 24, 68 (88 less the 20 hours waiting for the traveller) and 80 hours.
        medianHours: 68,
      },
    ]);
  });

  it('sums the money of each day, refunds netted on the day they were settled', () => {
    const { onlyPaid, quick, late, refused, cancelled } = amounts as Record<
      string,
      { totalCents: number; feeCents: number }
    >;
    expect(data.revenue).toEqual([
      {
        day: '2025-03-28',
        paidCents: onlyPaid!.totalCents + quick!.totalCents,
        refundedCents: 0,
        netCents: onlyPaid!.totalCents + quick!.totalCents,
      },
      { day: '2025-03-29', paidCents: 0, refundedCents: 0, netCents: 0 },
      {
        day: '2025-03-30',
        paidCents: late!.totalCents,
        refundedCents: 0,
        netCents: late!.totalCents,
      },
      {
        day: '2025-03-31',
        paidCents: refused!.totalCents,
        refundedCents: 0,
        netCents: refused!.totalCents,
      },
      { day: '2025-04-01', paidCents: 0, refundedCents: 0, netCents: 0 },
      {
        day: '2025-04-02',
        paidCents: cancelled!.totalCents,
        refundedCents: onlyPaid!.feeCents,
        netCents: cancelled!.totalCents - onlyPaid!.feeCents,
      },
      {
        day: '2025-04-03',
        paidCents: 0,
        refundedCents: cancelled!.totalCents,
        netCents: -cancelled!.totalCents,
      },
    ]);
  });

  it('leaves out what happened outside the period', async () => {
    // The day before: only the order paid late on the 27th (UK time), nothing lodged, nothing settled.
    const before = await charts(staff, '?from=2025-03-27&to=2025-03-27');
    expect(before.received).toEqual([
      expect.objectContaining({
        day: '2025-03-27',
        total: 1,
        byStatus: expect.objectContaining({ LODGED: 1 }),
      }),
    ]);
    expect(before.speeds.every((s) => s.lodged === 0)).toBe(true);
    expect(before.revenue).toEqual([
      {
        day: '2025-03-27',
        paidCents: amounts.earlier!.totalCents,
        refundedCents: 0,
        netCents: amounts.earlier!.totalCents,
      },
    ]);
    // One day inside: the 3rd, a late lodging and a refund.
    const last = await charts(staff, '?from=2025-04-03&to=2025-04-03');
    expect(last.funnel.stages[0]).toEqual({ stage: 'paid', count: 0 });
    expect(last.speeds.find((s) => s.hours === 72)).toMatchObject({ lodged: 1, onTime: 0 });
    expect(last.revenue[0]?.netCents).toBe(-amounts.cancelled!.totalCents);
  });

  it('draws the last 30 days up to today (UK) when no period is asked for, for any member of staff', async () => {
    const caseworker = await makeCaseworker(t, browser);
    const data = await charts(caseworker);
    expect(data.period).toEqual({ from: expect.any(String), to: ukToday(), days: 30 });
    expect(data.received).toHaveLength(30);
    expect(data.revenue).toHaveLength(30);
    expect(data.received.at(-1)?.day).toBe(ukToday());
    // Only `to`: the 30 days up to it.
    expect((await charts(caseworker, '?to=2025-04-03')).period).toEqual({
      from: '2025-03-05',
      to: '2025-04-03',
      days: 30,
    });
  });

  it('refuses a period out of order, too long, or with a date that is not one', async () => {
    const problem = async (query: string) => {
      const res = await staff.get(`/api/admin/dashboard/charts${query}`);
      expect(res.statusCode).toBe(400);
      return body<{ error: string; fieldErrors: Record<string, string> }>(res);
    };
    expect((await problem('?from=2025-04-03&to=2025-03-28')).fieldErrors).toEqual({
      to: AdminText.dateOrder,
    });
    // 2024 was a leap year: 366 days are allowed, 367 are not.
    expect((await charts(staff, '?from=2024-01-01&to=2024-12-31')).period.days).toBe(366);
    const long = await problem('?from=2024-01-01&to=2025-01-01');
    expect(long.fieldErrors).toEqual({ to: CHART_PERIOD_TOO_LONG });
    expect(long.error).toBe(CHART_PERIOD_TOO_LONG);
    expect((await problem('?from=2025-02-30&to=2025-03-01')).fieldErrors).toEqual({
      from: 'Please enter a real date',
    });
    expect((await problem('?from=28/03/2025')).fieldErrors).toEqual({
      from: 'Dates use the YYYY-MM-DD form',
    });
  });

  it('is for staff only', async () => {
    const traveller = browser();
    await paidOrder(traveller, uniqueEmail('charts'));
    expect((await traveller.get('/api/admin/dashboard/charts')).statusCode).toBe(403);
    expect((await browser().get('/api/admin/dashboard/charts')).statusCode).toBe(401);
  });
});

describe('dashboard charts on the synthetic data set', () => {
  it('has something to draw in every chart over the last 90 days', async () => {
    const synthetic = await createTestApp();
    try {
      await seedSynthetic(synthetic.database, 3000, 3000);
      const admin = await makeAdmin(synthetic);
      const today = ukToday();
      const res = await admin.get(
        `/api/admin/dashboard/charts?from=${addDays(today, -89)}&to=${today}`,
      );
      expect(res.statusCode).toBe(200);
      const data = body<{ data: DashboardChartsResponse }>(res).data;
      const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
      expect(sum(data.received.map((d) => d.total))).toBeGreaterThan(100);
      const statuses = new Set(
        data.received.flatMap((d) =>
          Object.entries(d.byStatus)
            .filter(([, n]) => n > 0)
            .map(([s]) => s),
        ),
      );
      expect(statuses.size).toBeGreaterThanOrEqual(6);
      const [paid, submitted, reviewed, lodgedStage, decided] = data.funnel.stages.map(
        (s) => s.count,
      ) as [number, number, number, number, number];
      expect(paid).toBeGreaterThan(submitted);
      expect(submitted).toBeGreaterThanOrEqual(reviewed);
      expect(reviewed).toBeGreaterThan(lodgedStage);
      expect(lodgedStage).toBeGreaterThan(decided);
      expect(decided).toBeGreaterThan(0);
      expect(data.funnel.approved).toBeGreaterThan(data.funnel.refused);
      expect(data.funnel.refused).toBeGreaterThan(0);
      // Each speed has lodgings, some late.
      expect(data.speeds.map((s) => s.hours)).toEqual([4, 24, 72]);
      for (const speed of data.speeds) {
        expect(speed.lodged).toBeGreaterThan(0);
        expect(speed.onTimeShare).toBeGreaterThan(0.5);
        expect(speed.onTimeShare).toBeLessThan(1);
      }
      expect(sum(data.revenue.map((d) => d.paidCents))).toBeGreaterThan(0);
      expect(sum(data.revenue.map((d) => d.refundedCents))).toBeGreaterThan(0);
    } finally {
      await synthetic.close();
    }
  });
});
