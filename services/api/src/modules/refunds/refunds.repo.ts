import { and, desc, eq, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { payments, refunds, users } from '../../db/schema';

type Q = Db | Tx;

/**
 * The succeeded payment of an order, locked until the transaction ends (its order is locked first, by the caller):
 * every refund of the payment is decided while holding it, so two requests can never both take the same money.
 */
export async function lockPaidPayment(tx: Tx, applicationId: string) {
  const [row] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.applicationId, applicationId), eq(payments.status, 'succeeded')))
    .orderBy(desc(payments.succeededAt))
    .limit(1)
    .for('update');
  return row;
}

/** The succeeded payment of an order (read only). */
export async function paidPaymentOf(db: Q, applicationId: string) {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.applicationId, applicationId), eq(payments.status, 'succeeded')))
    .orderBy(desc(payments.succeededAt))
    .limit(1);
  return row;
}

export async function refundByKey(tx: Tx, applicationId: string, idempotencyKey: string) {
  const [row] = await tx
    .select()
    .from(refunds)
    .where(
      and(eq(refunds.applicationId, applicationId), eq(refunds.idempotencyKey, idempotencyKey)),
    );
  return row;
}

/** What the refunds of a payment that have not failed add up to, in cents. */
export async function committedCents(db: Q, paymentId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${refunds.amountCents}), 0)` })
    .from(refunds)
    .where(and(eq(refunds.paymentId, paymentId), ne(refunds.status, 'failed')));
  return Number(row?.total ?? 0);
}

export async function insertRefund(tx: Tx, values: typeof refunds.$inferInsert) {
  const [row] = await tx.insert(refunds).values(values).returning();
  return row!;
}

/** A refund locked for its settlement, found by its id or the provider's id. */
export async function lockRefund(tx: Tx, where: { id?: string; providerRefundId?: string }) {
  const conditions = [
    where.id ? eq(refunds.id, where.id) : undefined,
    where.providerRefundId ? eq(refunds.providerRefundId, where.providerRefundId) : undefined,
  ].filter((c) => c !== undefined);
  if (conditions.length === 0) return undefined;
  const [row] = await tx
    .select()
    .from(refunds)
    .where(or(...conditions))
    .limit(1)
    .for('update');
  return row;
}

export async function updateRefund(
  tx: Tx,
  id: string,
  values: Partial<
    Pick<typeof refunds.$inferInsert, 'status' | 'providerRefundId' | 'failureReason'>
  > & { settled?: boolean },
) {
  const { settled, ...rest } = values;
  const [row] = await tx
    .update(refunds)
    .set({ ...rest, updatedAt: sql`now()`, ...(settled ? { settledAt: sql`now()` } : {}) })
    .where(eq(refunds.id, id))
    .returning();
  return row!;
}

/** An order's refunds with the e-mail of the member of staff who asked, newest first. */
export async function refundsOf(db: Q, applicationId: string) {
  return db
    .select({ refund: refunds, staffEmail: users.email })
    .from(refunds)
    .leftJoin(users, eq(users.id, refunds.staffUserId))
    .where(eq(refunds.applicationId, applicationId))
    .orderBy(desc(refunds.createdAt), desc(refunds.id));
}
