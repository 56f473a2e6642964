/**
 * The application wizard's rules (spec sections 4, 5 and 9), shared by the browser and the API.
 * Plain functions without zod, so the order of the messages ("the first error shown") is defined once.
 */

import { apiMessage, ApiMessages, messageKeyOf } from './api-messages';

export const MAX_TRAVELERS = 10;

/** The wizard's steps by number; the journey (`journeys/wizard.ts`) declares what each one asks for. */
export const WIZARD_STEP_NUMBERS = [1, 2, 3, 4, 5] as const;
export type WizardStepNumber = (typeof WIZARD_STEP_NUMBERS)[number];

export const WizardText = {
  countryRequired: ApiMessages['wizard.countryRequired'],
  visaTypeRequired: ApiMessages['wizard.visaTypeRequired'],
  arrivalDateRequired: ApiMessages['wizard.arrivalDateRequired'],
  arrivalDateInvalid: ApiMessages['wizard.arrivalDateInvalid'],
  arrivalDatePast: ApiMessages['wizard.arrivalDatePast'],
  firstNameRequired: ApiMessages['wizard.firstNameRequired'],
  lastNameRequired: ApiMessages['wizard.lastNameRequired'],
  dateOfBirthRequired: ApiMessages['wizard.dateOfBirthRequired'],
  dateOfBirthInvalid: ApiMessages['wizard.dateOfBirthInvalid'],
  dateOfBirthFuture: ApiMessages['wizard.dateOfBirthFuture'],
  emailRequired: ApiMessages['wizard.emailRequired'],
  emailInvalid: ApiMessages['wizard.emailInvalid'],
  maxTravelers: ApiMessages['wizard.maxTravelers'],
  nationalityRequired: ApiMessages['wizard.nationalityRequired'],
  passportNumberRequired: ApiMessages['wizard.passportNumberRequired'],
  passportNumberInvalid: ApiMessages['wizard.passportNumberInvalid'],
  passportExpiryRequired: ApiMessages['wizard.passportExpiryRequired'],
  passportExpiryInvalid: ApiMessages['wizard.passportExpiryInvalid'],
  passportExpired: ApiMessages['wizard.passportExpired'],
  secondNationalityRequired: ApiMessages['wizard.secondNationalityRequired'],
  processingRequired: ApiMessages['wizard.processingRequired'],
  precheckTrip: ApiMessages['wizard.precheckTrip'],
  precheckTravelers: ApiMessages['wizard.precheckTravelers'],
  precheckProcessing: ApiMessages['wizard.precheckProcessing'],
  nothingNeeded: ApiMessages['wizard.nothingNeeded'],
} as const;

export interface PassportInput {
  nationality: string;
  number: string;
  expirationDate: string;
  /** null until the traveller answers Yes or No. */
  hasSecondNationality: boolean | null;
  addLater: boolean;
}

export interface TravelerInput {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  /** Asked of traveller 1 only. */
  email?: string;
  passport?: PassportInput;
}

export interface TripInput {
  countryId: string | null;
  visaTypeId: string | null;
  hasPlannedDates: boolean;
  arrivalDate: string | null;
}

