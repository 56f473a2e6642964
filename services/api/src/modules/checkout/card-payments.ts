import type { IntentStatus } from '@waypoint/contracts';
import type { PaidCard } from '../../db/rows';

/** A payment intent as the card provider reports it. */
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

/** What the provider said about an intent, as completing its order checks it. */
export interface IntentReport {
  paymentIntentId: string;
  status: IntentStatus;
  amount: number;
  currency: string;
  // Receipts
  /** The card that paid, when the report carries it (a webhook's intent usually does not). */
  card?: PaidCard | null;
}

/**
 * What checkout asks of the card provider (Stripe, or the sandbox that behaves like Stripe's test mode): an intent
 * for the order's amount, and the provider's view of it.
 */
export interface CardPayments {
  name: 'sandbox' | 'stripe';
  publishableKey: string | null;
  /** Creates (or, for a key already used, returns) a payment intent for an amount in cents. */
  createIntent(input: {
    amount: number;
    /** The order's currency code, in lowercase as providers write it. */
    currency: string;
    idempotencyKey: string;
    metadata: Record<string, string>;
    receiptEmail: string;
  }): Promise<ProviderIntent>;
  /** The provider's current view of an intent, or null when it does not know it. */
  retrieveIntent(id: string): Promise<ProviderIntent | null>;
}
