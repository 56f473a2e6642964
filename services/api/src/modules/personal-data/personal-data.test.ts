import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { ApiMessages, LOCALES, type ApplicationDetail } from '@waypoint/contracts';
import { unzip } from '../../test/zip';
import {
  applications,
  auditLog,
  documents,
  drafts,
  emailOutbox,
  fileErasures,
  paymentEvents,
  payments,
  receipts,
  refunds,
  sessions,
  travelers,
  users,
} from '../../db/schema';
import {
  Browser,
  lastCode,
  makeAdmin,
  registerStaff,
  signInNewStaff,
  STRONG_PASSWORD,
  totpCode,
  uniqueEmail,
} from '../../test/auth-helpers';
import { body, createTestApp, type TestApp } from '../../test/harness';
import { passportPage, photo } from '../../test/images';
import { multipartFile, paidOrder } from '../../test/orders';
import type { FileStorage } from '../documents/storage';
import { renderEmail } from '../notifications/templates';
import {
  eraseExpiredDocuments,
  purgeExpiredRecords,
  RECORD_RETENTION_YEARS,
} from './retention.service';

let t: TestApp;
let ip = 1;
const browser = () => new Browser(t.app, `10.77.${Math.floor(ip / 200)}.${(ip++ % 200) + 1}`);

beforeAll(async () => {
  t = await createTestApp({ DOCUMENT_RETENTION_DAYS: '30' });
});
afterAll(() => t.close());

async function upload(b: Browser, id: string, travelerId: string, kind: 'passport-page' | 'photo') {
  const data = kind === 'photo' ? await photo() : await passportPage();
  const { payload, headers } = multipartFile(`${kind}.jpg`, 'image/jpeg', data);
  const res = await b.request({
    method: 'POST',
    url: `/api/application/${id}/travelers/${travelerId}/documents/${kind}`,
    payload,
    headers,
  });
  expect(res.statusCode).toBe(200);
}

/** A registered traveller (with a password) who paid an order of two and uploaded the lead's two documents. */
async function travellerWithOrder() {
  const b = browser();
  const email = uniqueEmail();
  const registered = await b.post('/api/auth/register', {
    firstName: 'Ann',
    lastName: 'Lee',
    email,
    password: STRONG_PASSWORD,
  });
  expect(registered.statusCode).toBe(200);
  const id = await paidOrder(b, email, 2);
  const detail = body<{ data: ApplicationDetail }>(await b.get(`/api/application/${id}`)).data;
  const travelerId = detail.travelers[0]!.id;
  await upload(b, id, travelerId, 'passport-page');
  await upload(b, id, travelerId, 'photo');
  const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
  return { b, email, id, travelerId, userId: user!.id };
}

const storedFile = (key: string) => path.join(t.config.uploadsDir, key);
const exists = (file: string) =>
  fs.stat(file).then(
    () => true,
    () => false,
  );

