import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { AdminApplicationDetail, CreditNoteSummary, OrderSummary } from '@waypoint/contracts';
import { applications, auditLog, creditNotes, emailOutbox, receipts } from '../../db/schema';
import { Browser, makeAdmin, uniqueEmail } from '../../test/auth-helpers';
import { body, createTestApp, type TestApp } from '../../test/harness';
import { paidOrder } from '../../test/orders';
import { pdfText } from '../../test/pdf-text';
import { createMailer } from '../notifications/mailer';
import { processOutbox } from '../notifications/outbox';
import { nextCreditNoteSequence } from './receipts.repo';
import { receiptAttachments } from './receipts.service';

let t: TestApp;
let ip = 0;
const browser = () => {
  ip += 1;
  return new Browser(t.app, `10.18.${Math.floor(ip / 200)}.${(ip % 200) + 1}`);
};
let staff: Browser;

beforeAll(async () => {
  t = await createTestApp();
  staff = await makeAdmin(t, browser);
});
afterAll(() => t.close());

const euros = (cents: number) => `€${(cents / 100).toFixed(2)}`;
const key = () => crypto.randomBytes(12).toString('hex');
const refund = (id: string, kind: 'full' | 'service_fee', reason = 'Trip cancelled') =>
  staff.post(`/api/admin/applications/${id}/refunds`, { kind, reason, idempotencyKey: key() });
const notesOf = (applicationId: string) =>
  t.database.db.select().from(creditNotes).where(eq(creditNotes.applicationId, applicationId));

async function paid(travellers = 1) {
  const traveller = browser();
  const email = uniqueEmail('credit');
  const id = await paidOrder(traveller, email, travellers);
  const [order] = await t.database.db.select().from(applications).where(eq(applications.id, id));
  const [receipt] = await t.database.db
    .select()
    .from(receipts)
    .where(eq(receipts.applicationId, id));
  return { id, email, traveller, order: order!, receipt: receipt! };
}

