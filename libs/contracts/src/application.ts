import { apiMessage } from './api-messages';
import { z } from 'zod';
import { INVALID_VALUE, text } from './primitives';
import { User } from './auth';
import { Currency } from './money';
import { ApplicationStatus } from './orders';
import { issuesBefore, wizardStep } from './journeys/wizard';
import {
  PaymentStepBody,
  ProcessingStepBody,
  TravelerDraft,
  TravelersStepBody,
  TripStepBody,
} from './journeys/wizard-bodies';
import { MAX_TRAVELERS, WizardText, type Issue } from './wizard';

const upTo = (max: number) =>
  text().trim().max(max, apiMessage('validation.atMostCharacters', { max }));

/** The saved wizard (spec: application draft), made of the steps' bodies. Lenient: a draft may be unfinished. */
export const DraftData = TripStepBody.extend(TravelersStepBody.shape)
  .extend(ProcessingStepBody.shape)
  .extend({
    currentStep: z
      .number(INVALID_VALUE)
      .int(INVALID_VALUE)
      .min(1, INVALID_VALUE)
      .max(5, INVALID_VALUE)
      .default(1),
    email: upTo(254).optional(),
  });
export type DraftData = z.infer<typeof DraftData>;

export const SaveDraftResponse = z.object({ sessionId: text(), savedAt: text() });
export type SaveDraftResponse = z.infer<typeof SaveDraftResponse>;
export const SessionDataResponse = z.object({
  data: DraftData.nullable(),
  sessionId: text().nullable(),
});
export type SessionDataResponse = z.infer<typeof SessionDataResponse>;

function addIssues(ctx: z.RefinementCtx, issues: Issue[]) {
  for (const issue of issues)
    ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
}

/**
 * Everything the order needs: the trip, the travellers, the processing option and the payment step's key, with
 * every step before the checkout complete (the wizard's step guard, checked again by the API). Prices are never
 * taken from the client.
 */
export const CreatePaymentIntentBody = TripStepBody.extend({
  processingOptionId: upTo(64).nullable().default(null),
  travelers: z
    .array(TravelerDraft, { error: WizardText.precheckTravelers })
    .max(MAX_TRAVELERS, WizardText.maxTravelers),
})
  .extend(PaymentStepBody.shape)
  .superRefine((body, ctx) => {
    const answers = { ...body, travelers: body.travelers.map((t) => ({ ...t })) };
    addIssues(ctx, issuesBefore(wizardStep('checkout').step, answers));
  });
export type CreatePaymentIntentBody = z.input<typeof CreatePaymentIntentBody>;

/** The first-level message the checkout shows for an incomplete order (spec: payment intent precheck). */
export function precheckMessage(path: (string | number | symbol)[]): string {
  const head = path[0];
  if (head === 'travelers') return WizardText.precheckTravelers;
  if (head === 'processingOptionId') return WizardText.precheckProcessing;
  return WizardText.precheckTrip;
}

export const PriceBreakdown = z.object({
  travelerCount: z.number().int(),
  governmentFeeGbpPence: z.number().int(),
  governmentFeeCents: z.number().int(),
  exchangeRate: z.object({ rate: text(), date: text() }),
  processingFeeCents: z.number().int(),
  governmentTotalCents: z.number().int(),
  serviceTotalCents: z.number().int(),
  totalCents: z.number().int(),
  currency: Currency,
});
export type PriceBreakdown = z.infer<typeof PriceBreakdown>;

export const PaymentProviderName = z.enum(['sandbox', 'stripe']);
export type PaymentProviderName = z.infer<typeof PaymentProviderName>;

export const CreatePaymentIntentResponse = z.object({
  clientSecret: text(),
  paymentIntentId: text(),
  applicationId: text(),
  reference: text(),
  provider: PaymentProviderName,
  publishableKey: text().nullable(),
  price: PriceBreakdown,
});
export type CreatePaymentIntentResponse = z.infer<typeof CreatePaymentIntentResponse>;

export const PaymentConfigResponse = z.object({
  provider: PaymentProviderName,
  publishableKey: text().nullable(),
});
export type PaymentConfigResponse = z.infer<typeof PaymentConfigResponse>;

export const ConfirmPaymentBody = z.object({
  paymentIntentId: text().trim().min(1).max(100),
  email: text().trim().max(254).optional(),
});
export type ConfirmPaymentBody = z.input<typeof ConfirmPaymentBody>;

export const PaidApplication = z.object({
  id: text(),
  reference: text(),
  status: ApplicationStatus,
  createdAt: text(),
  paidAt: text().nullable(),
  visaTypeName: text(),
  processingName: text(),
  /** The codes of the visa type and the processing option, by which a front end names them in its language. */
  visaTypeId: text().optional(),
  processingOptionId: text().optional(),
  processingHours: z.number().int(),
  travelerCount: z.number().int(),
  totalCents: z.number().int(),
});
export type PaidApplication = z.infer<typeof PaidApplication>;

export const ConfirmPaymentResponse = z.object({
  application: PaidApplication,
  /** The account this browser is now signed in to (a new account), or null. */
  user: User.nullable(),
  /** True when the e-mail already had an account: a sign-in link was e-mailed instead of signing in. */
  signInLinkSent: z.boolean(),
});
export type ConfirmPaymentResponse = z.infer<typeof ConfirmPaymentResponse>;

/** An unpaid order reopened at checkout (from My orders). */
export const CheckoutOrderResponse = z.object({
  applicationId: text(),
  reference: text(),
  status: ApplicationStatus,
  clientSecret: text(),
  paymentIntentId: text(),
  provider: PaymentProviderName,
  publishableKey: text().nullable(),
  price: PriceBreakdown,
  visaTypeName: text(),
  /** The visa type's code, by which a front end names it in its language. */
  visaTypeId: text().optional(),
  travelers: z.array(z.object({ firstName: text(), lastName: text() })),
  /** The lead traveller's nationality (ISO 3166-1 alpha-2), where the billing country starts. */
  nationality: text().optional(),
  email: text(),
});
export type CheckoutOrderResponse = z.infer<typeof CheckoutOrderResponse>;
