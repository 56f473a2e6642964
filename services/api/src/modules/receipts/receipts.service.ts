import type { CreditNoteSummary, Locale, ReceiptSummary } from '@waypoint/contracts';
import type { Db, Tx } from '../../db/client';
import type {
  ApplicationRow,
  CreditNoteRow,
  PaidCard,
  PaymentRow,
  ReceiptRow,
  RefundRow,
  TravelerRow,
  UserRow,
} from '../../db/rows';
import type { Caller, ServiceContext } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { actorOf, recordAudit } from '../audit/audit.repo';
import type { AttachmentsOf } from '../notifications/attachments';
import type { MailAttachment } from '../notifications/mailer';
import { renderCreditNotePdf, renderReceiptPdf, type Issuer } from './receipt-pdf';
import * as repo from './receipts.repo';

/** A receipt's number: its year and its place in the year, e.g. 2026-000123. */
export function receiptNumber(year: number, sequence: number): string {
  return `${year}-${String(sequence).padStart(6, '0')}`;
}

/**
 * Issues the receipt of an order that was just paid, as the last step of the transaction that marks it paid (so a
 * paid order has exactly one receipt and a rolled-back payment leaves no gap in the year's numbers). It keeps
 * everything it says: the amounts, rate, card and names as they were when the order was paid. Its number is taken
 * by the transaction's last statement, which also writes it into the payment confirmation queued before it
 * (`confirmationEmailId`): the year's counter, which every payment shares, is locked only from there to the commit.
 */
export async function issueReceipt({
  tx,
  input,
}: {
  tx: Tx;
  input: {
    application: ApplicationRow;
    payment: PaymentRow;
    card: PaidCard | null;
    locale: Locale;
    /** The order's travellers, lead traveller first, and the names of its visa type and processing option. */
    travelers: Pick<TravelerRow, 'firstName' | 'lastName'>[];
    names: { visaTypeName: string; processingName: string };
    /** The payment confirmation queued in this transaction, if one was (it gets the receipt's number). */
    confirmationEmailId: string | null;
    /** When it is issued (now, unless a test says otherwise). */
    at?: Date;
  };
}): Promise<repo.IssuedNumber> {
  const { application, payment, card, locale, travelers, names } = input;
  const at = input.at ?? new Date();
  return repo.insertNumberedReceipt(
    tx,
    {
      applicationId: application.id,
      paymentId: payment.id,
      // Calendar years in UTC, as every timestamp of the portal.
      year: at.getUTCFullYear(),
      issuedAt: at,
      locale,
      reference: application.reference,
      visaTypeName: names.visaTypeName,
      processingName: names.processingName,
      travelers: travelers.map((t) => `${t.firstName} ${t.lastName}`.trim()),
      travelerCount: application.travelerCount,
      governmentFeeGbpPence: application.governmentFeeGbpPence,
      exchangeRate: application.exchangeRate,
      exchangeRateDate: application.exchangeRateDate,
      governmentFeeCents: application.governmentFeeCents,
      processingFeeCents: application.processingFeeCents,
      totalCents: application.totalCents,
      currency: payment.currency.toUpperCase(),
      cardBrand: card?.brand ?? null,
      cardLast4: card?.last4 ?? null,
      billing: card?.billing ?? null,
    },
    input.confirmationEmailId,
  );
}

/** A receipt as pages list it (null: the order is not paid). */
export function receiptSummary(receipt: ReceiptRow | undefined): ReceiptSummary | null {
  return receipt ? { number: receipt.number, issuedAt: receipt.issuedAt.toISOString() } : null;
}

export interface ReceiptFile {
  filename: string;
  number: string;
  pdf: Uint8Array;
}

async function fileOf(
  receipt: ReceiptRow,
  issuer: Issuer,
  locale: Locale = receipt.locale,
): Promise<ReceiptFile> {
  return {
    filename: `invoice-${receipt.number}.pdf`,
    number: receipt.number,
    pdf: await renderReceiptPdf(receipt, locale, issuer),
  };
}

/** The receipt of an application its owner opened (the application scope checked who may); 404 while unpaid. */
export async function receiptForOwner({
  ctx,
  application,
}: {
  ctx: ServiceContext;
  application: ApplicationRow;
}): Promise<ReceiptFile> {
  const receipt = await repo.findReceiptOfApplication(ctx.db, application.id);
  if (!receipt) throw notFound('receipt.notFound');
  return fileOf(receipt, ctx.config);
}

/** The receipt of any application, for staff; the download is audited, as staff's other reads of personal data. */
export async function receiptForStaff({
  ctx,
  staff,
  caller,
  input,
}: {
  ctx: ServiceContext;
  staff: UserRow;
  caller: Caller;
  input: { id: string };
}): Promise<ReceiptFile> {
  const receipt = await repo.findReceiptOfApplication(ctx.db, input.id);
  if (!receipt) throw notFound('receipt.notFound');
  await recordAudit(ctx.db, {
    action: 'receipt.downloaded',
    actor: actorOf(staff, caller),
    entityId: receipt.applicationId,
    applicationId: receipt.applicationId,
    details: { number: receipt.number },
  });
  return fileOf(receipt, ctx.config);
}

/** An order's receipt (none while it is unpaid). */
export function receiptOf({
  db,
  input,
}: {
  db: Db | Tx;
  input: { applicationId: string };
}): Promise<ReceiptRow | undefined> {
  return repo.findReceiptOfApplication(db, input.applicationId);
}

/** The receipts of several orders (those that have one). */
export function receiptsOf({
  db,
  input,
}: {
  db: Db | Tx;
  input: { applicationIds: string[] };
}): Promise<ReceiptRow[]> {
  return repo.receiptsOfApplications(db, input.applicationIds);
}

