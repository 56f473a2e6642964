import { z } from 'zod';
import { text } from './primitives';
import { User } from './auth';
import { ApplicationStatus } from './orders';
import {
  MAX_TRAVELERS,
  validatePassports,
  validateProcessing,
  validateTravelers,
  validateTrip,
  WizardText,
  type Issue,
} from './wizard';

const upTo = (max: number) => text().trim().max(max, `Please use at most ${max} characters`);
const dateText = text().trim().max(10);
const code = text().trim().toUpperCase().max(2);

const PassportDraft = z.object({
  nationality: code.default(''),
  number: upTo(30).default(''),
  expirationDate: dateText.default(''),
  hasSecondNationality: z.boolean().nullable().default(null),
  addLater: z.boolean().default(false),
});

const TravelerDraft = z.object({
  firstName: upTo(100).default(''),
  lastName: upTo(100).default(''),
  dateOfBirth: dateText.default(''),
  email: upTo(254).optional(),
  passport: PassportDraft.optional(),
});

/** The saved wizard (spec: application draft). Lenient: a draft may be unfinished. */
export const DraftData = z.object({
  countryId: code.nullable().default(null),
  visaTypeId: upTo(64).nullable().default(null),
  arrivalDate: dateText.nullable().default(null),
  hasPlannedDates: z.boolean().default(true),
  travelers: z.array(TravelerDraft).max(MAX_TRAVELERS, WizardText.maxTravelers).default([]),
  selectedProcessingOption: upTo(64).nullable().default(null),
  currentStep: z.number().int().min(1).max(5).default(1),
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

/** Everything the order needs, checked in the spec's order. Prices are never taken from the client. */
export const CreatePaymentIntentBody = z
  .object({
    countryId: code.nullable().default(null),
    visaTypeId: upTo(64).nullable().default(null),
    arrivalDate: dateText.nullable().default(null),
    hasPlannedDates: z.boolean().default(true),
    processingOptionId: upTo(64).nullable().default(null),
    travelers: z.array(TravelerDraft).max(MAX_TRAVELERS, WizardText.maxTravelers),
    /** A key the browser keeps for this checkout, so a retry or double click reuses the same order. */
    idempotencyKey: text()
      .trim()
      .min(16)
      .max(100)
      .regex(/^[A-Za-z0-9_-]+$/),
  })
  .superRefine((body, ctx) => {
    const trip = validateTrip(body);
    const travelers = body.travelers.map((t) => ({ ...t, passport: t.passport }));
    addIssues(ctx, [
      ...trip,
      ...validateTravelers(travelers),
      ...validatePassports(travelers),
      ...validateProcessing(body.processingOptionId),
    ]);
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
  currency: z.literal('EUR'),
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
  travelers: z.array(z.object({ firstName: text(), lastName: text() })),
  email: text(),
});
export type CheckoutOrderResponse = z.infer<typeof CheckoutOrderResponse>;
