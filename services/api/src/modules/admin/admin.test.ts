import { and, eq, sql } from 'drizzle-orm';
import {
  AdminText,
  ValidationText,
  type AdminApplicationDetail,
  type AdminListResponse,
} from '@waypoint/contracts';
import { applications, auditLog, emailOutbox, users } from '../../db/schema';
import { Browser, makeAdmin, STRONG_PASSWORD, uniqueEmail } from '../../test/auth-helpers';
import { body, createTestApp, type TestApp } from '../../test/harness';
import { orderBody, paidOrder } from '../../test/orders';
import { approved, ETA_REFERENCE, lodged, rejected, step, stepOk } from '../../test/casework';
import { csvCell } from './csv';

let t: TestApp;
let ip = 1;
const browser = () => new Browser(t.app, `10.5.${Math.floor(ip / 200)}.${(ip++ % 200) + 1}`);
let adminA: Browser;
let adminB: Browser;
let traveller: Browser;
const seeded: { id: string; email: string; reference: string }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  adminA = await makeAdmin(t, browser);
  adminB = await makeAdmin(t, browser);
  traveller = browser();
  await traveller.post('/api/auth/register', {
    firstName: 'Tom',
    lastName: 'Traveller',
    email: uniqueEmail(),
    password: STRONG_PASSWORD,
  });
  // 23 guest orders (unpaid drafts) with distinct names, then a few paid ones.
  for (let i = 0; i < 23; i += 1) {
    const b = browser();
    const email = uniqueEmail(`guest${i}`);
    const payload = orderBody(email);
    payload.travelers[0]!.firstName = i === 7 ? '=HYPERLINK("http://evil.example")' : `Zoe${i}`;
    payload.travelers[0]!.lastName = i === 3 ? 'Quokka' : 'Smith';
    const res = body<{ data: { applicationId: string; reference: string } }>(
      await b.post('/api/applications/create-payment-intent', payload),
    ).data;
    seeded.push({ id: res.applicationId, email, reference: res.reference });
  }
});
afterAll(() => t.close());

const list = (b: Browser, query = '') => b.get(`/api/admin/applications${query}`);

describe('access', () => {
  it('answers 401 to nobody and 403 to a traveller on every admin route, and serves admins', async () => {
    const id = seeded[0]!.id;
    const routes: [string, string][] = [
      ['GET', '/api/admin/remote'],
      ['GET', '/api/admin/dashboard'],
      ['GET', '/api/admin/applications'],
      ['GET', '/api/admin/applications/export.csv'],
      ['GET', `/api/admin/applications/${id}`],
      ['POST', `/api/admin/applications/${id}/status`],
      ['GET', `/api/admin/applications/${id}/audit`],
    ];
    for (const [method, url] of routes) {
      const payload = method === 'POST' ? { status: 'UNDER_REVIEW', version: 1 } : undefined;
      expect(
        (await browser().request({ method: method as 'GET', url, ...(payload ? { payload } : {}) }))
          .statusCode,
      ).toBe(401);
      const asTraveller = await traveller.request({
        method: method as 'GET',
        url,
        ...(payload ? { payload } : {}),
      });
      expect(asTraveller.statusCode).toBe(403);
      expect(body(asTraveller)).toMatchObject({
        code: 'FORBIDDEN',
        error: 'You do not have access to this page.',
      });
    }
    expect((await list(adminA)).statusCode).toBe(200);
    expect((await adminA.get('/api/admin/dashboard')).statusCode).toBe(200);
  });

  it("hands the staff area's address only to staff, never cached", async () => {
    const res = await adminA.get('/api/admin/remote');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(body(res)).toEqual({
      success: true,
      data: { entry: '/remotes/admin/mf-manifest.json' },
    });
  });
});

