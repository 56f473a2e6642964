import type { BillingDetails, CreatePaymentIntentResponse } from '@waypoint/contracts';

/** What confirming a card payment in the browser ends with: the intent's status, or why it failed. */
export type CardConfirmResult = { status: string } | { error: string };

/** Confirms the payment of `clientSecret` with the card entered and the billing details. */
export type CardConfirm = (
  clientSecret: string,
  billingDetails: BillingDetails,
) => Promise<CardConfirmResult>;

/** The payment an order waits for. */
export type PaymentTarget = Pick<
  CreatePaymentIntentResponse,
  'clientSecret' | 'paymentIntentId' | 'provider' | 'publishableKey'
>;
