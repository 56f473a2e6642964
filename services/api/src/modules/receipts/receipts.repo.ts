import { asc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db, type Tx } from '../../db/client';
import type { CreditNoteRow, ReceiptRow } from '../../db/rows';
import { creditNoteCounters, creditNotes, receiptCounters, receipts } from '../../db/schema';

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

/** What a receipt says, but its place in the year (given when it is inserted). */
export type UnnumberedReceipt = Omit<NewReceipt, 'sequence' | 'number'>;

/** A receipt as numbered. */
export type IssuedNumber = Pick<ReceiptRow, 'id' | 'year' | 'sequence' | 'number'>;

/**
 * Inserts a receipt with the next number of its year, in one statement meant to be the last of the paying
 * transaction: the year's counter row (`receipt_counters`) is incremented and locked by it, so concurrent payments
 * wait for one another only from this statement to their commit, and a rolled-back payment gives its number back
 * (no gaps). The same statement writes the number into the order's payment confirmation (`confirmationEmailId`),
 * queued earlier in the transaction, before the number existed.
 */
export async function insertNumberedReceipt(
  tx: Tx,
  values: UnnumberedReceipt,
  confirmationEmailId: string | null,
): Promise<IssuedNumber> {
  const columns = getTableColumns(receipts);
  const names: SQL[] = [];
  const params: SQL[] = [];
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    const column = columns[key as keyof typeof columns];
    names.push(sql`${sql.identifier(column.name)}`);
    // Cast to the column's type: the values are selected, so PostgreSQL would not infer it.
    params.push(
      value === null
        ? sql`null::${sql.raw(column.getSQLType())}`
        : sql`${sql.param(value, column)}::${sql.raw(column.getSQLType())}`,
    );
  }
  const confirmation = confirmationEmailId
    ? sql`, confirmation as (
        update email_outbox set payload = jsonb_set(payload, '{receiptNumber}', to_jsonb(receipt.number))
        from receipt where email_outbox.id = ${confirmationEmailId}
      )`
    : sql``;
  const result = await tx.execute(sql`
    with counter as (
      insert into receipt_counters (year, last_number) values (${values.year}, 1)
      on conflict (year) do update set last_number = receipt_counters.last_number + 1
      returning last_number
    ), receipt as (
      insert into receipts (${sql.join(names, sql`, `)}, sequence, number)
      select ${sql.join(params, sql`, `)}, counter.last_number,
        ${values.year}::int::text || '-'
          || lpad(counter.last_number::text, greatest(6, length(counter.last_number::text)), '0')
      from counter
      returning id, year, sequence, number
    )${confirmation}
    select id, year, sequence, number from receipt`);
  const row = rowsOf<IssuedNumber>(result)[0]!;
  return { id: row.id, year: Number(row.year), sequence: Number(row.sequence), number: row.number };
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