describe('credit notes of refunds', () => {
  it('issues a numbered credit note for a refund, attaches it to the refund email and lists it', async () => {
    const { id, email, traveller, order, receipt } = await paid(2);
    expect((await refund(id, 'full')).statusCode).toBe(200);
    const [note] = await notesOf(id);
    const year = new Date().getUTCFullYear();
    expect(note).toMatchObject({
      number: `CN-${year}-${String(note!.sequence).padStart(6, '0')}`,
      invoiceNumber: receipt.number,
      kind: 'full',
      amountCents: order.totalCents,
      governmentFeeCents: order.governmentFeeCents * 2,
      serviceFeeCents: order.processingFeeCents * 2,
      reason: 'Trip cancelled',
    });

    // The e-mail names it; the PDF is made when it is sent.
    const [queued] = await t.database.db
      .select()
      .from(emailOutbox)
      .where(
        and(eq(emailOutbox.toAddress, email), eq(emailOutbox.template, 'refund-confirmation')),
      );
    expect(queued!.payload).toMatchObject({ creditNoteNumber: note!.number });
    await processOutbox(
      t.database.db,
      createMailer(t.config),
      t.config,
      t.app.log,
      receiptAttachments(t.config),
    );
    const mailbox = body<{
      data: { to: string; text: string; attachments: { filename: string; url: string }[] }[];
    }>(await t.app.inject({ method: 'GET', url: '/api/dev/mailbox' })).data;
    const mail = mailbox.find((m) => m.to === email && m.text.includes('credit note'));
    expect(mail!.text).toContain(`Your credit note ${note!.number} is attached`);
    expect(mail!.attachments).toEqual([
      expect.objectContaining({ filename: `credit-note-${note!.number}.pdf` }),
    ]);
    const attached = await t.app.inject({ method: 'GET', url: mail!.attachments[0]!.url });
    const text = pdfText(attached.rawPayload).join('\n');
    expect(text).toContain('Credit note');
    expect(text).toContain(`Credit note number: ${note!.number}`);
    expect(text).toContain(receipt.number);
    expect(text).toContain('Full refund');
    expect(text).toContain('Trip cancelled');
    expect(text).toContain(euros(-order.governmentFeeCents * 2).replace('€-', '-€'));
    expect(text).toContain(euros(-order.totalCents).replace('€-', '-€'));
    expect(text).toContain(t.config.seller.legalName);
    expect(text).toContain(`VAT number: ${t.config.seller.vatNumber}`);
    expect(text).toContain('1 High St');

    const listed: CreditNoteSummary = {
      number: note!.number,
      issuedAt: note!.issuedAt.toISOString(),
      amountCents: -order.totalCents,
      currency: 'EUR',
      kind: 'full',
      url: `/api/application/${id}/credit-notes/${note!.number}`,
    };
    const orders = body<{ data: OrderSummary[] }>(
      await traveller.get('/api/applications/my-applications'),
    ).data;
    expect(orders.find((o) => o.id === id)!.creditNotes).toEqual([listed]);
    const detail = body<{ data: AdminApplicationDetail }>(
      await staff.get(`/api/admin/applications/${id}`),
    ).data;
    expect(detail.creditNotes).toEqual([
      { ...listed, url: `/api/admin/applications/${id}/credit-notes/${note!.number}` },
    ]);
  });

  it('credits only the service fee of a service fee refund', async () => {
    const { id, order, receipt } = await paid(2);
    expect((await refund(id, 'service_fee', 'Late processing')).statusCode).toBe(200);
    const [note] = await notesOf(id);
    expect(note).toMatchObject({
      kind: 'service_fee',
      amountCents: order.processingFeeCents * 2,
      governmentFeeCents: 0,
      serviceFeeCents: order.processingFeeCents * 2,
    });
    const res = await staff.get(`/api/admin/applications/${id}/credit-notes/${note!.number}`);
    const text = pdfText(res.rawPayload).join('\n');
    expect(text).toContain('Service fee refund');
    expect(text).toContain('Waypoint service fee');
    expect(text).not.toMatch(/^UK government fee$/m);
    expect(text).toContain(receipt.number);
    // The same support contact as the invoice: the address and the help centre.
    expect(text).toContain(t.config.support.email);
    expect(text).toContain(`${t.config.publicUrl}/help`);
  });

  it('is downloaded by its owner and by staff (audited), and refused to anyone else', async () => {
    const { id, traveller } = await paid();
    await refund(id, 'service_fee');
    const [note] = await notesOf(id);
    const own = await traveller.get(`/api/application/${id}/credit-notes/${note!.number}`);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.headers['cache-control']).toBe('no-store');
    expect(own.headers['content-disposition']).toBe(
      `attachment; filename="credit-note-${note!.number}.pdf"`,
    );

    const other = await paid();
    // Someone else's order, or a credit note of another order under one's own: 404.
    expect(
      (await other.traveller.get(`/api/application/${id}/credit-notes/${note!.number}`)).statusCode,
    ).toBe(404);
    expect(
      (await other.traveller.get(`/api/application/${other.id}/credit-notes/${note!.number}`))
        .statusCode,
    ).toBe(404);
    expect(
      (await browser().get(`/api/application/${id}/credit-notes/${note!.number}`)).statusCode,
    ).toBe(401);
    expect(
      (await traveller.get(`/api/admin/applications/${id}/credit-notes/${note!.number}`))
        .statusCode,
    ).toBe(403);

    const res = await staff.get(`/api/admin/applications/${id}/credit-notes/${note!.number}`);
    expect(res.statusCode).toBe(200);
    expect(pdfText(res.rawPayload).join('\n')).toContain(note!.number);
    expect(
      (await staff.get(`/api/admin/applications/${other.id}/credit-notes/${note!.number}`))
        .statusCode,
    ).toBe(404);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.applicationId, id), eq(auditLog.action, 'credit_note.downloaded')));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toEqual({ number: note!.number });
  });

  it('numbers credit notes one after another, also when refunds succeed at the same time', async () => {
    const orders = await Promise.all([paid(), paid()]);
    const answers = await Promise.all(orders.map((o) => refund(o.id, 'full')));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const notes = (await Promise.all(orders.map((o) => notesOf(o.id)))).flat();
    const sequences = notes.map((n) => n.sequence).sort((a, b) => a - b);
    expect(sequences).toEqual([sequences[0], sequences[0]! + 1]);

    const db = t.database.db;
    await expect(
      db.transaction(async (tx) => {
        expect(await nextCreditNoteSequence(tx, 2041)).toBe(1);
        throw new Error('refund settlement failed after its number was taken');
      }),
    ).rejects.toThrow('settlement failed');
    const together = await Promise.all(
      Array.from({ length: 4 }, () => db.transaction((tx) => nextCreditNoteSequence(tx, 2041))),
    );
    expect(together.sort((a, b) => a - b)).toEqual([1, 2, 3, 4]);
  });
});