describe('applications list', () => {
  it('pages 20 at a time, newest first, with the pagination of the spec', async () => {
    const first = body<{ data: AdminListResponse }>(await list(adminA)).data;
    expect(first.pagination).toEqual({ page: 1, limit: 20, total: 23, pages: 2 });
    expect(first.applications).toHaveLength(20);
    expect(first.applications[0]!.id).toBe(seeded[22]!.id);
    expect(first.applications[0]).toMatchObject({
      status: 'DRAFT',
      totalAmount: 51.9,
      travelerCount: 1,
      user: null,
      country: { name: 'United States', flagEmoji: '🇺🇸' },
      visaType: { name: 'United Kingdom ETA' },
    });
    const last = body<{ data: AdminListResponse }>(await list(adminA, '?page=2')).data;
    expect(last.applications.map((a) => a.id)).toEqual(
      seeded
        .slice(0, 3)
        .map((s) => s.id)
        .reverse(),
    );
    const past = body<{ data: AdminListResponse }>(await list(adminA, '?page=9')).data;
    expect(past).toEqual({
      applications: [],
      pagination: { page: 9, limit: 20, total: 23, pages: 2 },
    });
    const none = body<{ data: AdminListResponse }>(
      await list(adminA, '?search=nobody-matches-this'),
    ).data;
    expect(none.pagination).toEqual({ page: 1, limit: 20, total: 0, pages: 0 });
  });

  it('finds by guest email, traveller name and order reference', async () => {
    const byEmail = body<{ data: AdminListResponse }>(
      await list(adminA, `?search=${encodeURIComponent(seeded[5]!.email.toUpperCase())}`),
    ).data;
    expect(byEmail.applications.map((a) => a.id)).toEqual([seeded[5]!.id]);
    const byName = body<{ data: AdminListResponse }>(await list(adminA, '?search=quokka')).data;
    expect(byName.applications.map((a) => a.id)).toEqual([seeded[3]!.id]);
    const byRef = body<{ data: AdminListResponse }>(
      await list(adminA, `?search=%23${seeded[9]!.reference.toLowerCase()}`),
    ).data;
    expect(byRef.applications.map((a) => a.id)).toContain(seeded[9]!.id);
    const wildcard = body<{ data: AdminListResponse }>(await list(adminA, '?search=%25')).data;
    expect(wildcard.pagination.total).toBe(0);
  });

  it('filters by status and dates, alone and together, and finds a paid order by its account', async () => {
    const b = browser();
    const email = uniqueEmail('paid');
    const paidId = await paidOrder(b, email);
    const inProgress = body<{ data: AdminListResponse }>(
      await list(adminA, '?status=IN_PROGRESS'),
    ).data;
    expect(inProgress.applications.map((a) => a.id)).toEqual([paidId]);
    expect(inProgress.applications[0]!.user).toMatchObject({ email, firstName: 'Ann1' });
    // The account's own e-mail finds the order too, even when it differs from the order's.
    const renamed = uniqueEmail('renamed');
    await t.database.db.update(users).set({ email: renamed }).where(eq(users.email, email));
    const byAccount = body<{ data: AdminListResponse }>(
      await list(adminA, `?search=${encodeURIComponent(renamed)}`),
    ).data;
    expect(byAccount.applications.map((a) => a.id)).toEqual([paidId]);
    const today = new Date().toISOString().slice(0, 10);
    const both = body<{ data: AdminListResponse }>(
      await list(adminA, `?status=IN_PROGRESS&dateFrom=${today}&dateTo=${today}`),
    ).data;
    expect(both.pagination.total).toBe(1);
    const future = body<{ data: AdminListResponse }>(
      await list(adminA, '?dateFrom=2099-01-01'),
    ).data;
    expect(future.pagination.total).toBe(0);
    const past = body<{ data: AdminListResponse }>(
      await list(adminA, `?dateTo=2000-01-01&status=DRAFT`),
    ).data;
    expect(past.pagination.total).toBe(0);
    const bad = await list(adminA, '?dateFrom=2026-05-02&dateTo=2026-05-01');
    expect(bad.statusCode).toBe(400);
    expect(body(bad)).toMatchObject({
      error: "The 'from' date must be on or before the 'to' date",
      messageKey: 'admin.dateOrder',
      fieldErrorKeys: { dateFrom: { key: 'admin.dateOrder' } },
    });
    // The CSV export of the same range is refused the same way, rather than failing.
    const badExport = await adminA.get(
      '/api/admin/applications/export.csv?dateFrom=2026-05-02&dateTo=2026-05-01',
    );
    expect(badExport.statusCode).toBe(400);
    expect(body(badExport)).toMatchObject({ messageKey: 'admin.dateOrder' });
    expect((await list(adminA, '?status=LOST')).statusCode).toBe(400);
    expect((await list(adminA, '?page=0')).statusCode).toBe(400);
  });
});

