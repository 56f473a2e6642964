import { apiMessage, ApiMessages } from './api-messages';
import { z } from 'zod';
import { CHOOSE_FROM_LIST, text } from './primitives';
import { isListedCountry } from './country-codes';
import { postalCodeProblem, postalCodeRule } from './postal-codes';

export * from './postal-codes';

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

export const SandboxPaymentMethod = z.enum(
  [
    'pm_card_visa',
    'pm_card_visa_chargeDeclined',
    'pm_card_visa_chargeDeclinedInsufficientFunds',
    'pm_card_authenticationRequired',
  ],
  CHOOSE_FROM_LIST,
);
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
  postcodeRequired: ApiMessages['payment.postcodeRequired'],
  zipCodeRequired: ApiMessages['payment.zipCodeRequired'],
  postalCodeInvalid: (example: string) => apiMessage('payment.postalCodeInvalid', { example }),
  postcodeInvalid: (example: string) => apiMessage('payment.postcodeInvalid', { example }),
  zipCodeInvalid: (example: string) => apiMessage('payment.zipCodeInvalid', { example }),
  eircodeInvalid: (example: string) => apiMessage('payment.eircodeInvalid', { example }),
  countryRequired: ApiMessages['payment.countryRequired'],
  paymentFailed: ApiMessages['payment.paymentFailed'],
  cardElementNotFound: ApiMessages['payment.cardElementNotFound'],
  notCompleted: (status: string) => apiMessage('payment.notCompleted', { status }),
} as const;

/**
 * The billing address's country: any country the portal lists (ISO 3166-1 alpha-2), sent to the card provider,
 * which compares the address with the card's.
 */
export const BillingCountry = text({ error: PaymentText.countryRequired })
  .trim()
  .toUpperCase()
  .refine(isListedCountry, PaymentText.countryRequired);
export type BillingCountry = z.infer<typeof BillingCountry>;

/**
 * Billing details sent with the card payment. The postal code follows the country's rule
 * ({@link postalCodeProblem}): required or not, in the country's format; it is left out when blank, and for a
 * country without postal codes.
 */
export const BillingDetails = z.object(
  {
    name: text().trim().min(1, PaymentText.fullNameRequired).max(200),
    email: text().trim().min(1, PaymentText.emailRequired).max(254),
    address: z
      .object(
        {
          line1: text().trim().min(1, PaymentText.addressRequired).max(200),
          city: text().trim().min(1, PaymentText.cityRequired).max(100),
          postal_code: text().trim().max(20).optional(),
          country: BillingCountry,
        },
        { error: PaymentText.addressRequired },
      )
      .check(
        // Checked even while another field of the address is wrong, so every problem shows at once.
        z.superRefine((address, ctx) => {
          if (typeof address.country !== 'string' || !isListedCountry(address.country)) return;
          const problem = postalCodeProblem(address.country, address.postal_code);
          if (problem) ctx.addIssue({ code: 'custom', path: ['postal_code'], message: problem });
        }),
      )
      .transform(({ postal_code, ...address }) =>
        postal_code && postalCodeRule(address.country).requirement !== 'none'
          ? { ...address, postal_code }
          : address,
      ),
  },
  { error: PaymentText.fullNameRequired },
);
export type BillingDetails = z.infer<typeof BillingDetails>;
/** Billing details as a form holds them, before the checks (the postal code as typed, the country in any case). */
export type BillingDetailsInput = z.input<typeof BillingDetails>;

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
  outcome: z.enum(['complete', 'fail'], CHOOSE_FROM_LIST),
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
