import { WIZARD_STEPS } from '@waypoint/contracts';
import type { WizardStep } from '../state';

export const WIZARD_BASE = '/application';
export const SUCCESS_PATH = `${WIZARD_BASE}/success`;

/** The page of a wizard step, e.g. 2 → /application/personal-info. */
export function stepPath(step: WizardStep): string {
  const entry = WIZARD_STEPS.find((item) => item.step === step) ?? WIZARD_STEPS[0];
  return `${WIZARD_BASE}/${entry.path}`;
}

/** The 1-based stepper item a step lights up (processing time belongs to Checkout). */
export function stepperPosition(step: WizardStep): number {
  const entry = WIZARD_STEPS.find((item) => item.step === step) ?? WIZARD_STEPS[0];
  return entry.stepperIndex + 1;
}
