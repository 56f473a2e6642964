import { ErrorCode } from '@waypoint/contracts';
import type { ServiceContext } from '../../lib/context';
import { AppError, badRequest } from '../../lib/errors';
import { completePayment, completeReportedPayment } from '../checkout/payment-completion.service';
import { applyRefundEvent } from '../refunds/refunds.service';
import {
  cancelPayment,
  claimUnsettledPayments,
  countAwaitingReconciliation,
  recordPaymentEvent,
  putOffCheck,
  setProviderStatus,
} from './payments.repo';
import type { PaymentEvent, PaymentProvider, ProviderIntent } from './provider';
import type { StripeProvider } from './stripe-provider';

/** Intents left unpaid this long are cancelled with the provider. */
export const ABANDONED_AFTER_HOURS = 24;

/** Completes the order of an intent reconciliation found succeeded (`completePayment` checks the status). */
function completeIntent(
  ctx: ServiceContext,
  providerName: PaymentProvider['name'],
  intent: Pick<ProviderIntent, 'id' | 'status' | 'amount' | 'currency' | 'card'>,
) {
  return completePayment({
    ctx,
    input: {
      event: {
        paymentIntentId: intent.id,
        status: intent.status,
        amount: intent.amount,
        currency: intent.currency,
        card: intent.card ?? null,
      },
      provider: providerName,
      via: 'reconciliation',
    },
  });
}

/**
 * A Stripe webhook delivery: verified over the exact bytes Stripe signed, then applied once (see
 * `handleWebhookEvent`, and refunds' events `applyRefundEvent`), each recorded among the provider's events in the
 * transaction that applies it. Other events are acknowledged and ignored.
 */
export async function receiveWebhook({
  ctx,
  provider,
  input,
}: {
  ctx: ServiceContext;
  provider: StripeProvider;
  input: { body: unknown; signature: string | string[] | undefined };
}): Promise<void> {
  if (typeof input.signature !== 'string' || !Buffer.isBuffer(input.body))
    throw badRequest('payment.signatureMissing');
  let event;
  try {
    event = provider.parseWebhook(input.body, input.signature);
  } catch {
    throw new AppError(ErrorCode.BAD_SIGNATURE, 'payment.signatureMismatch');
  }
  if (!event) return;
  if ('refunds' in event) {
    const refundEvent = event;
    await applyRefundEvent({
      ctx,
      input: refundEvent,
      record: (tx) =>
        recordPaymentEvent(tx, 'stripe', {
          id: refundEvent.id,
          type: refundEvent.type,
          payload: refundEvent,
        }),
    });
    return;
  }
  if (event.type === 'payment_intent.succeeded' && !event.card) {
    // Receipts: a webhook's intent does not carry its charge; the card that paid is asked for once. Without an
    // answer the order is still completed (its receipt then names no card): the payment matters more.
    try {
      event = { ...event, card: (await provider.retrieveIntent(event.paymentIntentId))?.card };
    } catch (err) {
      ctx.log.warn({ err, paymentIntentId: event.paymentIntentId }, 'card of a payment not known');
    }
  }
  await handleWebhookEvent({ ctx, input: event });
}

/**
 * A verified Stripe webhook event, applied exactly once: a `payment_intent.succeeded` is recorded in the
 * transaction that completes its order; other events are recorded on their own.
 */
export async function handleWebhookEvent({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: PaymentEvent;
}): Promise<void> {
  const record = { id: input.id, type: input.type, payload: input };
  if (input.type !== 'payment_intent.succeeded') {
    await recordPaymentEvent(ctx.db, 'stripe', record);
    return;
  }
  await completeReportedPayment({
    ctx,
    input: {
      event: input,
      provider: 'stripe',
      via: 'webhook',
      record: (tx) => recordPaymentEvent(tx, 'stripe', record),
    },
  });
}

export interface ReconcileResult {
  checked: number;
  completed: number;
  canceled: number;
}

/**
 * Asks the provider about unsettled payments of unpaid orders that are due (their grace period passed):
 * succeeded ones are completed exactly as the confirm call would (one order, one e-mail, audited); ones left
 * unpaid for a day are cancelled. Safe to run in several processes at once.
 */
export async function reconcilePayments({
  ctx,
  provider,
  input = {},
}: {
  ctx: ServiceContext;
  provider: PaymentProvider;
  input?: { batch?: number };
}): Promise<ReconcileResult> {
  const due = await claimUnsettledPayments(
    ctx.db,
    provider.name,
    ctx.config.reconcile.graceSeconds,
    input.batch ?? 20,
  );
  const result: ReconcileResult = { checked: 0, completed: 0, canceled: 0 };
  const abandonedBefore = Date.now() - ABANDONED_AFTER_HOURS * 3600_000;
  for (const payment of due) {
    result.checked += 1;
    try {
      let intent = await provider.retrieveIntent(payment.providerPaymentId);
      const abandoned =
        intent !== null &&
        intent.status !== 'succeeded' &&
        intent.status !== 'canceled' &&
        payment.createdAt.getTime() < abandonedBefore;
      // The provider's answer to the cancellation decides: a card paid at the last moment is completed.
      if (abandoned) intent = await provider.cancelIntent(payment.providerPaymentId);
      if (intent?.status === 'succeeded') {
        await setProviderStatus(ctx.db, payment.id, intent.status);
        const done = await completeIntent(ctx, provider.name, intent);
        if (done.justPaid) {
          result.completed += 1;
          ctx.log.warn(
            { applicationId: done.application.id, paymentId: payment.id },
            'reconciliation completed a paid order',
          );
        }
      } else if (!intent || intent.status === 'canceled') {
        const reason = abandoned
          ? `unpaid for ${ABANDONED_AFTER_HOURS} hours`
          : intent
            ? 'canceled by the provider'
            : 'unknown to the provider';
        await cancelPayment(ctx.db, payment, reason);
        result.canceled += 1;
      } else {
        await putOffCheck(ctx.db, payment.id, intent.status);
      }
    } catch (err) {
      ctx.log.error(
        { paymentId: payment.id, err: { message: (err as Error).message } },
        'reconciliation could not settle a payment',
      );
      // Left for a later look: put off as an open one is, or, if even that fails, one grace period on.
      await putOffCheck(ctx.db, payment.id, null).catch(() => undefined);
    }
  }
  return result;
}

/** Payments the provider reported as succeeded whose order is not completed yet (the staff dashboard's count). */
export function paymentsAwaitingReconciliation({ ctx }: { ctx: ServiceContext }): Promise<number> {
  return countAwaitingReconciliation(ctx.db);
}
