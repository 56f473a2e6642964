import { apiMessage, ApiMessages } from './api-messages';
import { z } from 'zod';
import { text } from './primitives';

/**
 * The sandbox provider behaves like Stripe's test mode without a network. The browser turns a test card number
 * into a payment-method token (the number itself never reaches the server), as Stripe.js does.
 */
export const SANDBOX_TEST_CARDS: Record<string, SandboxPaymentMethod> = {
  '4242424242424242': 'pm_card_visa',
  '4000000000000002': 'pm_card_visa_chargeDeclined',
  '4000000000009995': 'pm_card_visa_chargeDeclinedInsufficientFunds',
  '4000002500003155': 'pm_card_authenticationRequired',
};

export const SandboxPaymentMethod = z.enum([
  'pm_card_visa',
  'pm_card_visa_chargeDeclined',
  'pm_card_visa_chargeDeclinedInsufficientFunds',
  'pm_card_authenticationRequired',
]);
export type SandboxPaymentMethod = z.infer<typeof SandboxPaymentMethod>;

export const PaymentText = {
  declined: ApiMessages['payment.declined'],
  insufficientFunds: ApiMessages['payment.insufficientFunds'],
  authenticationFailed: ApiMessages['payment.authenticationFailed'],
  invalidNumber: ApiMessages['payment.invalidNumber'],
  sandboxOnlyTestCards: ApiMessages['payment.sandboxOnlyTestCards'],
  invalidExpiry: ApiMessages['payment.invalidExpiry'],
  expired: ApiMessages['payment.expired'],
  invalidCvc: ApiMessages['payment.invalidCvc'],
  fullNameRequired: ApiMessages['payment.fullNameRequired'],
  emailRequired: ApiMessages['payment.emailRequired'],
  addressRequired: ApiMessages['payment.addressRequired'],
  cityRequired: ApiMessages['payment.cityRequired'],
  postalCodeRequired: ApiMessages['payment.postalCodeRequired'],
  paymentFailed: ApiMessages['payment.paymentFailed'],
  cardElementNotFound: ApiMessages['payment.cardElementNotFound'],
  notCompleted: (status: string) => apiMessage('payment.notCompleted', { status }),
} as const;

/** Billing details sent with the card payment (spec: billing country fixed to GB). */
export const BillingDetails = z.object({
  name: text().trim().min(1, PaymentText.fullNameRequired).max(200),
  email: text().trim().min(1, PaymentText.emailRequired).max(254),
  address: z.object({
    line1: text().trim().min(1, PaymentText.addressRequired).max(200),
    city: text().trim().min(1, PaymentText.cityRequired).max(100),
    postal_code: text().trim().min(1, PaymentText.postalCodeRequired).max(20),
    country: z.literal('GB'),
  }),
});
export type BillingDetails = z.infer<typeof BillingDetails>;

export const IntentStatus = z.enum([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'succeeded',
  'canceled',
]);
export type IntentStatus = z.infer<typeof IntentStatus>;

export const SandboxConfirmBody = z.object({
  paymentIntentId: text().min(1).max(100),
  clientSecret: text().min(1).max(200),
  paymentMethod: SandboxPaymentMethod,
  billingDetails: BillingDetails,
});
export type SandboxConfirmBody = z.input<typeof SandboxConfirmBody>;

export const SandboxAuthenticateBody = z.object({
  paymentIntentId: text().min(1).max(100),
  clientSecret: text().min(1).max(200),
  outcome: z.enum(['complete', 'fail']),
});
export type SandboxAuthenticateBody = z.input<typeof SandboxAuthenticateBody>;

/** What the sandbox answers, shaped like Stripe's confirmCardPayment result. */
export const SandboxIntentResponse = z.object({
  id: text(),
  status: IntentStatus,
  amount: z.number().int(),
  currency: text(),
  /** Why the last attempt failed, in Stripe's words. */
  lastError: text().nullable(),
  /** Set when the card asks for 3-D Secure. */
  nextAction: z.object({ type: z.literal('three_d_secure') }).nullable(),
});
export type SandboxIntentResponse = z.infer<typeof SandboxIntentResponse>;
