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
  arrivalDateIncomplete: ApiMessages['wizard.arrivalDateIncomplete'],
  arrivalDateInvalid: ApiMessages['wizard.arrivalDateInvalid'],
  arrivalDatePast: ApiMessages['wizard.arrivalDatePast'],
  arrivalDateTooFar: ApiMessages['wizard.arrivalDateTooFar'],
  firstNameRequired: ApiMessages['wizard.firstNameRequired'],
  lastNameRequired: ApiMessages['wizard.lastNameRequired'],
  dateOfBirthRequired: ApiMessages['wizard.dateOfBirthRequired'],
  dateOfBirthIncomplete: ApiMessages['wizard.dateOfBirthIncomplete'],
  dateOfBirthInvalid: ApiMessages['wizard.dateOfBirthInvalid'],
  dateOfBirthFuture: ApiMessages['wizard.dateOfBirthFuture'],
  dateOfBirthTooOld: ApiMessages['wizard.dateOfBirthTooOld'],
  emailRequired: ApiMessages['wizard.emailRequired'],
  emailInvalid: ApiMessages['wizard.emailInvalid'],
  maxTravelers: ApiMessages['wizard.maxTravelers'],
  nationalityRequired: ApiMessages['wizard.nationalityRequired'],
  passportNumberRequired: ApiMessages['wizard.passportNumberRequired'],
  passportNumberInvalid: ApiMessages['wizard.passportNumberInvalid'],
  passportExpiryRequired: ApiMessages['wizard.passportExpiryRequired'],
  passportExpiryIncomplete: ApiMessages['wizard.passportExpiryIncomplete'],
  passportExpiryInvalid: ApiMessages['wizard.passportExpiryInvalid'],
  passportExpired: ApiMessages['wizard.passportExpired'],
  passportExpiryTooFar: ApiMessages['wizard.passportExpiryTooFar'],
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

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** True for a day of the calendar written YYYY-MM-DD (no 2027-02-31, no month 13), whatever its year. */
function isCalendarDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(2000, m - 1, d));
  date.setUTCFullYear(y);
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** True for a real calendar date written YYYY-MM-DD (no 2025-02-30). */
export function isRealDate(value: string | null | undefined): value is string {
  return !!value && isCalendarDate(value) && Number(value.slice(0, 4)) >= 1900;
}

/**
 * How far from today the wizard's dates may be, in whole years: the rules below, and the years each date picker
 * offers (`pickerYears`). An ETA lasts 2 years, so a later arrival cannot be planned with it; nobody is older than
 * 120; a passport's validity (10 years in most countries) fits well within 15. The messages say these numbers.
 */
export const DATE_LIMITS = {
  arrivalYearsAhead: 2,
  birthYearsBack: 120,
  passportExpiryYearsAhead: 15,
} as const;

/** The wizard's dates a person picks. */
export type WizardDate = 'arrival' | 'birth' | 'passportExpiry';

/**
 * The years a date picker offers for one of the wizard's dates: every year its rules can accept, the nearest
 * first (this year and later for an arrival or a passport's expiry, this year and earlier for a birth).
 */
export function pickerYears(date: WizardDate, now: Date = new Date()): number[] {
  const year = now.getUTCFullYear();
  const span =
    date === 'birth'
      ? -DATE_LIMITS.birthYearsBack
      : date === 'arrival'
        ? DATE_LIMITS.arrivalYearsAhead
        : DATE_LIMITS.passportExpiryYearsAhead;
  return Array.from({ length: Math.abs(span) + 1 }, (_, i) => year + Math.sign(span) * i);
}

/** The same day `years` years later (earlier when negative), as text: only ever compared with other days. */
function yearsFrom(day: string, years: number): string {
  return `${String(Number(day.slice(0, 4)) + years).padStart(4, '0')}${day.slice(4)}`;
}

/**
 * The first problem of a date as a picker gives it: nothing chosen (''), a part not chosen (the date picker keeps
 * the others, '2027--31'), or a day its month does not have (2027-02-31). Null for a day of the calendar.
 */
function datePickerIssue(
  value: string | null | undefined,
  messages: { required: string; incomplete: string; invalid: string },
): string | null {
  if (!value) return messages.required;
  if (!DATE.test(value)) return messages.incomplete;
  if (!isCalendarDate(value)) return messages.invalid;
  return null;
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
    const arrival = trip.arrivalDate ?? '';
    const message =
      datePickerIssue(arrival, {
        required: WizardText.arrivalDateRequired,
        incomplete: WizardText.arrivalDateIncomplete,
        invalid: WizardText.arrivalDateInvalid,
      }) ??
      (arrival < today
        ? WizardText.arrivalDatePast
        : arrival > yearsFrom(today, DATE_LIMITS.arrivalYearsAhead)
          ? WizardText.arrivalDateTooFar
          : null);
    if (message) issues.push({ path: ['arrivalDate'], message });
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
    const birth =
      datePickerIssue(t.dateOfBirth, {
        required: WizardText.dateOfBirthRequired,
        incomplete: WizardText.dateOfBirthIncomplete,
        invalid: WizardText.dateOfBirthInvalid,
      }) ??
      (t.dateOfBirth >= today
        ? WizardText.dateOfBirthFuture
        : t.dateOfBirth < yearsFrom(today, -DATE_LIMITS.birthYearsBack)
          ? WizardText.dateOfBirthTooOld
          : null);
    if (birth) at('dateOfBirth', birth);
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
  const expiry = p?.expirationDate ?? '';
  const expiryIssue =
    datePickerIssue(expiry, {
      required: WizardText.passportExpiryRequired,
      incomplete: WizardText.passportExpiryIncomplete,
      invalid: WizardText.passportExpiryInvalid,
    }) ??
    (expiry <= today
      ? WizardText.passportExpired
      : expiry > yearsFrom(today, DATE_LIMITS.passportExpiryYearsAhead)
        ? WizardText.passportExpiryTooFar
        : null);
  if (expiryIssue) at('expirationDate', expiryIssue);
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
