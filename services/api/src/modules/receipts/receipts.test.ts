import { and, eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client';
import { applications, auditLog, emailOutbox, receiptCounters, receipts } from '../../db/schema';
import { Browser, makeAdmin, uniqueEmail } from '../../test/auth-helpers';
import { body, createTestApp, type TestApp } from '../../test/harness';
import { orderBody, paidOrder } from '../../test/orders';
import { pdfText } from '../../test/pdf-text';
import { createMailer } from '../notifications/mailer';
import { processOutbox } from '../notifications/outbox';
import { renderReceiptPdf } from './receipt-pdf';
import { nextReceiptSequence } from './receipts.repo';
import { receiptAttachments } from './receipts.service';

let t: TestApp;
let ip = 0;
const browser = () => {
  ip += 1;
  return new Browser(t.app, `10.17.${Math.floor(ip / 200)}.${(ip % 200) + 1}`);
};

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const receiptOf = async (applicationId: string) =>
  (await t.database.db.select().from(receipts).where(eq(receipts.applicationId, applicationId)))[0];

describe('receipts of paid orders', () => {
  it('issues one receipt when an order is paid, and its owner downloads it as a PDF that says what was paid', async () => {
    const b = browser();
    const id = await paidOrder(b, uniqueEmail(), 2);
    const receipt = (await receiptOf(id))!;
    const year = new Date().getUTCFullYear();
    expect(receipt.number).toMatch(new RegExp(`^${year}-\\d{6}$`));
    expect(receipt.travelers).toEqual(['Ann1 Lee1', 'Ann2 Lee2']);
    expect(receipt).toMatchObject({ cardBrand: 'visa', cardLast4: '4242', travelerCount: 2 });

    const orders = body<{ data: { id: string; receipt: unknown }[] }>(
      await b.get('/api/applications/my-applications'),
    ).data;
    expect(orders.find((o) => o.id === id)!.receipt).toEqual({
      number: receipt.number,
      issuedAt: receipt.issuedAt.toISOString(),
    });

    const res = await b.get(`/api/application/${id}/receipt`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="invoice-${receipt.number}.pdf"`,
    );
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(res.rawPayload).join('\n');
    const [order] = await t.database.db.select().from(applications).where(eq(applications.id, id));
    const euros = (cents: number) => `€${(cents / 100).toFixed(2)}`;
    expect(text).toContain('Waypoint');
    expect(text).toContain('Invoice');
    expect(text).toContain(`Invoice number: ${receipt.number}`);
    expect(text).toContain(`#${order!.reference}`);
    expect(text).toContain('Ann1 Lee1');
    expect(text).toContain('Ann2 Lee2');
    expect(text).toContain('Visa card ending in 4242');
    expect(text).toContain(`£${(order!.governmentFeeGbpPence / 100).toFixed(2)} at`);
    expect(text).toContain(euros(order!.governmentFeeCents * 2));
    expect(text).toContain(euros(order!.processingFeeCents * 2));
    expect(text).toContain(euros(order!.totalCents));
  });

  it("is an invoice naming the seller from the configuration and the buyer's billing address", async () => {
    const b = browser();
    const id = await paidOrder(b, uniqueEmail());
    const receipt = (await receiptOf(id))!;
    expect(receipt.billing).toEqual({
      name: 'Ann Lee',
      line1: '1 High St',
      city: 'London',
      postalCode: 'SW1A 1AA',
      country: 'GB',
    });
    const text = pdfText((await b.get(`/api/application/${id}/receipt`)).rawPayload).join('\n');
    const { seller, support } = t.config;
    expect(text).toContain('Invoice');
    expect(text).toContain(seller.legalName);
    expect(text).toContain(seller.address);
    expect(text).toContain(`Company number: ${seller.companyNumber}`);
    expect(text).toContain(`VAT number: ${seller.vatNumber}`);
    expect(text).toContain(support.email);
    // Where to get help: the portal's own help centre when no HELP_URL is configured.
    expect(support.helpUrl).toBeNull();
    expect(text).toContain(`visit ${t.config.publicUrl}/help.`);
    expect(text).toContain('Bill to');
    expect(text).toContain('Ann Lee');
    expect(text).toContain('1 High St');
    expect(text).toContain('SW1A 1AA London');
    expect(text).toContain('United Kingdom');

    const configured = pdfText(
      await renderReceiptPdf(receipt, 'en', {
        seller: {
          legalName: 'Example Visas Ltd',
          address: '2 Side Road, Leeds LS1 1AA',
          companyNumber: '12345678',
          vatNumber: 'GB123456789',
        },
        support: { email: 'help@example.com', helpUrl: 'https://example.com/help' },
        publicUrl: 'https://apply.example.com',
      }),
    ).join('\n');
    expect(configured).toContain('Example Visas Ltd');
    expect(configured).toContain('2 Side Road, Leeds LS1 1AA');
    expect(configured).toContain('Company number: 12345678');
    expect(configured).toContain('VAT number: GB123456789');
    expect(configured).toContain('help@example.com');
    expect(configured).toContain('https://example.com/help');
    expect(configured).not.toContain('https://apply.example.com/help');
  });

  it('numbers receipts one after another, also when orders are paid at the same time', async () => {
    const ids = await Promise.all(
      Array.from({ length: 5 }, () => paidOrder(browser(), uniqueEmail())),
    );
    const numbers = await Promise.all(ids.map(async (id) => (await receiptOf(id))!));
    const sequences = numbers.map((r) => r.sequence).sort((a, b) => a - b);
    const first = sequences[0]!;
    expect(sequences).toEqual([first, first + 1, first + 2, first + 3, first + 4]);
    expect(new Set(numbers.map((r) => r.number)).size).toBe(5);
    // A repeated confirm does not issue a second receipt.
    const all = await t.database.db.select().from(receipts);
    expect(new Set(all.map((r) => r.applicationId)).size).toBe(all.length);
  });

  it('gives 20 payments completed at the same time 20 distinct numbers, with no gap in the year', async () => {
    // The orders are placed and their cards confirmed first; then all 20 are completed at once.
    const placed = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const b = browser();
        const email = uniqueEmail();
        const res = await b.post('/api/applications/create-payment-intent', orderBody(email));
        const intent = body<{
          data: { applicationId: string; paymentIntentId: string; clientSecret: string };
        }>(res).data;
        return { b, email, intent };
      }),
    );
    const completed = await Promise.all(
      placed.map(async ({ b, email, intent }) => {
        await b.post('/api/payments/sandbox/confirm', {
          paymentIntentId: intent.paymentIntentId,
          clientSecret: intent.clientSecret,
          paymentMethod: 'pm_card_visa',
          billingDetails: {
            name: 'Ann Lee',
            email,
            address: { line1: '1 High St', city: 'London', postal_code: 'SW1A 1AA', country: 'GB' },
          },
        });
        const confirmed = await b.post('/api/applications/confirm-payment', {
          paymentIntentId: intent.paymentIntentId,
        });
        expect(confirmed.statusCode).toBe(200);
        return intent.applicationId;
      }),
    );
    const issued = await Promise.all(completed.map(async (id) => (await receiptOf(id))!));
    const sequences = issued.map((r) => r.sequence).sort((a, b) => a - b);
    const first = sequences[0]!;
    expect(sequences).toEqual(Array.from({ length: 20 }, (_, i) => first + i));
    expect(new Set(issued.map((r) => r.number)).size).toBe(20);
    for (const receipt of issued) {
      expect(receipt.number).toBe(`${receipt.year}-${String(receipt.sequence).padStart(6, '0')}`);
    }
    // The whole year is gap-free: its numbers are 1 … n, and its counter is at n.
    const year = issued[0]!.year;
    const all = await t.database.db.select().from(receipts).where(eq(receipts.year, year));
    expect(all.map((r) => r.sequence).sort((a, b) => a - b)).toEqual(
      Array.from({ length: all.length }, (_, i) => i + 1),
    );
    const [counter] = await t.database.db
      .select()
      .from(receiptCounters)
      .where(eq(receiptCounters.year, year));
    expect(counter!.lastNumber).toBe(all.length);
    // Each confirmation e-mail, queued before the number was taken, names its own receipt.
    const confirmations = await t.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.template, 'payment-confirmation'));
    for (const receipt of issued) {
      expect(
        confirmations.filter(
          (c) => (c.payload as { applicationId: string }).applicationId === receipt.applicationId,
        ),
      ).toEqual([
        expect.objectContaining({
          payload: expect.objectContaining({ receiptNumber: receipt.number }),
        }),
      ]);
    }
  }, 60_000);

  // Row locks and waiting statements are PostgreSQL's (PGlite runs one transaction at a time).
  (process.env.DATABASE_URL ? it : it.skip)(
    "waits for the year's counter only at the payment's last statement, after the status change and e-mails",
    async () => {
      const db = t.database.db;
      const year = new Date().getUTCFullYear();
      // The year's counter row exists once a payment was made this year.
      await paidOrder(browser(), uniqueEmail());
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const holding = new Promise<void>((resolve) => (locked = resolve));
      // Another payment's transaction, holding the counter as it commits.
      const holder = db.transaction(async (tx) => {
        await tx.execute(sql`select 1 from receipt_counters where year = ${year} for update`);
        locked();
        await released;
      });
      await holding;
      const paying = paidOrder(browser(), uniqueEmail());
      try {
        let waiting: { pid: number; query: string } | undefined;
        for (let i = 0; i < 200 && !waiting; i++) {
          await new Promise((resolve) => setTimeout(resolve, 25));
          waiting = rowsOf<{ pid: number; query: string }>(
            await db.execute(sql`
              select pid, query from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock'
                and query like '%receipt_counters%'`),
          )[0];
        }
        expect(waiting?.query).toContain('insert into receipts');
        // By then the waiting transaction has changed the status (audited) and queued the confirmation.
        const tables = rowsOf<{ relname: string }>(
          await db.execute(sql`
            select c.relname from pg_locks l join pg_class c on c.oid = l.relation
            where l.pid = ${waiting!.pid} and l.mode = 'RowExclusiveLock'`),
        ).map((row) => row.relname);
        expect(tables).toEqual(
          expect.arrayContaining(['applications', 'audit_log', 'email_outbox', 'payments']),
        );
      } finally {
        release();
        await holder;
      }
      const id = await paying;
      expect((await receiptOf(id))!.year).toBe(year);
    },
    30_000,
  );

  it('starts each year at 1 and gives a rolled-back number back, so a year has no gaps', async () => {
    const db = t.database.db;
    await expect(
      db.transaction(async (tx) => {
        expect(await nextReceiptSequence(tx, 2031)).toBe(1);
        throw new Error('payment failed after its receipt number was taken');
      }),
    ).rejects.toThrow('payment failed');
    expect(await db.transaction((tx) => nextReceiptSequence(tx, 2031))).toBe(1);
    expect(await db.transaction((tx) => nextReceiptSequence(tx, 2032))).toBe(1);
    expect(await db.transaction((tx) => nextReceiptSequence(tx, 2031))).toBe(2);
    const together = await Promise.all(
      Array.from({ length: 6 }, () => db.transaction((tx) => nextReceiptSequence(tx, 2033))),
    );
    expect(together.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("answers 404 for someone else's order and for an unpaid one, and 401 without a session", async () => {
    const owner = browser();
    const id = await paidOrder(owner, uniqueEmail());
    const stranger = browser();
    await paidOrder(stranger, uniqueEmail());
    const refused = await stranger.get(`/api/application/${id}/receipt`);
    expect(refused.statusCode).toBe(404);
    expect(refused.headers['content-type']).toContain('application/json');
    expect((await browser().get(`/api/application/${id}/receipt`)).statusCode).toBe(401);

    const guest = browser();
    const unpaid = body<{ data: { applicationId: string } }>(
      await guest.post('/api/applications/create-payment-intent', orderBody(uniqueEmail())),
    ).data.applicationId;
    const staff = await makeAdmin(t, browser);
    const none = await staff.get(`/api/admin/applications/${unpaid}/receipt`);
    expect(none.statusCode).toBe(404);
    expect(body(none)).toMatchObject({ success: false, messageKey: 'receipt.notFound' });
    const unpaidDetail = body<{ data: { receipt: unknown } }>(
      await staff.get(`/api/admin/applications/${unpaid}`),
    ).data;
    expect(unpaidDetail.receipt).toBeNull();
    expect(await receiptOf(unpaid)).toBeUndefined();
  });

  it('lets staff download any receipt, recording the download, and refuses travellers there', async () => {
    const owner = browser();
    const id = await paidOrder(owner, uniqueEmail());
    const number = (await receiptOf(id))!.number;
    expect((await owner.get(`/api/admin/applications/${id}/receipt`)).statusCode).toBe(403);

    const staff = await makeAdmin(t, browser);
    const detail = body<{ data: { receipt: { number: string } | null } }>(
      await staff.get(`/api/admin/applications/${id}`),
    ).data;
    expect(detail.receipt).toMatchObject({ number });
    const res = await staff.get(`/api/admin/applications/${id}/receipt`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="invoice-${number}.pdf"`);
    expect(pdfText(res.rawPayload).join('\n')).toContain(number);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.applicationId, id), eq(auditLog.action, 'receipt.downloaded')));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toEqual({ number });

    const history = body<{ data: { action: string }[] }>(
      await staff.get(`/api/admin/applications/${id}/audit`),
    ).data;
    expect(history.map((e) => e.action)).toContain('receipt.downloaded');
  });

  it('attaches the receipt to the payment confirmation when it is sent, without keeping it in the outbox', async () => {
    const email = uniqueEmail();
    const id = await paidOrder(browser(), email);
    const number = (await receiptOf(id))!.number;
    const [queued] = await t.database.db
      .select()
      .from(emailOutbox)
      .where(
        and(eq(emailOutbox.toAddress, email), eq(emailOutbox.template, 'payment-confirmation')),
      );
    expect(JSON.stringify(queued!.payload)).not.toContain('%PDF');
    expect(queued!.payload).toMatchObject({ receiptNumber: number });

    const mailer = createMailer(t.config);
    await processOutbox(t.database.db, mailer, t.config, t.app.log, receiptAttachments(t.config));
    const mailbox = body<{
      data: {
        to: string;
        subject: string;
        text: string;
        attachments: { filename: string; contentType: string; url: string }[];
      }[];
    }>(await t.app.inject({ method: 'GET', url: '/api/dev/mailbox' })).data;
    const confirmation = mailbox.find((m) => m.to === email && m.subject.startsWith('Payment'));
    expect(confirmation!.text).toContain(`Your invoice ${number} is attached`);
    expect(confirmation!.attachments).toEqual([
      expect.objectContaining({
        filename: `invoice-${number}.pdf`,
        contentType: 'application/pdf',
      }),
    ]);
    const file = await t.app.inject({ method: 'GET', url: confirmation!.attachments[0]!.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(pdfText(file.rawPayload).join('\n')).toContain(`Invoice number: ${number}`);
  });

  it("writes the receipt in the order's language, and an Arabic one in English rather than unshaped letters", async () => {
    const id = await paidOrder(browser(), uniqueEmail());
    const receipt = (await receiptOf(id))!;
    const french = pdfText(await renderReceiptPdf(receipt, 'fr', t.config)).join('\n');
    expect(french).toContain(`Numéro de facture : ${receipt.number}`);
    expect(french).toContain('Carte Visa se terminant par 4242');
    // French amounts as Intl writes them (the narrow space drawn as a plain one).
    expect(french).toMatch(/\d+,\d{2} €/);
    const german = pdfText(await renderReceiptPdf(receipt, 'de', t.config)).join('\n');
    expect(german).toContain('Rechnung');
    const arabic = pdfText(await renderReceiptPdf(receipt, 'ar', t.config)).join('\n');
    expect(arabic).toContain(`Invoice number: ${receipt.number}`);
  });
});
