import { ErrorCode } from '@waypoint/contracts';
import type { ServiceContext } from '../../lib/context';
import { AppError, badRequest } from '../../lib/errors';
import { completePayment } from '../checkout/payment-completion.service';
import {
  cancelPayment,
  claimUnsettledPayments,
  noteProviderStatus,
  recordPaymentEvent,
  setProviderStatus,
} from './payments.repo';
import type { PaymentEvent, PaymentProvider, ProviderIntent } from './provider';
import { applyRefundEvent } from '../refunds/refunds.service';
import type { StripeProvider } from './stripe-provider';

/** Intents left unpaid this long are cancelled with the provider. */
export const ABANDONED_AFTER_HOURS = 24;

/**
 * The provider says an intent succeeded (the browser's confirm, or the sandbox answering it): the order is
 * completed now, and if this process dies first, reconciliation completes it after its grace period.
 */
export async function settleSucceededIntent({
  ctx,
  provider,
  input,
}: {
  ctx: ServiceContext;
  provider: PaymentProvider;
  input: Pick<ProviderIntent, 'id' | 'status' | 'amount' | 'currency' | 'card'>;
}) {
  // Receipts: a caller that did not ask the provider for the card (the sandbox's own confirm) gets it here.
  const card =
    input.card !== undefined || input.status !== 'succeeded'
      ? input.card
      : (await provider.retrieveIntent(input.id))?.card;
  await noteProviderStatus(
    ctx.db,
    provider.name,
    input.id,
    input.status,
    ctx.config.reconcile.graceSeconds,
  );
  return completeIntent(ctx, provider.name, { ...input, card }, 'confirm');
}

/** Completes the order of an intent as the provider reported it (`completePayment` checks the status). */
function completeIntent(
  ctx: ServiceContext,
  providerName: PaymentProvider['name'],
  intent: Pick<ProviderIntent, 'id' | 'status' | 'amount' | 'currency' | 'card'>,
  via: 'confirm' | 'reconciliation',
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
      via,
    },
  });
}

/**
 * A Stripe webhook delivery: verified over the exact bytes Stripe signed, then applied once (see
 * `handleWebhookEvent`, and refunds' events `applyRefundEvent`). Other events are acknowledged and ignored.
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
    await applyRefundEvent({ ctx, input: event });
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
  await noteProviderStatus(
    ctx.db,
    'stripe',
    input.paymentIntentId,
    input.status,
    ctx.config.reconcile.graceSeconds,
  );
  await completePayment({
    ctx,
    input: { event: input, provider: 'stripe', via: 'webhook', record },
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
        const done = await completeIntent(ctx, provider.name, intent, 'reconciliation');
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
        await setProviderStatus(ctx.db, payment.id, intent.status);
      }
    } catch (err) {
      // Left for the next look (its check time has already moved on).
      ctx.log.error(
        { paymentId: payment.id, err: { message: (err as Error).message } },
        'reconciliation could not settle a payment',
      );
    }
  }
  return result;
}
