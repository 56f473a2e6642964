import { isRealDate, todayIso } from './wizard';

/**
 * Under the UK Immigration Rules (Appendix Visitor, and the ETA rules that follow them) a child is a person under
 * 18. Neither the portal's spec nor the entry-rules reference sets another threshold, so 18 is the one rule here.
 */
export const ADULT_AGE = 18;

/**
 * Under this age a parent or guardian answers for the traveller, and the questions about work are not asked. Neither
 * the portal's spec nor the entry-rules reference sets an age for this (the reference lists what the official
 * application asks, not of whom), so this is the portal's one rule for it, counted like {@link ADULT_AGE}.
 */
export const PARENT_ANSWERS_UNDER = 16;

/** Whole years between a date of birth and a day (both YYYY-MM-DD); null when either is not a real date. */
export function ageOn(dateOfBirth: string, day: string): number | null {
  if (!isRealDate(dateOfBirth) || !isRealDate(day)) return null;
  const years = Number(day.slice(0, 4)) - Number(dateOfBirth.slice(0, 4));
  // Month and day compared as text: a birthday on 29 February is reached on 1 March in other years.
  const birthdayReached = day.slice(5) >= dateOfBirth.slice(5);
  return birthdayReached ? years : years - 1;
}

/**
 * The day a traveller's age counts on: the arrival date when one is planned, otherwise today (a traveller who has
 * not chosen dates is as old as they are now).
 */
export function ageReferenceDay(
  arrivalDate: string | null | undefined,
  today = todayIso(),
): string {
  return arrivalDate && isRealDate(arrivalDate) ? arrivalDate : today;
}

/**
 * True when a parent or guardian answers for a traveller: under {@link PARENT_ANSWERS_UNDER} on the arrival date
 * (today when none is planned). A missing or unreadable date of birth counts as old enough to answer, so every
 * question is still asked.
 */
export function answeredByParent(
  dateOfBirth: string | null | undefined,
  arrivalDate: string | null | undefined,
  today = todayIso(),
): boolean {
  if (!dateOfBirth) return false;
  const age = ageOn(dateOfBirth, ageReferenceDay(arrivalDate, today));
  return age !== null && age >= 0 && age < PARENT_ANSWERS_UNDER;
}

export interface AgeGroups {
  adults: number;
  children: number;
  /** Travellers whose date of birth is missing or unreadable. */
  unknown: number;
}

/** How many travellers are adults and how many children on the day of travel. */
export function ageGroups(
  datesOfBirth: readonly string[],
  arrivalDate: string | null | undefined,
  today = todayIso(),
): AgeGroups {
  const day = ageReferenceDay(arrivalDate, today);
  const groups: AgeGroups = { adults: 0, children: 0, unknown: 0 };
  for (const dateOfBirth of datesOfBirth) {
    const age = ageOn(dateOfBirth, day);
    if (age === null || age < 0) groups.unknown += 1;
    else if (age < ADULT_AGE) groups.children += 1;
    else groups.adults += 1;
  }
  return groups;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * The traveller count as people read it: '2 adults, 1 child', '1 adult', '3 children'. While a date of birth is
 * still missing the count is simply '3 travellers'.
 */
export function formatAgeGroups(groups: AgeGroups): string {
  const total = groups.adults + groups.children + groups.unknown;
  if (groups.unknown > 0 || total === 0) return plural(total, 'traveller', 'travellers');
  const parts: string[] = [];
  if (groups.adults > 0) parts.push(plural(groups.adults, 'adult', 'adults'));
  if (groups.children > 0) parts.push(plural(groups.children, 'child', 'children'));
  return parts.join(', ');
}

/** {@link formatAgeGroups} of {@link ageGroups}: the one summary the wizard, the orders and the review show. */
export function travelerCountSummary(
  datesOfBirth: readonly string[],
  arrivalDate: string | null | undefined,
  today = todayIso(),
): string {
  return formatAgeGroups(ageGroups(datesOfBirth, arrivalDate, today));
}
