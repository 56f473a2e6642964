import {
  ErrorCode,
  refundAmountCents,
  refundKindsFor,
  STATUS_MESSAGE_KEY,
  type Refund,
  type RefundKind,
  type RefundOption,
  type RefundResponse,
} from '@waypoint/contracts';
import type { Tx } from '../../db/client';
import type { ApplicationRow, RefundRow, UserRow } from '../../db/rows';
import type { Caller, ServiceContext } from '../../lib/context';
import { AppError, conflict, notFound } from '../../lib/errors';
import { actorOf, recordAudit, SYSTEM, type AuditActor } from '../audit/audit.repo';
import { lockOrder } from '../applications/order-lock.service';
import { findOrder, recipientOf, travelersOf } from '../applications/order-lookup.service';
import { changeStatus } from '../applications/status.service';
import { publishApplicationEvent } from '../events/events.service';
import { queueEmail } from '../notifications/outbox.service';
import { issueCreditNote } from '../receipts/receipts.service';
import type { CardRefunds, ProviderRefund, RefundEvent } from './card-refunds';
import * as repo from './refunds.repo';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toRefund(row: RefundRow, staffEmail: string | null): Refund {
  return {
    id: row.id,
    kind: row.kind,
    amountCents: row.amountCents,
    currency: row.currency,
    status: row.status,
    reason: row.reason,
    staffEmail,
    failureReason: row.failureReason,
    createdAt: row.createdAt.toISOString(),
    settledAt: iso(row.settledAt),
  };
}

/**
 * Staff refund an order, in full or the service fee only. The refund is decided and recorded (pending, audited)
 * while the order's payment row is locked, so concurrent requests are served one after the other and the refunds
 * that have not failed never exceed what was paid; the provider is asked after that commit, with an idempotency
 * key of the refund's own, and its answer settles the refund (audited; the traveller is e-mailed once it
 * succeeded). The same `idempotencyKey` (a double click, a retry) returns the same refund and asks the provider
 * again only while it is pending.
 */
export async function refundOrder({
  ctx,
  input,
  staff,
  caller,
  provider,
}: {
  ctx: ServiceContext;
  input: { id: string; kind: RefundKind; reason: string; idempotencyKey: string };
  staff: UserRow;
  caller: Caller;
  provider: CardRefunds;
}): Promise<RefundResponse> {
  const actor = actorOf(staff, caller);
  const decided = await ctx.db.transaction(async (tx) => {
    // The order's lock first, as every action on an order takes it: the status is read as it is now (a decision
    // may have just been made).
    const order = await lockOrder({ tx, input: { id: input.id } });
    if (!order) throw notFound('application.notFound');
    const payment = await repo.lockPaidPayment(tx, order.id);
    if (!payment) throw conflict('refund.notPaid');
    const known = await repo.refundByKey(tx, order.id, input.idempotencyKey);
    if (known) {
      if (known.kind !== input.kind) throw conflict('refund.keyReused');
      return { refund: known, payment, orderId: order.id };
    }
    if (!refundKindsFor(order.status).includes(input.kind)) {
      throw conflict({
        key: 'refund.notAllowed',
        params: { statusKey: STATUS_MESSAGE_KEY[order.status] },
      });
    }
    const amountCents = refundAmountCents(input.kind, order);
    const committed = await repo.committedCents(tx, payment.id);
    if (amountCents <= 0 || committed + amountCents > payment.amountCents)
      throw conflict('refund.exceedsPaid');
    const refund = await repo.insertRefund(tx, {
      applicationId: order.id,
      paymentId: payment.id,
      kind: input.kind,
      amountCents,
      currency: payment.currency,
      idempotencyKey: input.idempotencyKey,
      staffUserId: staff.id,
      reason: input.reason,
      orderStatusBefore: input.kind === 'full' ? order.status : null,
    });
    await recordAudit(tx, {
      action: 'refund.requested',
      actor,
      entityId: refund.id,
      applicationId: order.id,
      details: {
        refundId: refund.id,
        kind: refund.kind,
        amountCents,
        reason: input.reason,
      },
    });
    // A refund in full closes the order: a step of its lifecycle, which bumps its version.
    if (refund.kind === 'full') {
      await changeStatus({
        ctx,
        tx,
        input: { application: order, actor, change: { to: 'REFUNDED', refundId: refund.id } },
      });
    }
    return { refund, payment, orderId: order.id };
  });
  ctx.pokeJobs('email');

  let refund = decided.refund;
  if (refund.status === 'pending') {
    let answer: ProviderRefund;
    try {
      answer = await provider.createRefund({
        paymentIntentId: decided.payment.providerPaymentId,
        amount: refund.amountCents,
        currency: decided.payment.currency.toLowerCase(),
        idempotencyKey: `refund:${refund.id}`,
        metadata: { refundId: refund.id, applicationId: refund.applicationId },
      });
    } catch (err) {
      // The refund stays pending (it still counts against the payment): the same request asks again, and a
      // provider webhook settles it.
      ctx.log.error(
        { refundId: refund.id, err: { message: (err as Error).message } },
        'the payment provider did not answer a refund',
      );
      throw new AppError(ErrorCode.PROVIDER, 'refund.providerUnavailable');
    }
    refund = await ctx.db.transaction(
      async (tx) =>
        (await settle(ctx, tx, { id: refund.id }, answer, 'request', actor))?.refund ?? refund,
    );
    ctx.pokeJobs('email');
  }
  const now = (await findOrder({ db: ctx.db, input: { id: decided.orderId } }))!;
  return {
    refund: toRefund(refund, staff.email),
    ...(await refundsForAdmin({ ctx, input: { application: now } })),
    order: { status: now.status, version: now.version },
  };
}

