import { z } from 'zod';
import { apiMessage } from '../api-messages';
import { ValidationText } from '../messages';
import { INVALID_VALUE, text } from '../primitives';
import { MAX_TRAVELERS, WizardText, type WizardStepNumber } from '../wizard';

/**
 * What each step of the wizard (`wizard.ts` in this folder) saves: the part of the saved application, or for the
 * checkout of the order, it fills in. Apart from the journey, so the wizard's pages draw without the schema
 * library; the API validates with these.
 */

const upTo = (max: number) =>
  text().trim().max(max, apiMessage('validation.atMostCharacters', { max }));
const dateText = text().trim().max(10, ValidationText.dateFormat);
const code = text().trim().toUpperCase().max(2, ValidationText.countryFromList);

const PassportDraft = z.object({
  nationality: code.default(''),
  number: upTo(30).default(''),
  expirationDate: dateText.default(''),
  hasSecondNationality: z.boolean(INVALID_VALUE).nullable().default(null),
  addLater: z.boolean(INVALID_VALUE).default(false),
});

export const TravelerDraft = z.object({
  firstName: upTo(100).default(''),
  lastName: upTo(100).default(''),
  dateOfBirth: dateText.default(''),
  email: upTo(254).optional(),
  passport: PassportDraft.optional(),
});
export type TravelerDraft = z.input<typeof TravelerDraft>;

/** Step 1: where to, which visa, and when (lenient: a saved step may be unfinished). */
export const TripStepBody = z.object({
  countryId: code.nullable().default(null),
  visaTypeId: upTo(64).nullable().default(null),
  arrivalDate: dateText.nullable().default(null),
  hasPlannedDates: z.boolean(INVALID_VALUE).default(true),
});
export type TripStepBody = z.input<typeof TripStepBody>;
/** Steps 2 and 3: the travellers, their names and e-mail, then their passports. */
export const TravelersStepBody = z.object({
  travelers: z.array(TravelerDraft).max(MAX_TRAVELERS, WizardText.maxTravelers).default([]),
});
export type TravelersStepBody = z.input<typeof TravelersStepBody>;
/** Step 4: the processing option. */
export const ProcessingStepBody = z.object({
  selectedProcessingOption: upTo(64).nullable().default(null),
});
export type ProcessingStepBody = z.input<typeof ProcessingStepBody>;
/** Step 5: the payment; a key the browser keeps for this checkout, so a retry or double click reuses the order. */
export const PaymentStepBody = z.object({
  idempotencyKey: text()
    .trim()
    .min(16)
    .max(100)
    .regex(/^[A-Za-z0-9_-]+$/),
});
export type PaymentStepBody = z.input<typeof PaymentStepBody>;

/** The part of the saved application (or, for the checkout, of the order) each step fills in. */
export const WIZARD_STEP_BODY = {
  1: TripStepBody,
  2: TravelersStepBody,
  3: TravelersStepBody,
  4: ProcessingStepBody,
  5: PaymentStepBody,
} as const satisfies Record<WizardStepNumber, z.ZodObject>;
