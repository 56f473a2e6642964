import Stripe from 'stripe';
import type { IntentStatus } from '@waypoint/contracts';
import type {
  PaidCard,
  PaymentEvent,
  PaymentProvider,
  ProviderIntent,
  ProviderRefund,
  RefundEvent,
} from './provider';

// Receipts
/** The billing address given with a charge's card (its `billing_details`), when it has one. */
function billingOf(charge: Stripe.Charge): PaidCard['billing'] {
  const { name, address } = charge.billing_details ?? {};
  if (!address?.line1 || !address.country) return null;
  return {
    name: name ?? '',
    line1: [address.line1, address.line2].filter(Boolean).join(', '),
    city: address.city ?? '',
    postalCode: address.postal_code || null,
    country: address.country.toUpperCase(),
  };
}

/** The card of the intent's latest charge, when it was expanded (`expand: ['latest_charge']`). */
function cardOf(pi: Stripe.PaymentIntent): PaidCard | null {
  const charge = pi.latest_charge;
  const card = charge && typeof charge === 'object' ? charge.payment_method_details?.card : null;
  if (!card?.last4 || !charge || typeof charge !== 'object') return null;
  return { brand: card.brand ?? 'card', last4: card.last4, billing: billingOf(charge) };
}

const toIntent = (pi: Stripe.PaymentIntent): ProviderIntent => ({
  id: pi.id,
  clientSecret: pi.client_secret ?? '',
  status: pi.status as IntentStatus,
  amount: pi.amount,
  currency: pi.currency,
  card: cardOf(pi),
});

/** Stripe's refund statuses as the portal keeps them (requires_action waits like pending; canceled failed). */
const toRefund = (refund: Stripe.Refund): ProviderRefund => ({
  id: refund.id,
  paymentIntentId:
    typeof refund.payment_intent === 'string'
      ? refund.payment_intent
      : (refund.payment_intent?.id ?? ''),
  status:
    refund.status === 'succeeded'
      ? 'succeeded'
      : refund.status === 'failed' || refund.status === 'canceled'
        ? 'failed'
        : 'pending',
  amount: refund.amount,
  currency: refund.currency,
  failureReason: refund.failure_reason ?? null,
  metadata: (refund.metadata ?? {}) as Record<string, string>,
});

/** The refund events the portal follows: the refund itself, or the charge with its refunds. */
const REFUND_EVENTS = new Set([
  'refund.created',
  'refund.updated',
  'refund.failed',
  'charge.refund.updated',
  'charge.refunded',
]);

/** Stripe PaymentIntents; `apiBase` points the client elsewhere (a local server in tests). */
export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(
    secretKey: string,
    readonly publishableKey: string,
    private readonly webhookSecret: string,
    apiBase?: string,
  ) {
    const base = apiBase ? new URL(apiBase) : undefined;
    this.stripe = new Stripe(secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      ...(base
        ? {
            host: base.hostname,
            port: Number(base.port) || (base.protocol === 'https:' ? 443 : 80),
            protocol: base.protocol === 'https:' ? 'https' : 'http',
          }
        : {}),
    });
  }

  async createIntent(
    input: Parameters<PaymentProvider['createIntent']>[0],
  ): Promise<ProviderIntent> {
    const pi = await this.stripe.paymentIntents.create(
      {
        amount: input.amount,
        currency: input.currency,
        allowed_payment_method_types: ['card'],
        metadata: input.metadata,
        receipt_email: input.receiptEmail,
      },
      { idempotencyKey: input.idempotencyKey },
    );
    return toIntent(pi);
  }

  async retrieveIntent(id: string): Promise<ProviderIntent | null> {
    try {
      // The latest charge carries the card's brand and last four digits, for the receipt.
      return toIntent(await this.stripe.paymentIntents.retrieve(id, { expand: ['latest_charge'] }));
    } catch (err) {
      if (err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 404)
        return null;
      throw err;
    }
  }

  async cancelIntent(id: string): Promise<ProviderIntent | null> {
    const current = await this.retrieveIntent(id);
    if (!current || current.status === 'succeeded' || current.status === 'canceled') return current;
    return toIntent(
      await this.stripe.paymentIntents.cancel(
        id,
        { cancellation_reason: 'abandoned' },
        { idempotencyKey: `cancel:${id}` },
      ),
    );
  }

  // Refunds

  /**
   * Stripe `refunds.create` with the portal's idempotency key. A refund Stripe refuses outright (more than is
   * left, an unpaid intent) comes back failed with Stripe's message; a network or server error is thrown, and
   * the same key asks again safely.
   */
  async createRefund(
    input: Parameters<PaymentProvider['createRefund']>[0],
  ): Promise<ProviderRefund> {
    try {
      const refund = await this.stripe.refunds.create(
        {
          payment_intent: input.paymentIntentId,
          amount: input.amount,
          reason: 'requested_by_customer',
          metadata: input.metadata,
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return toRefund(refund);
    } catch (err) {
      if (err instanceof Stripe.errors.StripeInvalidRequestError) {
        return {
          id: '',
          paymentIntentId: input.paymentIntentId,
          status: 'failed',
          amount: input.amount,
          currency: input.currency,
          failureReason: err.message,
          metadata: input.metadata,
        };
      }
      throw err;
    }
  }

  /** Verifies a webhook's signature over the raw body; throws when it does not match. */
  parseWebhook(rawBody: Buffer, signature: string): PaymentEvent | RefundEvent | null {
    const event = this.stripe.webhooks.constructEvent(rawBody, signature, this.webhookSecret);
    if (REFUND_EVENTS.has(event.type)) {
      const object = event.data.object as Stripe.Refund | Stripe.Charge;
      const refunds =
        object.object === 'charge' ? (object.refunds?.data ?? []) : [object as Stripe.Refund];
      return { id: event.id, type: event.type, refunds: refunds.map(toRefund) };
    }
    if (!event.type.startsWith('payment_intent.')) return null;
    const pi = event.data.object as Stripe.PaymentIntent;
    return {
      id: event.id,
      type: event.type,
      paymentIntentId: pi.id,
      status: pi.status as IntentStatus,
      amount: pi.amount,
      currency: pi.currency,
      card: cardOf(pi),
    };
  }
}