// Credit notes

/** A credit note's number: CN, its year and its place in the year, e.g. CN-2026-000001. */
export function creditNoteNumber(year: number, sequence: number): string {
  return `CN-${year}-${String(sequence).padStart(6, '0')}`;
}

/**
 * Issues the credit note of a refund that just succeeded, in the transaction that records the success (numbered
 * as receipts are: per calendar year, without gaps). It names the invoice it refers to and what was refunded of
 * each fee: the service fee only, or both fees of a full refund. Once per refund.
 */
export async function issueCreditNote({
  tx,
  input,
}: {
  tx: Tx;
  input: { refund: RefundRow; at?: Date };
}): Promise<CreditNoteRow> {
  const { refund } = input;
  const known = await repo.findCreditNoteOfRefund(tx, refund.id);
  if (known) return known;
  const receipt = await repo.findReceiptOfApplication(tx, refund.applicationId);
  const at = input.at ?? new Date();
  const year = at.getUTCFullYear();
  const sequence = await repo.nextCreditNoteSequence(tx, year);
  const serviceFeeCents =
    refund.kind === 'full' && receipt
      ? Math.min(refund.amountCents, receipt.processingFeeCents * receipt.travelerCount)
      : refund.amountCents;
  return repo.insertCreditNote(tx, {
    refundId: refund.id,
    applicationId: refund.applicationId,
    receiptId: receipt?.id ?? null,
    invoiceNumber: receipt?.number ?? null,
    year,
    sequence,
    number: creditNoteNumber(year, sequence),
    issuedAt: at,
    kind: refund.kind,
    governmentFeeCents: refund.amountCents - serviceFeeCents,
    serviceFeeCents,
    amountCents: refund.amountCents,
    currency: refund.currency.toUpperCase(),
    reason: refund.reason.trim() || null,
  });
}

/** Where a credit note is downloaded: the owner's route, or staff's. */
export function creditNoteUrl(note: CreditNoteRow, audience: 'owner' | 'staff'): string {
  const number = encodeURIComponent(note.number);
  return audience === 'owner'
    ? `/api/application/${note.applicationId}/credit-notes/${number}`
    : `/api/admin/applications/${note.applicationId}/credit-notes/${number}`;
}

/** Credit notes as pages list them, oldest first. */
export function creditNoteSummaries(
  notes: CreditNoteRow[],
  audience: 'owner' | 'staff',
): CreditNoteSummary[] {
  return notes.map((note) => ({
    number: note.number,
    issuedAt: note.issuedAt.toISOString(),
    amountCents: -note.amountCents,
    currency: note.currency,
    kind: note.kind,
    url: creditNoteUrl(note, audience),
  }));
}

/** The credit notes of several orders, oldest first. */
export function creditNotesOf({
  db,
  input,
}: {
  db: Db | Tx;
  input: { applicationIds: string[] };
}): Promise<CreditNoteRow[]> {
  return repo.creditNotesOfApplications(db, input.applicationIds);
}

async function creditNoteFile(
  db: Db | Tx,
  note: CreditNoteRow,
  issuer: Issuer,
  locale?: Locale,
): Promise<ReceiptFile> {
  const receipt = await repo.findReceiptOfApplication(db, note.applicationId);
  return {
    filename: `credit-note-${note.number}.pdf`,
    number: note.number,
    pdf: await renderCreditNotePdf(note, receipt, locale ?? receipt?.locale ?? 'en', issuer),
  };
}

/** A credit note of the order the application scope opened (its owner, or the guest with its access); else 404. */
export async function creditNoteForOwner({
  ctx,
  application,
  input,
}: {
  ctx: ServiceContext;
  application: ApplicationRow;
  input: { number: string };
}): Promise<ReceiptFile> {
  const note = await repo.findCreditNote(ctx.db, input.number);
  if (!note || note.applicationId !== application.id) throw notFound('creditNote.notFound');
  return creditNoteFile(ctx.db, note, ctx.config);
}

/** A credit note of any order, for staff; the download is audited, as the receipt's. */
export async function creditNoteForStaff({
  ctx,
  staff,
  caller,
  input,
}: {
  ctx: ServiceContext;
  staff: UserRow;
  caller: Caller;
  input: { id: string; number: string };
}): Promise<ReceiptFile> {
  const note = await repo.findCreditNote(ctx.db, input.number);
  if (!note || note.applicationId !== input.id) throw notFound('creditNote.notFound');
  await recordAudit(ctx.db, {
    action: 'credit_note.downloaded',
    actor: actorOf(staff, caller),
    entityId: note.refundId,
    applicationId: note.applicationId,
    details: { number: note.number },
  });
  return creditNoteFile(ctx.db, note, ctx.config);
}

/**
 * The files e-mails carry, made when they are sent, in the e-mail's language: the payment confirmation carries
 * the order's invoice, the refund confirmation its credit note.
 */
export function receiptAttachments(issuer: Issuer): AttachmentsOf {
  const pdf = (file: ReceiptFile): MailAttachment => ({
    filename: file.filename,
    contentType: 'application/pdf',
    content: Buffer.from(file.pdf),
  });
  return async (db, message, locale) => {
    if (message.template === 'payment-confirmation' && message.payload.receiptNumber) {
      const receipt = await repo.findReceiptOfApplication(db, message.payload.applicationId);
      return receipt ? [pdf(await fileOf(receipt, issuer, locale))] : [];
    }
    if (message.template === 'refund-confirmation' && message.payload.creditNoteNumber) {
      const note = await repo.findCreditNote(db, message.payload.creditNoteNumber);
      return note ? [pdf(await creditNoteFile(db, note, issuer, locale))] : [];
    }
    return [];
  };
}
