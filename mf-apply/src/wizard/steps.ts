import {
  validatePassports,
  validateProcessing,
  validateTravelers,
  validateTrip,
  WIZARD_STEPS,
  type DraftData,
} from '@waypoint/contracts';
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

/**
 * The furthest step a saved draft can open: each step needs the steps before it to be complete by the wizard's
 * own rules (a draft saved days ago may hold an arrival date now past), and never beyond the step it reached.
 */
export function reachableStep(draft: DraftData): WizardStep {
  const travelers = draft.travelers.map((traveler) => ({ ...traveler }));
  const checks: [WizardStep, () => unknown[]][] = [
    [2, () => validateTrip(draft)],
    [3, () => validateTravelers(travelers)],
    [4, () => validatePassports(travelers)],
    [5, () => validateProcessing(draft.selectedProcessingOption)],
  ];
  let reachable: WizardStep = 1;
  for (const [step, problems] of checks) {
    if (step > draft.currentStep || problems().length > 0) break;
    reachable = step;
  }
  return reachable;
}