export interface Issue {
  path: (string | number)[];
  message: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PASSPORT_NUMBER = /^[A-Z0-9]{5,20}$/;

/** True for a real calendar date written YYYY-MM-DD (no 2025-02-30). */
export function isRealDate(value: string | null | undefined): value is string {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return (
    date.getUTCFullYear() === y &&
    date.getUTCMonth() === m - 1 &&
    date.getUTCDate() === d &&
    y >= 1900
  );
}

/** Today's date (UTC) as YYYY-MM-DD. */
export function todayIso(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** Normalises a passport number as printed: upper case, no spaces or dashes. */
export function normalisePassportNumber(value: string): string {
  return value.replace(/[\s-]/g, '').toUpperCase();
}

export function validateTrip(trip: TripInput, today = todayIso()): Issue[] {
  const issues: Issue[] = [];
  if (!trip.countryId) issues.push({ path: ['countryId'], message: WizardText.countryRequired });
  if (!trip.visaTypeId) issues.push({ path: ['visaTypeId'], message: WizardText.visaTypeRequired });
  if (trip.hasPlannedDates) {
    if (!trip.arrivalDate)
      issues.push({ path: ['arrivalDate'], message: WizardText.arrivalDateRequired });
    else if (!isRealDate(trip.arrivalDate))
      issues.push({ path: ['arrivalDate'], message: WizardText.arrivalDateInvalid });
    else if (trip.arrivalDate < today)
      issues.push({ path: ['arrivalDate'], message: WizardText.arrivalDatePast });
  }
  return issues;
}

const prefix = (index: number, message: string) =>
  apiMessage('wizard.travelerIssue', {
    number: index + 1,
    detailKey: messageKeyOf(message)?.key ?? message,
  });

/** Step 2, traveller by traveller in order; e-mail on traveller 1 only. */
export function validateTravelers(travelers: TravelerInput[], today = todayIso()): Issue[] {
  const issues: Issue[] = [];
  if (travelers.length > MAX_TRAVELERS)
    issues.push({ path: ['travelers'], message: WizardText.maxTravelers });
  if (travelers.length === 0)
    issues.push({
      path: ['travelers', 0, 'firstName'],
      message: prefix(0, WizardText.firstNameRequired),
    });
  travelers.slice(0, MAX_TRAVELERS).forEach((t, i) => {
    const at = (field: string, message: string) =>
      issues.push({ path: ['travelers', i, field], message: prefix(i, message) });
    if (!t.firstName.trim()) at('firstName', WizardText.firstNameRequired);
    if (!t.lastName.trim()) at('lastName', WizardText.lastNameRequired);
    if (!t.dateOfBirth) at('dateOfBirth', WizardText.dateOfBirthRequired);
    else if (!isRealDate(t.dateOfBirth)) at('dateOfBirth', WizardText.dateOfBirthInvalid);
    else if (t.dateOfBirth >= today) at('dateOfBirth', WizardText.dateOfBirthFuture);
    if (i === 0) {
      const email = (t.email ?? '').trim();
      if (!email) at('email', WizardText.emailRequired);
      else if (!EMAIL.test(email)) at('email', WizardText.emailInvalid);
    }
  });
  return issues;
}

/** The wizard's passport fields once they are given (nationality, number, expiry, another nationality). */
export type PassportDetailsInput = Omit<PassportInput, 'addLater'>;

/**
 * The problems of one traveller's passport details, without the "Traveler N:" prefix: the wizard's step 3 and
 * the post-payment passport details (for travellers who chose to add them later) use these same rules.
 */
export function passportDetailsIssues(
  p: Partial<PassportDetailsInput> | undefined,
  today = todayIso(),
): Issue[] {
  const issues: Issue[] = [];
  const at = (field: string, message: string) => issues.push({ path: [field], message });
  const number = normalisePassportNumber(p?.number ?? '');
  if (!number) at('number', WizardText.passportNumberRequired);
  else if (!PASSPORT_NUMBER.test(number)) at('number', WizardText.passportNumberInvalid);
  if (!p?.expirationDate) at('expirationDate', WizardText.passportExpiryRequired);
  else if (!isRealDate(p.expirationDate)) at('expirationDate', WizardText.passportExpiryInvalid);
  else if (p.expirationDate <= today) at('expirationDate', WizardText.passportExpired);
  if (p?.hasSecondNationality === null || p?.hasSecondNationality === undefined)
    at('hasSecondNationality', WizardText.secondNationalityRequired);
  return issues;
}

/** Step 3: nationality always; the rest unless "Add Passport details later" is ticked. */
export function validatePassports(travelers: TravelerInput[], today = todayIso()): Issue[] {
  const issues: Issue[] = [];
  travelers.slice(0, MAX_TRAVELERS).forEach((t, i) => {
    const p = t.passport;
    if (!p?.nationality)
      issues.push({
        path: ['travelers', i, 'passport', 'nationality'],
        message: prefix(i, WizardText.nationalityRequired),
      });
    if (p?.addLater) return;
    for (const issue of passportDetailsIssues(p, today))
      issues.push({
        path: ['travelers', i, 'passport', ...issue.path],
        message: prefix(i, issue.message),
      });
  });
  return issues;
}

export function validateProcessing(optionId: string | null | undefined): Issue[] {
  return optionId ? [] : [{ path: ['processingOptionId'], message: WizardText.processingRequired }];
}

/** Total = (government fee + processing price) × travellers, in cents (spec section 9). */
export function orderTotalCents(
  governmentFeeCents: number,
  processingFeeCents: number,
  travelers: number,
): number {
  return (governmentFeeCents + processingFeeCents) * travelers;
}

/** "Today by 18:30", "Tomorrow by 09:00", or the date and time when later (spec: expected delivery). */
export function expectedDelivery(hours: number, now: Date = new Date(), locale = 'en-GB'): string {
  const due = new Date(now.getTime() + hours * 3_600_000);
  const time = due.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' });
  const day = (d: Date) => `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`;
  const tomorrow = new Date(now);
  tomorrow.setDate(now.getDate() + 1);
  if (day(due) === day(now)) return `Today by ${time}`;
  if (day(due) === day(tomorrow)) return `Tomorrow by ${time}`;
  return `${due.toLocaleDateString(locale, { weekday: 'long', day: 'numeric', month: 'long' })} by ${time}`;
}
