import {
  validatePassports,
  validateProcessing,
  validateTravelers,
  validateTrip,
  type Issue,
  type TravelerInput,
  type TripInput,
  type WizardStepNumber,
} from '../wizard';

/**
 * The application wizard, declared once (spec sections 4, 5 and 9): each step's page, its rules, and the steps
 * that must be complete before it (what each step saves is in `wizard-bodies.ts`). The browser's routes, stepper
 * and step guard, My orders' "continue" link and the API's payment check all read this list. No zod here, so the
 * wizard's pages draw without the schema library.
 */

/** What the wizard's rules read: a saved draft, or the order the checkout sends. */
export interface WizardAnswers extends TripInput {
  travelers: TravelerInput[];
  processingOptionId: string | null | undefined;
}

/** The stepper's items; processing time lights up Checkout. */
export const STEPPER_LABELS = ['Trip Details', 'Your Info', 'Passport Info', 'Checkout'] as const;

export interface WizardStepDeclaration {
  step: WizardStepNumber;
  /** The page under /application/, e.g. `trip-details`. */
  slug: string;
  /** The page's heading. */
  title: string;
  /** How My orders names a saved application stopped at this step. */
  label: string;
  stepper: (typeof STEPPER_LABELS)[number];
  /** The steps that must be complete before this one opens. */
  requires: readonly string[];
  /** What keeps the step from being complete, in the order the page shows it. */
  issues: (answers: WizardAnswers, today?: string) => Issue[];
}

export const WIZARD_JOURNEY = [
  {
    step: 1,
    slug: 'trip-details',
    title: 'Trip details',
    label: 'Trip details',
    stepper: 'Trip Details',
    requires: [],
    issues: (answers, today) => validateTrip(answers, today),
  },
  {
    step: 2,
    slug: 'personal-info',
    title: 'Your information',
    label: 'Your information',
    stepper: 'Your Info',
    requires: ['trip-details'],
    issues: (answers, today) => validateTravelers(answers.travelers, today),
  },
  {
    step: 3,
    slug: 'passport-info',
    title: 'Passport information',
    label: 'Passport information',
    stepper: 'Passport Info',
    requires: ['trip-details', 'personal-info'],
    issues: (answers, today) => validatePassports(answers.travelers, today),
  },
  {
    step: 4,
    slug: 'processing-time',
    title: 'Processing time',
    label: 'Processing time',
    stepper: 'Checkout',
    requires: ['trip-details', 'personal-info', 'passport-info'],
    issues: (answers) => validateProcessing(answers.processingOptionId),
  },
  {
    step: 5,
    slug: 'checkout',
    title: 'Review your order',
    label: 'Review and payment',
    stepper: 'Checkout',
    requires: ['trip-details', 'personal-info', 'passport-info', 'processing-time'],
    // Complete once paid: nothing on the page itself is checked before the payment.
    issues: () => [],
  },
] as const satisfies readonly WizardStepDeclaration[];

export type WizardStepEntry = (typeof WIZARD_JOURNEY)[number];
export type WizardStepSlug = WizardStepEntry['slug'];

/** A step by its number or slug (the first step for anything else). */
export function wizardStep(step: number | WizardStepSlug): WizardStepEntry {
  return (
    WIZARD_JOURNEY.find((item) => item.step === step || item.slug === step) ?? WIZARD_JOURNEY[0]
  );
}

/** The wizard page of a step, e.g. 3 → /application/passport-info. */
export function draftResumePath(step: number): string {
  return `/application/${wizardStep(step).slug}`;
}

/** What each wizard step asks for, as My orders names the step a saved application stopped at. */
export const WIZARD_STEP_LABEL = Object.fromEntries(
  WIZARD_JOURNEY.map((item) => [item.step, item.label]),
) as Record<WizardStepNumber, string>;

/** The problems of every step the given step requires, in the order of the steps. */
export function issuesBefore(
  step: WizardStepNumber,
  answers: WizardAnswers,
  today?: string,
): Issue[] {
  const { requires } = wizardStep(step);
  return WIZARD_JOURNEY.filter((item) =>
    (requires as readonly string[]).includes(item.slug),
  ).flatMap((item) => item.issues(answers, today));
}

/** A saved draft as the wizard's rules read it. */
export function draftAnswers(draft: {
  countryId: string | null;
  visaTypeId: string | null;
  hasPlannedDates: boolean;
  arrivalDate: string | null;
  travelers: TravelerInput[];
  selectedProcessingOption: string | null;
}): WizardAnswers {
  return {
    countryId: draft.countryId,
    visaTypeId: draft.visaTypeId,
    hasPlannedDates: draft.hasPlannedDates,
    arrivalDate: draft.arrivalDate,
    travelers: draft.travelers.map((traveler) => ({ ...traveler })),
    processingOptionId: draft.selectedProcessingOption,
  };
}

/**
 * The furthest step a saved draft can open: a step opens when every step it requires is complete by the wizard's
 * own rules (a draft saved days ago may hold an arrival date now past), and never beyond the step it reached.
 */
export function reachableStep(
  draft: Parameters<typeof draftAnswers>[0] & { currentStep: number },
  today?: string,
): WizardStepNumber {
  const answers = draftAnswers(draft);
  let reachable: WizardStepNumber = 1;
  for (const item of WIZARD_JOURNEY) {
    if (item.step > draft.currentStep || issuesBefore(item.step, answers, today).length > 0) break;
    reachable = item.step;
  }
  return reachable;
}
