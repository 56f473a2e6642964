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
