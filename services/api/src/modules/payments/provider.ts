import type { IntentStatus } from '@waypoint/contracts';

export interface ProviderIntent {
  id: string;
  clientSecret: string;
  status: IntentStatus;
  amount: number;
  currency: string;
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
}
