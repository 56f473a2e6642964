import { eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import type { PaidCard, ReceiptRow } from '../../db/rows';
import { payments, receiptCounters, receipts } from '../../db/schema';

type Q = Db | Tx;

export type NewReceipt = typeof receipts.$inferInsert;

/**
 * The next receipt number of a year: the year's counter row is created or incremented and stays locked until the
 * transaction ends, so concurrent payments take numbers in turn and a rolled-back one gives its number back.
 */
export async function nextReceiptSequence(tx: Tx, year: number): Promise<number> {
  const [row] = await tx
    .insert(receiptCounters)
    .values({ year, lastNumber: 1 })
    .onConflictDoUpdate({
      target: receiptCounters.year,
      set: { lastNumber: sql`${receiptCounters.lastNumber} + 1` },
    })
    .returning({ lastNumber: receiptCounters.lastNumber });
  return row!.lastNumber;
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
