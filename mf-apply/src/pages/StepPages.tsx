import { Navigate } from '@waypoint/platform';
import { WizardStepPage } from '../wizard/WizardLayout';

export function PersonalInfoPage() {
  return <WizardStepPage step={2} title="Your information" />;
}

export function PassportInfoPage() {
  return <WizardStepPage step={3} title="Passport information" />;
}

export function ProcessingTimePage() {
  return <WizardStepPage step={4} title="Processing time" />;
}

export function CheckoutPage() {
  return <WizardStepPage step={5} title="Review your order" />;
}

/**
 * The confirmation after payment. Until an application has been paid in this visit there is nothing to confirm,
 * so the traveller is taken to the start of the wizard.
 */
export function SuccessPage() {
  return <Navigate to="/application/trip-details" replace />;
}
