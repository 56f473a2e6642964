import type { ReactNode } from 'react';
import { Navigate, useAppSelector } from '@waypoint/platform';
import { Stepper } from '@waypoint/ui';
import { selectCurrentStep, type WizardStep } from '../state';
import { STEPPER_LABELS, stepPath } from './steps';

export interface WizardStepPageProps {
  step: WizardStep;
  title: string;
  children?: ReactNode;
}

/**
 * One page of the guest wizard: the stepper for steps 1 to 4, and a redirect back to the saved step when the
 * traveller opens a step they have not reached yet.
 */
export function WizardStepPage({ step, title, children }: WizardStepPageProps) {
  const currentStep = useAppSelector(selectCurrentStep);
  if (step > currentStep) return <Navigate to={stepPath(currentStep)} replace />;

  return (
    <div className="wp-container">
      <title>{`${title} – Waypoint`}</title>
      {step <= 4 ? <Stepper steps={STEPPER_LABELS} current={Math.min(step, 4)} /> : null}
      <h1>{title}</h1>
      {children}
    </div>
  );
}
