import { and, count, eq, ne, notInArray, sql } from 'drizzle-orm';
import { rowsOf, type Db, type Tx } from '../../db/client';
import { applications, paymentEvents, payments } from '../../db/schema';
import { recordAudit, SYSTEM } from '../audit/audit.repo';

/** A provider event as it is kept: its id makes a redelivery recognisable. */
export interface PaymentEventRecord {
  id: string;
  type: string;
  payload: unknown;
}

/** Records a provider event once; false when it was already recorded. */
export async function recordPaymentEvent(
  db: Db | Tx,
  provider: 'sandbox' | 'stripe',
  event: PaymentEventRecord,
): Promise<boolean> {
  const fresh = await db
    .insert(paymentEvents)
    .values({ eventId: event.id, provider, type: event.type, payload: event.payload })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.eventId });
  return fresh.length > 0;
}

export interface UnsettledPayment {
  id: string;
  applicationId: string;
  providerPaymentId: string;
  createdAt: Date;
}

/**
 * Claims unsettled payments of unpaid orders that are due for a look, moving each one's next check `graceSeconds`
 * on in the same statement: SKIP LOCKED and the moved deadline let any number of processes reconcile at once
 * without two of them taking the same payment, and if the claiming process dies during its look, another looks
 * one grace period later. A look that finds the payment still open puts the next one off ({@link putOffCheck}).
 */
export async function claimUnsettledPayments(
  db: Db,
  provider: 'sandbox' | 'stripe',
  graceSeconds: number,
  batch: number,
): Promise<UnsettledPayment[]> {
  const rows = rowsOf<{
    id: string;
    application_id: string;
    provider_payment_id: string;
    created_at: string | Date;
  }>(
    await db.execute(sql`
      update payments set
        next_check_at = now() + make_interval(secs => ${graceSeconds}),
        checks = checks + 1
      where id in (
        select p.id from payments p
        join applications a on a.id = p.application_id
        where p.provider = ${provider}
          and p.status not in ('succeeded', 'canceled')
          and a.paid_at is null
          and coalesce(p.next_check_at, p.created_at + make_interval(secs => ${graceSeconds})) <= now()
        order by coalesce(p.next_check_at, p.created_at)
        limit ${batch}
        for update of p skip locked)
      returning id, application_id, provider_payment_id, created_at`),
  );
  return rows.map((r) => ({
    id: r.id,
    applicationId: r.application_id,
    providerPaymentId: r.provider_payment_id,
    createdAt: new Date(r.created_at),
  }));
}

/** Keeps the provider's answer on a payment that is not (yet) completed. */
export async function setProviderStatus(db: Db, paymentId: string, status: string) {
  await db
    .update(payments)
    .set({ providerStatus: status, updatedAt: sql`now()` })
    .where(and(eq(payments.id, paymentId), ne(payments.status, 'succeeded')));
}

/**
 * After a look that left the payment open (or could not finish): the next look is put off, 30 s after the first
 * look doubling to an hour, with what the provider said when it answered.
 */
export async function putOffCheck(db: Db, paymentId: string, status: string | null) {
  await db
    .update(payments)
    .set({
      ...(status !== null ? { providerStatus: status } : {}),
      nextCheckAt: sql`now() + make_interval(secs => least(3600, 30 * power(2, least(greatest(${payments.checks} - 1, 0), 10))))`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(payments.id, paymentId), notInArray(payments.status, ['succeeded', 'canceled'])));
}

/** Marks an abandoned payment cancelled, with its audit row, in one transaction. */
export async function cancelPayment(db: Db, payment: UnsettledPayment, reason: string) {
  await db.transaction(async (tx) => {
    const changed = await tx
      .update(payments)
      .set({ status: 'canceled', providerStatus: 'canceled', updatedAt: sql`now()` })
      .where(and(eq(payments.id, payment.id), ne(payments.status, 'succeeded')))
      .returning({ id: payments.id });
    if (changed.length === 0) return;
    await recordAudit(tx, {
      action: 'payment.canceled',
      actor: SYSTEM,
      entityId: payment.id,
      applicationId: payment.applicationId,
      details: { paymentIntentId: payment.providerPaymentId, reason },
    });
  });
}

/** Payments the provider reported as succeeded whose order is not completed yet. */
export async function countAwaitingReconciliation(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(payments)
    .innerJoin(applications, eq(applications.id, payments.applicationId))
    .where(
      and(
        // Matches the partial index of unsettled payments.
        notInArray(payments.status, ['succeeded', 'canceled']),
        eq(payments.providerStatus, 'succeeded'),
        sql`${applications.paidAt} is null`,
      ),
    );
  return Number(row?.n ?? 0);
}