describe('applications list order', () => {
  const ids = (data: AdminListResponse) => data.applications.map((a) => a.id);
  const page = async (query: string) =>
    body<{ data: AdminListResponse }>(await list(adminA, query)).data;

  it('sorts by the whitelisted columns, both ways, ties and missing values after, and refuses others', async () => {
    const [a, b, c, d, e] = [0, 1, 2, 4, 6].map((i) => seeded[i]!.id) as [
      string,
      string,
      string,
      string,
      string,
    ];
    const set = (id: string, values: Partial<typeof applications.$inferInsert>) =>
      t.database.db.update(applications).set(values).where(eq(applications.id, id));
    try {
      await set(a, { totalCents: 700_000 });
      await set(b, { totalCents: 900_000 });
      await set(c, { totalCents: 800_000 });
      const byAmount = await page('?status=DRAFT&sort=amount&order=desc');
      expect(ids(byAmount).slice(0, 3)).toEqual([b, c, a]);
      expect(byAmount.pagination.total).toBe(23);
      // Equal amounts stay newest first.
      expect(ids(await page('?status=DRAFT&sort=amount&order=asc'))[0]).toBe(seeded[22]!.id);
      const lastPage = await page('?status=DRAFT&sort=amount&order=asc&page=2');
      expect(ids(lastPage).slice(-3)).toEqual([a, c, b]);

      await set(d, { submittedAt: new Date('2026-03-02T10:00:00Z') });
      await set(e, { submittedAt: new Date('2026-03-01T10:00:00Z') });
      expect(ids(await page('?status=DRAFT&sort=submitted&order=asc')).slice(0, 2)).toEqual([e, d]);
      // Not submitted yet: after the submitted ones, whichever the direction.
      expect(ids(await page('?status=DRAFT&sort=submitted&order=desc')).slice(0, 2)).toEqual([
        d,
        e,
      ]);
    } finally {
      for (const id of [a, b, c]) await set(id, { totalCents: 5190 });
      for (const id of [d, e]) await set(id, { submittedAt: null });
    }

    // Statuses in the order of the workflow.
    const workflow = ['DRAFT', 'IN_PROGRESS', 'SUBMITTED', 'UNDER_REVIEW', 'APPROVED', 'REJECTED'];
    const byStatus = (await page('?sort=status&order=desc')).applications.map((r) =>
      workflow.indexOf(r.status),
    );
    expect(byStatus).toEqual([...byStatus].sort((x, y) => y - x));
    expect(byStatus[0]).toBeGreaterThan(0);
    const travellers = (await page('?sort=travellers&order=asc')).applications.map(
      (r) => r.travelerCount,
    );
    expect(travellers).toEqual([...travellers].sort((x, y) => x - y));
    // Without a sort: newest first, as before.
    expect(ids(await page('?status=DRAFT'))[0]).toBe(seeded[22]!.id);

    for (const query of ['?sort=email', '?sort=amount;drop', '?order=up', '?sort=']) {
      const refused = await list(adminA, query);
      expect(refused.statusCode).toBe(400);
      expect(body(refused)).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    }
  });
});

describe('export', () => {
  it('downloads the filtered list as UTF-8 CSV, safe against formula injection, and records it', async () => {
    const res = await adminA.get('/api/admin/applications/export.csv?status=DRAFT');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="waypoint-applications-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const text = res.body;
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe(
      '"Reference","Application ID","Status","Created (UTC)","Submitted (UTC)","Country","Visa type","Travellers","Traveller names","Applicant","Email","Amount (EUR)"',
    );
    expect(lines).toHaveLength(1 + 23);
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"") Smith"`);
    expect(text).toContain('"51.90"');
    const exported = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'applications.exported'));
    expect(exported[0]!.details).toEqual({ filters: { status: 'DRAFT' } });
  });

  it('escapes every dangerous cell start', () => {
    expect(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', 'plain', 'say "hi"'].map(csvCell)).toEqual([
      `"'=1+1"`,
      `"'+1"`,
      `"'-1"`,
      `"'@SUM(A1)"`,
      `"'\tx"`,
      '"plain"',
      '"say ""hi"""',
    ]);
  });
});