describe('GET /api/auth/profile/export', () => {
  it('answers a zip named for the day with data.json (passport numbers in clear) and each document', async () => {
    const { b, email, id, userId } = await travellerWithOrder();
    // Registering proves nothing about the owner: they confirm their password first.
    expect((await b.post('/api/auth/recent-proof', { password: STRONG_PASSWORD })).statusCode).toBe(
      200,
    );
    const res = await b.get('/api/auth/profile/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const day = new Date().toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="waypoint-data-${day}.zip"`,
    );
    expect(res.headers['cache-control']).toBe('no-store');

    const entries = await unzip(res.rawPayload);
    const data = JSON.parse(entries.get('data.json')!.toString('utf8'));
    expect(data.account).toMatchObject({ id: userId, email, firstName: 'Ann', hasPassword: true });
    expect(data.applications).toHaveLength(1);
    const order = data.applications[0];
    expect(order.id).toBe(id);
    expect(order.travelers.map((p: { passport: { number: string } }) => p.passport.number)).toEqual(
      ['X12345671', 'X12345672'],
    );
    expect(order.payments).toEqual([
      expect.objectContaining({ provider: 'sandbox', status: 'succeeded', currency: 'EUR' }),
    ]);
    expect(data.emails.map((e: { template: string }) => e.template)).toContain(
      'payment-confirmation',
    );
    expect(data.sessions.some((s: { current: boolean }) => s.current)).toBe(true);
    expect(data.audit.map((e: { action: string }) => e.action)).toContain('application.paid');

    // Each document is in the zip, byte for byte as stored.
    expect(order.documents).toHaveLength(2);
    const docs = await t.database.db
      .select()
      .from(documents)
      .where(eq(documents.applicationId, id));
    for (const listed of order.documents as { file: string; kind: string }[]) {
      expect(listed.file).toMatch(new RegExp(`^documents/${order.reference}/traveller-1-`));
      const stored = docs.find((d) => d.kind === listed.kind)!;
      expect(entries.get(listed.file)).toEqual(await fs.readFile(storedFile(stored.storageKey)));
    }

    // No secret leaves: no hashes, tokens, encrypted values or client secrets anywhere in the file.
    const text = entries.get('data.json')!.toString('utf8');
    for (const secret of [
      'passwordHash',
      'tokenHash',
      'Encrypted',
      'clientSecret',
      'idempotency',
    ]) {
      expect(text).not.toContain(secret);
    }
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'account.data_exported'), eq(auditLog.entityId, userId)));
    expect(audit?.details).toEqual({ applications: 1, documents: 2 });
  });

  it('is refused to a visitor who is not signed in', async () => {
    const res = await browser().get('/api/auth/profile/export');
    expect(res.statusCode).toBe(401);
  });

  it('asks for a recent proof of identity, and answers once the owner gave their password', async () => {
    const { b, userId } = await travellerWithOrder();
    // A proof of 11 minutes ago has run out: holding the session is not enough.
    await b.post('/api/auth/recent-proof', { password: STRONG_PASSWORD });
    await t.database.db
      .update(sessions)
      .set({ recentProofAt: sql`now() - interval '11 minutes'` })
      .where(eq(sessions.userId, userId));
    const refused = await b.get('/api/auth/profile/export');
    expect(refused.statusCode).toBe(403);
    expect(body(refused)).toMatchObject({
      success: false,
      code: 'RECENT_PROOF_REQUIRED',
      error: ApiMessages['auth.recentProofRequired'],
    });
    const exported = () =>
      t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'account.data_exported'), eq(auditLog.entityId, userId)));
    expect(await exported()).toHaveLength(0);

    const wrong = await b.post('/api/auth/recent-proof', { password: 'not-the-password' });
    expect(wrong.statusCode).toBe(400);
    expect((await b.get('/api/auth/profile/export')).statusCode).toBe(403);

    expect((await b.post('/api/auth/recent-proof', { password: STRONG_PASSWORD })).statusCode).toBe(
      200,
    );
    const res = await b.get('/api/auth/profile/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(await exported()).toHaveLength(1);
  });
});