/**
 * Applies what the provider says about a refund, once per change: succeeded (audited, the traveller e-mailed),
 * failed (audited; its amount no longer counts against the payment), or still pending (its provider id kept).
 */
async function settle(
  ctx: ServiceContext,
  tx: Tx,
  where: { id?: string; providerRefundId?: string },
  answer: ProviderRefund,
  via: 'request' | 'webhook',
  actor: AuditActor,
): Promise<{ refund: RefundRow } | null> {
  const current = await repo.lockRefund(tx, where);
  if (!current) return null;
  const providerRefundId = current.providerRefundId ?? (answer.id || null);
  // A failed refund is final; a pending answer after a settled one is an older event arriving late.
  if (
    current.status === 'failed' ||
    answer.status === current.status ||
    answer.status === 'pending'
  ) {
    if (providerRefundId === current.providerRefundId) return { refund: current };
    return { refund: await repo.updateRefund(tx, current.id, { providerRefundId }) };
  }
  const refund = await repo.updateRefund(tx, current.id, {
    status: answer.status,
    providerRefundId,
    failureReason: answer.status === 'failed' ? answer.failureReason : null,
    settled: true,
  });
  const about = {
    actor,
    entityId: refund.id,
    applicationId: refund.applicationId,
  };
  const details = { refundId: refund.id, kind: refund.kind, amountCents: refund.amountCents };
  if (answer.status === 'failed') {
    await recordAudit(tx, {
      ...about,
      action: 'refund.failed',
      details: { ...details, via, failure: answer.failureReason },
    });
    await reopenAfterFailedRefund(tx, ctx, refund, actor);
    return { refund };
  }
  await recordAudit(tx, { ...about, action: 'refund.succeeded', details: { ...details, via } });
  const application = (await findOrder({ db: tx, input: { id: refund.applicationId } }))!;
  // The credit note is numbered in this transaction, as the receipt is in the payment's: no gaps.
  const creditNote = await issueCreditNote({ tx, input: { refund } });
  await emailTraveller(tx, refund, application, creditNote.number);
  // The owner's open pages show the refund without reloading: the event a status change sends, with the order's
  // status as it is now (a service fee refund leaves it as it was), delivered once this settlement commits.
  await publishApplicationEvent({
    tx,
    input: {
      applicationId: application.id,
      event: { type: 'status', applicationId: application.id, status: application.status },
    },
  });
  return { refund };
}