describe('detail and decisions', () => {
  async function submitted() {
    const b = browser();
    const email = uniqueEmail('decide');
    const id = await paidOrder(b, email);
    await t.database.db
      .update(applications)
      .set({ status: 'SUBMITTED', submittedAt: new Date() })
      .where(eq(applications.id, id));
    return { b, id, email };
  }
  const detailOf = async (b: Browser, id: string) =>
    body<{ data: AdminApplicationDetail }>(await b.get(`/api/admin/applications/${id}`)).data;

  it('shows payment, decrypted passport data and history, and records the view', async () => {
    const { id } = await submitted();
    const d = await detailOf(adminA, id);
    expect(d.payment).toMatchObject({
      amountCents: 5190,
      currency: 'EUR',
      provider: 'sandbox',
      status: 'succeeded',
      reference: expect.stringMatching(/^pi_sbx_/),
    });
    expect(d.passports[0]).toMatchObject({
      number: 'X12345671',
      nationality: 'US',
      expirationDate: '2031-01-31',
    });
    expect(d.allowedTransitions).toEqual(['UNDER_REVIEW']);
    expect(d.history.map((h) => h.action)).toEqual(
      expect.arrayContaining(['application.created', 'application.paid', 'passport.viewed']),
    );
    const views = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.applicationId, id), eq(auditLog.action, 'passport.viewed')));
    expect(views[0]).toMatchObject({ actorRole: 'admin' });
    expect(views[0]!.ip).toBeTruthy();
  });

  it('allows SUBMITTED → UNDER_REVIEW → LODGED → APPROVED only, tells the traveller, and records each step', async () => {
    const { b, id, email } = await submitted();
    let d = await detailOf(adminA, id);
    const skip = await adminA.post(`/api/admin/applications/${id}/status`, {
      status: 'LODGED',
      homeOfficeReference: ETA_REFERENCE,
      lodgedOn: '2026-01-02',
      version: d.version,
    });
    expect(skip.statusCode).toBe(400);
    expect(body(skip)).toMatchObject({
      error: 'An application cannot go from Submitted to Submitted to the UK government.',
      // The statuses by their catalog keys, so a front end names them in the reader's language.
      messageKey: 'admin.transitionNotAllowed',
      messageParams: {
        fromKey: 'applicationStatus.submitted',
        toKey: 'applicationStatus.lodged',
      },
    });
    d = await stepOk(adminA, id, { status: 'UNDER_REVIEW' });
    expect(d.application.status).toBe('UNDER_REVIEW');
    expect(d.allowedTransitions).toEqual(['CHANGES_REQUESTED', 'LODGED']);
    // The government decides once the application is lodged, not before.
    const early = await step(adminA, id, {
      status: 'APPROVED',
      grants: [
        {
          travelerId: d.application.travelers[0]!.id,
          reference: 'ETA-000001',
          validFrom: '2026-06-01',
          validUntil: '2028-06-01',
          passportLast4: '5671',
          documentId: crypto.randomUUID(),
        },
      ],
    });
    expect(body(early)).toMatchObject({
      messageKey: 'admin.transitionNotAllowed',
      messageParams: {
        fromKey: 'applicationStatus.underReview',
        toKey: 'applicationStatus.approved',
      },
    });
    d = await lodged(adminA, id);
    expect(d.application.status).toBe('LODGED');
    expect(d.allowedTransitions).toEqual(['APPROVED', 'REJECTED']);
    d = await approved(adminA, id);
    expect(d.application.status).toBe('APPROVED');
    expect(d.allowedTransitions).toEqual([]);
    const orders = body<{ data: { id: string; status: string }[] }>(
      await b.get('/api/applications/my-applications'),
    ).data;
    expect(orders.find((o) => o.id === id)?.status).toBe('APPROVED');
    const mails = await t.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, email));
    expect(mails.map((m) => m.template)).toEqual(
      expect.arrayContaining(['status-change', 'lodged', 'decision']),
    );
    const steps = body<{ data: { action: string; details: { from: string; to: string } }[] }>(
      await adminA.get(`/api/admin/applications/${id}/audit`),
    ).data.filter((h) => 'from' in (h.details ?? {}) && h.details.from !== 'DRAFT');
    expect(steps.map((c) => `${c.action} ${c.details.from}→${c.details.to}`)).toEqual([
      'application.status_changed SUBMITTED→UNDER_REVIEW',
      'application.lodged UNDER_REVIEW→LODGED',
      'application.outcome_recorded LODGED→APPROVED',
    ]);
  });

  it("requires the government's reason to record a refusal and shows it to the traveller", async () => {
    const { b, id } = await submitted();
    const d = await lodged(adminA, id);
    const noReason = await adminA.post(`/api/admin/applications/${id}/status`, {
      status: 'REJECTED',
      version: d.version,
    });
    expect(body(noReason)).toMatchObject({
      fieldErrors: { reason: AdminText.rejectReasonRequired },
    });
    await rejected(adminA, id, 'The passport photo is not readable.');
    const orders = body<{ data: { id: string; status: string; decisionReason: string }[] }>(
      await b.get('/api/applications/my-applications'),
    ).data;
    expect(orders.find((o) => o.id === id)).toMatchObject({
      status: 'REJECTED',
      decisionReason: 'The passport photo is not readable.',
    });
  });

  it('refuses a decision on an application that changed meanwhile (two admins at once)', async () => {
    const { id } = await submitted();
    const d = await detailOf(adminA, id);
    const [one, two] = await Promise.all([
      adminA.post(`/api/admin/applications/${id}/status`, {
        status: 'UNDER_REVIEW',
        version: d.version,
      }),
      adminB.post(`/api/admin/applications/${id}/status`, {
        status: 'UNDER_REVIEW',
        version: d.version,
      }),
    ]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 409]);
    const loser = one.statusCode === 409 ? one : two;
    expect(body(loser)).toMatchObject({ error: AdminText.changedMeanwhile });
    const changes = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.applicationId, id), eq(auditLog.action, 'application.status_changed')),
      );
    expect(changes).toHaveLength(1);
  });

  it('answers 404 for unknown ids and 400 for what is not an id', async () => {
    expect(
      (await adminA.get('/api/admin/applications/00000000-0000-0000-0000-000000000000')).statusCode,
    ).toBe(404);
    const malformed = await adminA.get('/api/admin/applications/not-an-id');
    expect(malformed.statusCode).toBe(400);
    expect(body(malformed)).toMatchObject({ fieldErrors: { id: ValidationText.invalidId } });
  });
});

