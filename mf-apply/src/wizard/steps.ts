import type { WizardStep } from '../state';

export const WIZARD_BASE = '/application';

/** The page of each wizard step. */
export const STEP_PATHS: Record<WizardStep, string> = {
  1: 'trip-details',
  2: 'personal-info',
  3: 'passport-info',
  4: 'processing-time',
  5: 'checkout',
};

/** The four stages the stepper shows (processing time belongs to Checkout). */
export const STEPPER_LABELS = ['Trip Details', 'Your Info', 'Passport Info', 'Checkout'];

export function stepPath(step: WizardStep): string {
  return `${WIZARD_BASE}/${STEP_PATHS[step]}`;
}
