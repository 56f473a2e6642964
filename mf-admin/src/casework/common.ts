import type {
  AdminApplicationDetail,
  DecisionBody,
  FieldErrors,
  TravelerDetail,
} from '@waypoint/contracts';
import type { FormFields } from '@waypoint/platform';
import { fullName } from '../format';

/**
 * Sends a staff step. Resolves with the field errors of the form's `fields` when the server refused the step
 * with some of them (the form shows them at its fields), else with null: the step was saved, or the panel shows
 * why it was not.
 */
export type SendDecision = (body: DecisionBody, fields: FormFields) => Promise<FieldErrors | null>;

/** What every casework form is given by the decision panel. */
export interface CaseworkFormProps {
  detail: AdminApplicationDetail;
  send: SendDecision;
  /** True while a step is being saved. */
  busy: boolean;
}

/** A traveller's name as the forms show it, or null when they have none yet. */
export function travellerName(traveller: Pick<TravelerDetail, 'firstName' | 'lastName'>) {
  return fullName(traveller.firstName, traveller.lastName) || null;
}

/** Who applied, as the confirmations name them: the lead traveller, else the account holder, else the e-mail. */
export function applicantOf(detail: AdminApplicationDetail): string | null {
  const lead = detail.application.travelers[0];
  return (
    fullName(lead?.firstName, lead?.lastName) ||
    fullName(detail.account?.firstName, detail.account?.lastName) ||
    detail.account?.email ||
    detail.application.email ||
    null
  );
}

/** The passport number staff see for a traveller, if any. */
export function passportNumberOf(detail: AdminApplicationDetail, travelerId: string) {
  const fromDetail = detail.passports.find((p) => p.travelerId === travelerId)?.number;
  const fromTraveller = detail.application.travelers.find((t) => t.id === travelerId)?.passport
    ?.number;
  return (fromDetail ?? fromTraveller ?? '').replace(/[\s-]/g, '').toUpperCase();
}
