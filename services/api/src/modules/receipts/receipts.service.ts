import type { Locale, ReceiptSummary } from '@waypoint/contracts';
import type { Db, Tx } from '../../db/client';
import type {
  ApplicationRow,
  PaidCard,
  PaymentRow,
  ReceiptRow,
  TravelerRow,
  UserRow,
} from '../../db/rows';
import type { Caller, ServiceContext } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { actorOf, recordAudit } from '../audit/audit.repo';
import type { MailAttachment } from '../notifications/mailer';
import type { EmailMessage } from '../notifications/templates';
import { renderReceiptPdf } from './receipt-pdf';
import * as repo from './receipts.repo';

/** A receipt's number: its year and its place in the year, e.g. 2026-000123. */
export function receiptNumber(year: number, sequence: number): string {
  return `${year}-${String(sequence).padStart(6, '0')}`;
}

/**
 * Issues the receipt of an order that was just paid, in the transaction that marks it paid (so a paid order has
 * exactly one receipt and a rolled-back payment leaves no gap in the year's numbers). It keeps everything it says:
 * the amounts, rate, card and names as they were when the order was paid.
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
    /** When it is issued (now, unless a test says otherwise). */
    at?: Date;
  };
}): Promise<ReceiptRow> {
  const { application, payment, card, locale, travelers, names } = input;
  const at = input.at ?? new Date();
  if (card) await repo.recordPaymentCard(tx, payment.id, card);
  // Calendar years in UTC, as every timestamp of the portal.
  const year = at.getUTCFullYear();
  const sequence = await repo.nextReceiptSequence(tx, year);
  return repo.insertReceipt(tx, {
    applicationId: application.id,
    paymentId: payment.id,
    year,
    sequence,
    number: receiptNumber(year, sequence),
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
  });
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

async function fileOf(receipt: ReceiptRow, locale: Locale = receipt.locale): Promise<ReceiptFile> {
  return {
    filename: `receipt-${receipt.number}.pdf`,
    number: receipt.number,
    pdf: await renderReceiptPdf(receipt, locale),
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
  return fileOf(receipt);
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
  return fileOf(receipt);
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

/**
 * The files an e-mail carries, made when it is sent: the payment confirmation carries the order's receipt as a
 * PDF, in the e-mail's language.
 */
export async function receiptAttachments(
  db: Db,
  message: EmailMessage,
  locale: Locale,
): Promise<MailAttachment[]> {
  if (message.template !== 'payment-confirmation' || !message.payload.receiptNumber) return [];
  const receipt = await repo.findReceiptOfApplication(db, message.payload.applicationId);
  if (!receipt) return [];
  const file = await fileOf(receipt, locale);
  return [
    { filename: file.filename, contentType: 'application/pdf', content: Buffer.from(file.pdf) },
  ];
}