/**
 * The provider refused a refund in full: the order, closed when the refund was decided, goes back to the status it
 * had (a refund decided since, or a status changed since, leaves it as it is).
 */
async function reopenAfterFailedRefund(
  tx: Tx,
  ctx: ServiceContext,
  refund: RefundRow,
  actor: AuditActor,
) {
  if (refund.kind !== 'full' || !refund.orderStatusBefore) return;
  const order = await lockOrder({ tx, input: { id: refund.applicationId } });
  // Only this refund can have closed it: while it is pending the order takes no other refund.
  if (order?.status !== 'REFUNDED') return;
  await changeStatus({
    ctx,
    tx,
    input: {
      application: order,
      actor,
      change: { to: refund.orderStatusBefore, reopenedBy: refund.id },
    },
  });
}

/** Tells the traveller the money is on its way back, in their language (nobody whose data were erased). */
async function emailTraveller(
  tx: Tx,
  refund: RefundRow,
  application: ApplicationRow,
  creditNoteNumber: string,
) {
  if (application.personalDataErasedAt) return;
  const recipient = await recipientOf({ db: tx, input: { application } });
  if (!recipient.address) return;
  const people = await travelersOf({ db: tx, input: { applicationId: application.id } });
  await queueEmail({
    tx,
    input: {
      to: recipient.address,
      message: {
        template: 'refund-confirmation',
        payload: {
          firstName: people[0]?.firstName ?? null,
          reference: application.reference,
          kind: refund.kind,
          amountCents: refund.amountCents,
          totalCents: application.totalCents,
          creditNoteNumber,
        },
      },
      locale: recipient.locale,
    },
  });
}

/**
 * A verified provider event about refunds, applied once: the event is recorded in the transaction that settles
 * its refunds, so a redelivery changes nothing. Refunds the portal did not make (none of its ids) are left alone.
 */
export async function applyRefundEvent({
  ctx,
  input,
  record,
}: {
  ctx: ServiceContext;
  input: RefundEvent;
  /** Records the event once, in the transaction that settles its refunds: false when it was already recorded. */
  record: (tx: Tx) => Promise<boolean>;
}): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const fresh = await record(tx);
    if (!fresh) return;
    for (const answer of input.refunds) {
      const settled =
        (answer.id
          ? await settle(ctx, tx, { providerRefundId: answer.id }, answer, 'webhook', SYSTEM)
          : null) ??
        (answer.metadata.refundId && isUuid(answer.metadata.refundId)
          ? await settle(ctx, tx, { id: answer.metadata.refundId }, answer, 'webhook', SYSTEM)
          : null);
      if (!settled)
        ctx.log.warn({ providerRefundId: answer.id }, 'a refund event about an unknown refund');
    }
  });
  ctx.pokeJobs('email');
}

const isUuid = (value: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/** An order's refunds for staff, and the refunds they can make now. */
export async function refundsForAdmin({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { application: ApplicationRow };
}): Promise<{ refunds: Refund[]; refundOptions: RefundOption[] }> {
  const { application } = input;
  const rows = await repo.refundsOf(ctx.db, application.id);
  const payment = await repo.paidPaymentOf(ctx.db, application.id);
  let refundOptions: RefundOption[] = [];
  if (payment) {
    const left = payment.amountCents - (await repo.committedCents(ctx.db, payment.id));
    refundOptions = refundKindsFor(application.status)
      .map((kind) => ({ kind, amountCents: refundAmountCents(kind, application) }))
      .filter((option) => option.amountCents > 0 && option.amountCents <= left);
  }
  return {
    refunds: rows.map((r) => toRefund(r.refund, r.staffEmail)),
    refundOptions,
  };
}
