import {
  reachableStep as reachable,
  STEPPER_LABELS,
  wizardStep,
  type DraftData,
} from '@waypoint/contracts';
import type { WizardStep } from '../state';

export const WIZARD_BASE = '/application';
export const SUCCESS_PATH = `${WIZARD_BASE}/success`;

/** The page of a wizard step, e.g. 2 → /application/personal-info. */
export function stepPath(step: WizardStep): string {
  return `${WIZARD_BASE}/${wizardStep(step).slug}`;
}

/** The 1-based stepper item a step lights up (processing time belongs to Checkout). */
export function stepperPosition(step: WizardStep): number {
  return STEPPER_LABELS.indexOf(wizardStep(step).stepper) + 1;
}

/**
 * The furthest step a saved draft can open, by the wizard journey's rules: each step needs the steps it requires
 * to be complete (a draft saved days ago may hold an arrival date now past), and never beyond the step it reached.
 */
export function reachableStep(draft: DraftData): WizardStep {
  return reachable(draft);
}
