import type { CardPayments, IntentReport, ProviderIntent } from '../checkout/card-payments';
import type { CardRefunds } from '../refunds/card-refunds';

export type { PaidCard } from '../../db/rows';
export type { ProviderIntent } from '../checkout/card-payments';
export type { ProviderRefund, RefundEvent } from '../refunds/card-refunds';

/**
 * A card payment provider: Stripe, or the sandbox that behaves like Stripe's test mode. It does what checkout and
 * refunds ask of it, and cancels intents left unpaid.
 */
export interface PaymentProvider extends CardPayments, CardRefunds {
  /** Cancels an intent that was never paid (a succeeded one is returned as it is). */
  cancelIntent(id: string): Promise<ProviderIntent | null>;
}

/** A verified provider event about a payment (from a webhook, or the sandbox itself). */
export interface PaymentEvent extends IntentReport {
  id: string;
  type: string;
}
