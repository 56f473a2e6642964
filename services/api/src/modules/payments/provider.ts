import type { IntentStatus } from '@waypoint/contracts';

export interface ProviderIntent {
  id: string;
  clientSecret: string;
  status: IntentStatus;
  amount: number;
  currency: string;
  // Receipts
  /** The card that paid a succeeded intent, when the provider reports it. */
  card?: PaidCard | null;
}

// Receipts
/** The brand (visa, mastercard…) and last four digits of the card that paid, as a receipt shows them. */
export interface PaidCard {
  brand: string;
  last4: string;
}

/** A card payment provider: Stripe, or the sandbox that behaves like Stripe's test mode. */
export interface PaymentProvider {
  name: 'sandbox' | 'stripe';
  publishableKey: string | null;
  /** Creates (or, for a key already used, returns) a payment intent for an amount in cents. */
  createIntent(input: {
    amount: number;
    currency: 'eur';
    idempotencyKey: string;
    metadata: Record<string, string>;
    receiptEmail: string;
  }): Promise<ProviderIntent>;
  /** The provider's current view of an intent, or null when it does not know it. */
  retrieveIntent(id: string): Promise<ProviderIntent | null>;
  /** Cancels an intent that was never paid (a succeeded one is returned as it is). */
  cancelIntent(id: string): Promise<ProviderIntent | null>;

  // Refunds
  /**
   * Refunds part or all of a succeeded intent. The same idempotency key returns the same refund; a refund the
   * provider refuses (more than is left, an intent that was not paid) comes back `failed` with its reason.
   */
  createRefund(input: {
    paymentIntentId: string;
    amount: number;
    idempotencyKey: string;
    metadata: Record<string, string>;
  }): Promise<ProviderRefund>;
}

/** A verified provider event about a payment (from a webhook, or the sandbox itself). */
export interface PaymentEvent {
  id: string;
  type: string;
  paymentIntentId: string;
  status: IntentStatus;
  amount: number;
  currency: string;
  // Receipts
  /** The card that paid, when the event carries it (a webhook's intent usually does not). */
  card?: PaidCard | null;
}

/** A refund as the provider reports it. */
export interface ProviderRefund {
  id: string;
  paymentIntentId: string;
  status: 'pending' | 'succeeded' | 'failed';
  amount: number;
  currency: string;
  failureReason: string | null;
  /** What the portal gave the provider (its refund's id, to find a refund the provider reports first). */
  metadata: Record<string, string>;
}

/** A verified provider event about refunds (Stripe's `refund.*` and `charge.refunded`). */
export interface RefundEvent {
  id: string;
  type: string;
  refunds: ProviderRefund[];
}