describe('totals kept by the database', () => {
  it('match a real count after inserts and status changes', async () => {
    // A status's count is the sum of its shards (each database session keeps its own).
    const rows = await t.database.db.execute(sql`
      select c.status, sum(c.n) as n, (select count(*) from applications a where a.status = c.status) as real
      from application_counts c group by c.status`);
    const kept = (rows as unknown as { rows: { n: string; real: string }[] }).rows;
    expect(kept.some((r) => Number(r.real) > 0)).toBe(true);
    for (const r of kept) expect(Number(r.n)).toBe(Number(r.real));
    const shards = await t.database.db.execute(
      sql`select min(shard) as low, max(shard) as high from application_counts`,
    );
    const [range] = (shards as unknown as { rows: { low: number; high: number }[] }).rows;
    expect(Number(range!.low)).toBeGreaterThanOrEqual(0);
    expect(Number(range!.high)).toBeLessThan(16);
  });
});

describe('dashboard', () => {
  it('counts by status and sums what was paid', async () => {
    const d = body<{
      data: {
        counts: Record<string, number>;
        paid: { todayCents: number; last7DaysCents: number; last30DaysCents: number };
        refunded: { todayCents: number; last7DaysCents: number; last30DaysCents: number };
        applications: unknown[];
        lastUpdated: string;
      };
    }>(await adminA.get('/api/admin/dashboard')).data;
    expect(d.counts.DRAFT).toBe(23);
    expect(d.paid.todayCents).toBeGreaterThanOrEqual(5190);
    expect(d.paid.last30DaysCents).toBeGreaterThanOrEqual(d.paid.last7DaysCents);
    // Nothing was refunded here (refunds.test.ts checks a refund's sums).
    expect(d.refunded).toEqual({ todayCents: 0, last7DaysCents: 0, last30DaysCents: 0 });
    expect(d.applications.length).toBeLessThanOrEqual(10);
    expect(Date.parse(d.lastUpdated)).not.toBeNaN();
  });
});
