import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import type { CreditNoteRow, PaidCard, ReceiptRow } from '../../db/rows';
import {
  creditNoteCounters,
  creditNotes,
  payments,
  receiptCounters,
  receipts,
} from '../../db/schema';

type Q = Db | Tx;

export type NewReceipt = typeof receipts.$inferInsert;

/**
 * The next number of a year in a counter table (receipts', credit notes'): the year's row is created or
 * incremented and stays locked until the transaction ends, so concurrent transactions take numbers in turn and a
 * rolled-back one gives its number back.
 */
async function nextSequence(
  tx: Tx,
  counters: typeof receiptCounters | typeof creditNoteCounters,
  year: number,
): Promise<number> {
  const [row] = await tx
    .insert(counters)
    .values({ year, lastNumber: 1 })
    .onConflictDoUpdate({
      target: counters.year,
      set: { lastNumber: sql`${counters.lastNumber} + 1` },
    })
    .returning({ lastNumber: counters.lastNumber });
  return row!.lastNumber;
}

/** The next receipt number of a year (see {@link nextSequence}). */
export function nextReceiptSequence(tx: Tx, year: number): Promise<number> {
  return nextSequence(tx, receiptCounters, year);
}

/** The next credit note number of a year, numbered apart from receipts (see {@link nextSequence}). */
export function nextCreditNoteSequence(tx: Tx, year: number): Promise<number> {
  return nextSequence(tx, creditNoteCounters, year);
}

export type NewCreditNote = typeof creditNotes.$inferInsert;

export async function insertCreditNote(tx: Tx, values: NewCreditNote): Promise<CreditNoteRow> {
  const [row] = await tx.insert(creditNotes).values(values).returning();
  return row!;
}

/** The credit note of a refund, if it has one. */
export async function findCreditNoteOfRefund(
  db: Q,
  refundId: string,
): Promise<CreditNoteRow | undefined> {
  const [row] = await db.select().from(creditNotes).where(eq(creditNotes.refundId, refundId));
  return row;
}

/** A credit note by its number. */
export async function findCreditNote(db: Q, number: string): Promise<CreditNoteRow | undefined> {
  const [row] = await db.select().from(creditNotes).where(eq(creditNotes.number, number));
  return row;
}

/** The credit notes of several applications, oldest first. */
export async function creditNotesOfApplications(
  db: Q,
  applicationIds: string[],
): Promise<CreditNoteRow[]> {
  if (applicationIds.length === 0) return [];
  return db
    .select()
    .from(creditNotes)
    .where(inArray(creditNotes.applicationId, applicationIds))
    .orderBy(asc(creditNotes.year), asc(creditNotes.sequence));
}

export async function insertReceipt(tx: Tx, values: NewReceipt): Promise<ReceiptRow> {
  const [row] = await tx.insert(receipts).values(values).returning();
  return row!;
}

/** The card that paid, recorded on the payment when it succeeds. */
export async function recordPaymentCard(tx: Tx, paymentId: string, card: PaidCard) {
  await tx
    .update(payments)
    .set({ cardBrand: card.brand, cardLast4: card.last4 })
    .where(eq(payments.id, paymentId));
}

export async function findReceiptOfApplication(
  db: Q,
  applicationId: string,
): Promise<ReceiptRow | undefined> {
  const [row] = await db.select().from(receipts).where(eq(receipts.applicationId, applicationId));
  return row;
}

/** The receipts of several applications (those that have one). */
export async function receiptsOfApplications(
  db: Q,
  applicationIds: string[],
): Promise<ReceiptRow[]> {
  if (applicationIds.length === 0) return [];
  return db.select().from(receipts).where(inArray(receipts.applicationId, applicationIds));
}