describe('POST /api/auth/profile/delete', () => {
  it('asks for the password and refuses a wrong one, deleting nothing', async () => {
    const { b, userId } = await travellerWithOrder();
    const missing = await b.post('/api/auth/profile/delete', {});
    expect(missing.statusCode).toBe(400);
    expect(body(missing)).toMatchObject({
      messageKey: 'personalData.passwordRequired',
    });
    const wrong = await b.post('/api/auth/profile/delete', { password: 'not-my-password' });
    expect(wrong.statusCode).toBe(400);
    const [user] = await t.database.db.select().from(users).where(eq(users.id, userId));
    expect(user!.deletedAt).toBeNull();
    expect((await b.get('/api/auth/profile')).statusCode).toBe(200);
  });

  it('erases documents, passport and traveller data, keeps the payment, ends every session and lets the address register again', async () => {
    const { b, email, id, userId } = await travellerWithOrder();
    const db = t.database.db;
    const other = browser();
    expect(
      (await other.post('/api/auth/login', { email, password: STRONG_PASSWORD })).statusCode,
    ).toBe(200);
    await db.insert(drafts).values({
      userId,
      data: { travelers: [] },
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const docs = await db.select().from(documents).where(eq(documents.applicationId, id));
    expect(docs).toHaveLength(2);

    const res = await b.post('/api/auth/profile/delete', { password: STRONG_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({ success: true, data: { deleted: true } });
    expect(b.cookie('waypoint_session')).toBeUndefined();

    // Signed out everywhere.
    expect((await other.get('/api/auth/profile')).statusCode).toBe(401);
    expect(await db.select().from(sessions).where(eq(sessions.userId, userId))).toHaveLength(0);

    // Documents: rows and files gone.
    expect(await db.select().from(documents).where(eq(documents.applicationId, id))).toHaveLength(
      0,
    );
    for (const d of docs) expect(await exists(storedFile(d.storageKey))).toBe(false);
    expect(await db.select().from(fileErasures)).toHaveLength(0);

    // Travellers and passport data erased; the order kept with its prices and its payment.
    expect(await db.select().from(travelers).where(eq(travelers.applicationId, id))).toHaveLength(
      0,
    );
    const [order] = await db.select().from(applications).where(eq(applications.id, id));
    expect(order).toMatchObject({
      guestEmail: null,
      phoneNumber: null,
      documentsErasedBy: 'deletion',
      status: 'IN_PROGRESS',
    });
    expect(order!.personalDataErasedAt).not.toBeNull();
    expect(order!.searchText).not.toContain('ann');
    const kept = await db.select().from(payments).where(eq(payments.applicationId, id));
    expect(kept).toEqual([expect.objectContaining({ status: 'succeeded' })]);
    // The receipt is kept for the accounts, without the travellers' names.
    const [receipt] = await db.select().from(receipts).where(eq(receipts.applicationId, id));
    expect(receipt).toMatchObject({
      travelers: [],
      travelerCount: 2,
      totalCents: kept[0]!.amountCents,
    });
    expect(await db.select().from(drafts).where(eq(drafts.userId, userId))).toHaveLength(0);

    // The account row holds nothing personal any more.
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    expect(user).toMatchObject({
      firstName: null,
      lastName: null,
      passwordHash: null,
      email: `deleted-${userId}@deleted.invalid`,
    });
    expect(user!.deletedAt).not.toBeNull();

    // The only e-mail left for the address is the confirmation.
    const mails = await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
    expect(mails.map((m) => m.template)).toEqual(['account-deleted']);

    // Audited without personal data.
    const [deleted] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'account.deleted'), eq(auditLog.entityId, userId)));
    expect(deleted!.details).toEqual({ applications: 1, documents: 2, endedSessions: 2 });
    expect(deleted!.ip).toBeNull();
    expect(JSON.stringify(deleted)).not.toContain(email);
    const erased = await db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'application.personal_data_erased'),
          eq(auditLog.applicationId, id),
        ),
      );
    expect(erased.map((e) => e.details)).toEqual([{ travelers: 2, documents: 2 }]);

    // Staff can no longer decide the order: its travellers' data are gone.
    const admin = await makeAdmin(t, browser);
    const detail = body<{ data: { allowedTransitions: string[]; erasure: unknown } }>(
      await admin.get(`/api/admin/applications/${id}`),
    ).data;
    expect(detail.allowedTransitions).toEqual([]);
    expect(detail.erasure).toMatchObject({ documentsErasedBy: 'deletion' });
    const decided = await admin.post(`/api/admin/applications/${id}/status`, {
      status: 'UNDER_REVIEW',
      version: order!.version,
    });
    expect(decided.statusCode).toBe(409);
    expect(body(decided)).toMatchObject({ messageKey: 'admin.personalDataErased' });

    // The address is free again: a new account with it works.
    const again = await browser().post('/api/auth/register', {
      firstName: 'Ann',
      lastName: 'Again',
      email,
      password: STRONG_PASSWORD,
    });
    expect(again.statusCode).toBe(200);
    // …and the old password no longer opens anything of the deleted account.
    expect(
      (await browser().post('/api/auth/login', { email, password: STRONG_PASSWORD })).json(),
    ).toMatchObject({ data: { user: { firstName: 'Ann', lastName: 'Again' } } });
  });

  it('asks an account without a password for an emailed code', async () => {
    const b = browser();
    const email = uniqueEmail('guest');
    await paidOrder(b, email, 1);
    const missing = await b.post('/api/auth/profile/delete', {});
    expect(body(missing)).toMatchObject({ messageKey: 'personalData.codeRequired' });
    expect(
      (await b.post('/api/auth/recent-proof/code', { purpose: 'account-deletion' })).statusCode,
    ).toBe(200);
    const code = await lastCode(t.database.db, email, 'reauthentication-code');
    const res = await b.post('/api/auth/profile/delete', { code });
    expect(res.statusCode).toBe(200);
    expect((await b.get('/api/auth/profile')).statusCode).toBe(401);
  });

  it('refuses the last staff member with 409, and asks other staff for their authenticator code', async () => {
    const db = t.database.db;
    // Every other staff account of this database is set aside, so this one is the last.
    await db.update(users).set({ role: 'user' }).where(eq(users.role, 'admin'));
    const staff = browser();
    const email = await registerStaff(t, staff);
    const { secret } = await signInNewStaff(staff, email, STRONG_PASSWORD);
    const last = await staff.post('/api/auth/profile/delete', {
      password: STRONG_PASSWORD,
      secondFactorCode: await totpCode(secret, 1),
    });
    expect(last.statusCode).toBe(409);
    expect(body(last)).toMatchObject({ messageKey: 'personalData.lastAdmin' });

    await makeAdmin(t, browser);
    const noCode = await staff.post('/api/auth/profile/delete', { password: STRONG_PASSWORD });
    expect(body(noCode)).toMatchObject({ messageKey: 'personalData.secondFactorRequired' });
    const res = await staff.post('/api/auth/profile/delete', {
      password: STRONG_PASSWORD,
      secondFactorCode: await totpCode(secret, 1),
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('the deletion confirmation email', () => {
  it('says what was erased and what is kept, in every language, without personal data', () => {
    const english = renderEmail(
      { template: 'account-deleted', payload: { applications: 2 } },
      'https://waypoint.test',
    );
    expect(english.subject).toBe('Your Waypoint account has been deleted');
    expect(english.text).toContain('Your uploaded documents (passport pages and photos)');
    expect(english.text).toContain('of your 2 orders');
    expect(english.text).toContain('for six years');
    for (const locale of LOCALES) {
      const mail = renderEmail(
        { template: 'account-deleted', payload: { applications: 1 } },
        'https://waypoint.test',
        locale,
      );
      expect(mail.subject).not.toBe('');
      expect(mail.text).not.toMatch(/[{}]/);
      expect(mail.html).toContain(`lang="${locale}"`);
    }
    const none = renderEmail(
      { template: 'account-deleted', payload: { applications: 0 } },
      'https://waypoint.test',
    );
    expect(none.text).not.toContain('payment and receipt records');
  });
});

describe('document retention job', () => {
  const decide = (id: string, status: 'APPROVED' | 'REJECTED' | 'UNDER_REVIEW', daysAgo: number) =>
    t.database.db
      .update(applications)
      .set({ status, decidedAt: sql`now() - make_interval(days => ${daysAgo})` })
      .where(eq(applications.id, id));

  it('erases only the documents of orders decided longer ago than DOCUMENT_RETENTION_DAYS, audited, and staff see it', async () => {
    const db = t.database.db;
    const old = await travellerWithOrder();
    const recent = await travellerWithOrder();
    const open = await travellerWithOrder();
    await decide(old.id, 'APPROVED', 31);
    await decide(recent.id, 'REJECTED', 29);
    await decide(open.id, 'UNDER_REVIEW', 200);
    const oldDocs = await db.select().from(documents).where(eq(documents.applicationId, old.id));

    const result = await eraseExpiredDocuments({ ctx: t.app.ctx, storage: t.app.ctx.storage });
    expect(result.documents).toBeGreaterThanOrEqual(2);

    expect(
      await db.select().from(documents).where(eq(documents.applicationId, old.id)),
    ).toHaveLength(0);
    for (const d of oldDocs) expect(await exists(storedFile(d.storageKey))).toBe(false);
    expect(
      await db.select().from(documents).where(eq(documents.applicationId, recent.id)),
    ).toHaveLength(2);
    expect(
      await db.select().from(documents).where(eq(documents.applicationId, open.id)),
    ).toHaveLength(2);
    // The travellers' data stay: only the documents go.
    expect(
      await db.select().from(travelers).where(eq(travelers.applicationId, old.id)),
    ).toHaveLength(2);

    const audits = await db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'documents.retention_erased'), eq(auditLog.applicationId, old.id)),
      );
    expect(audits.map((a) => [a.actorRole, a.details])).toEqual([
      ['system', { documents: 2, retentionDays: 30 }],
    ]);

    // A second run finds nothing more to do.
    const again = await eraseExpiredDocuments({ ctx: t.app.ctx, storage: t.app.ctx.storage });
    expect(again.documents).toBe(0);

    // Staff see when and why the documents were erased.
    const admin = await makeAdmin(t, browser);
    const detail = body<{ data: { erasure: Record<string, unknown> } }>(
      await admin.get(`/api/admin/applications/${old.id}`),
    ).data;
    expect(detail.erasure).toMatchObject({
      documentsErasedBy: 'retention',
      personalDataErasedAt: null,
    });
    expect(typeof detail.erasure.documentsErasedAt).toBe('string');
  });

  it('keeps track of a file it could not remove and removes it on a later run', async () => {
    const db = t.database.db;
    const order = await travellerWithOrder();
    await decide(order.id, 'APPROVED', 45);
    const docs = await db.select().from(documents).where(eq(documents.applicationId, order.id));
    const real = t.app.ctx.storage;
    const broken: FileStorage = {
      put: (k, d) => real.put(k, d),
      get: (k) => real.get(k),
      delete: () => Promise.reject(new Error('storage unavailable')),
    };
    await eraseExpiredDocuments({ ctx: t.app.ctx, storage: broken });
    expect(
      await db.select().from(documents).where(eq(documents.applicationId, order.id)),
    ).toHaveLength(0);
    const pending = await db.select().from(fileErasures);
    expect(pending.map((p) => p.storageKey).sort()).toEqual(docs.map((d) => d.storageKey).sort());
    expect(pending.every((p) => p.attempts >= 1 && p.lastError === 'storage unavailable')).toBe(
      true,
    );
    for (const d of docs) expect(await exists(storedFile(d.storageKey))).toBe(true);

    await eraseExpiredDocuments({ ctx: t.app.ctx, storage: real });
    expect(await db.select().from(fileErasures)).toHaveLength(0);
    for (const d of docs) expect(await exists(storedFile(d.storageKey))).toBe(false);
  });
});

describe('record retention job', () => {
  const ago = (years: number) => sql`now() - make_interval(years => ${years})`;
  /** Makes an order, its payments and its refunds look as last touched `years` years ago. */
  async function age(id: string, years: number) {
    const db = t.database.db;
    await db
      .update(applications)
      .set({ createdAt: ago(years), updatedAt: ago(years) })
      .where(eq(applications.id, id));
    await db
      .update(payments)
      .set({ createdAt: ago(years), updatedAt: ago(years), succeededAt: ago(years) })
      .where(eq(payments.applicationId, id));
    await db
      .update(refunds)
      .set({ createdAt: ago(years), updatedAt: ago(years), settledAt: ago(years) })
      .where(eq(refunds.applicationId, id));
  }
  const rowsOf = async (id: string) => {
    const db = t.database.db;
    const count = async (rows: Promise<unknown[]>) => (await rows).length;
    return {
      application: await count(db.select().from(applications).where(eq(applications.id, id))),
      payments: await count(db.select().from(payments).where(eq(payments.applicationId, id))),
      refunds: await count(db.select().from(refunds).where(eq(refunds.applicationId, id))),
      receipts: await count(db.select().from(receipts).where(eq(receipts.applicationId, id))),
      travelers: await count(db.select().from(travelers).where(eq(travelers.applicationId, id))),
      documents: await count(db.select().from(documents).where(eq(documents.applicationId, id))),
      audit: await count(db.select().from(auditLog).where(eq(auditLog.applicationId, id))),
    };
  };

  it('deletes an order and all its records six years after its last activity, and the webhook events as old', async () => {
    const db = t.database.db;
    const admin = await makeAdmin(t, browser);
    const refundIt = async (id: string) => {
      const res = await admin.post(`/api/admin/applications/${id}/refunds`, {
        kind: 'full',
        reason: 'Trip cancelled',
        idempotencyKey: `retention-${id}`,
      });
      expect(res.statusCode).toBe(200);
    };
    const expired = await travellerWithOrder();
    await refundIt(expired.id);
    await age(expired.id, RECORD_RETENTION_YEARS + 1);
    // Paid seven years ago, but refunded two years ago: its records are kept until six years after the refund.
    const refundedLater = await travellerWithOrder();
    await refundIt(refundedLater.id);
    await age(refundedLater.id, RECORD_RETENTION_YEARS + 1);
    await db
      .update(refunds)
      .set({ updatedAt: ago(2), settledAt: ago(2) })
      .where(eq(refunds.applicationId, refundedLater.id));
    // Paid five years ago.
    const younger = await travellerWithOrder();
    await age(younger.id, RECORD_RETENTION_YEARS - 1);
    await db.insert(paymentEvents).values([
      {
        eventId: 'evt_retention_old',
        provider: 'stripe',
        type: 'payment_intent.succeeded',
        payload: {},
      },
      {
        eventId: 'evt_retention_new',
        provider: 'stripe',
        type: 'payment_intent.succeeded',
        payload: {},
      },
    ]);
    await db
      .update(paymentEvents)
      .set({ receivedAt: ago(RECORD_RETENTION_YEARS + 1) })
      .where(eq(paymentEvents.eventId, 'evt_retention_old'));

    const before = await rowsOf(expired.id);
    expect(before).toMatchObject({
      application: 1,
      payments: 1,
      refunds: 1,
      receipts: 1,
      travelers: 2,
    });
    expect(before.documents).toBe(2);
    expect(before.audit).toBeGreaterThan(0);
    const files = await db.select().from(documents).where(eq(documents.applicationId, expired.id));

    const result = await purgeExpiredRecords({ ctx: t.app.ctx, storage: t.app.ctx.storage });
    expect(result).toEqual({ applications: 1, paymentEvents: 1 });

    expect(await rowsOf(expired.id)).toEqual({
      application: 0,
      payments: 0,
      refunds: 0,
      receipts: 0,
      travelers: 0,
      documents: 0,
      audit: 0,
    });
    for (const d of files) expect(await exists(storedFile(d.storageKey))).toBe(false);
    for (const kept of [refundedLater, younger]) {
      expect(await rowsOf(kept.id)).toMatchObject({ application: 1, payments: 1, travelers: 2 });
    }
    // The purge itself is audited by the system, naming the order it deleted.
    const purges = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'application.records_purged'));
    expect(purges.map((a) => [a.entityId, a.applicationId, a.actorRole, a.details])).toEqual([
      [expired.id, null, 'system', { retentionYears: RECORD_RETENTION_YEARS }],
    ]);
    expect(
      (
        await db
          .select()
          .from(paymentEvents)
          .where(inArray(paymentEvents.eventId, ['evt_retention_old', 'evt_retention_new']))
      ).map((e) => e.eventId),
    ).toEqual(['evt_retention_new']);
    // The counts by status, kept by the database, follow the deletion.
    const counts = await db.execute(sql`
      select sum(c.n) as n, (select count(*) from applications a where a.status = c.status) as real
      from application_counts c group by c.status`);
    for (const r of (counts as unknown as { rows: { n: string; real: string }[] }).rows)
      expect(Number(r.n)).toBe(Number(r.real));

    // The account stays; its owner's My orders no longer lists the order.
    const orders = body<{ data: { id: string }[] }>(
      await expired.b.get('/api/applications/my-applications'),
    ).data;
    expect(orders.map((o) => o.id)).not.toContain(expired.id);

    // A second run finds nothing more to do.
    expect(await purgeExpiredRecords({ ctx: t.app.ctx, storage: t.app.ctx.storage })).toEqual({
      applications: 0,
      paymentEvents: 0,
    });
  });
});
