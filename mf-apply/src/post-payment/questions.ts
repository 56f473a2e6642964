import type { ApplicationDetail, TravelerDetail } from '@waypoint/contracts';
import english from './i18n/en.json';
import type { PostPaymentMessage, PostPaymentT } from './i18n/catalog';
import { parentAnswers } from './sections';

/** The declaration's second question in English, as the form asks it and the review repeats it. */
export const TERRORISM_QUESTION = english['declaration.terrorism'];

/**
 * The questions of a traveller's sections that speak to the traveller, each worded twice: as asked of the traveller
 * ("Have you ever been convicted…"), and as asked of a parent or guardian answering for a traveller under 16 ("Has
 * {firstName} ever been convicted…"). The forms and "Check your answers" both ask through this table.
 */
export const QUESTIONS = {
  genderHint: { self: 'personal.genderHint', parent: 'parent.genderHint' },
  genderHintFromPassport: {
    self: 'personal.genderHintFromPassport',
    parent: 'parent.genderHintFromPassport',
  },
  secondNationality: { self: 'passport.secondNationality', parent: 'parent.secondNationality' },
  issuingCountry: { self: 'passport.issuingCountry', parent: 'parent.issuingCountry' },
  convictions: { self: 'declaration.convictions', parent: 'parent.convictions' },
  convictionDetails: { self: 'declaration.convictionDetails', parent: 'parent.convictionDetails' },
  terrorism: { self: 'declaration.terrorism', parent: 'parent.terrorism' },
} as const satisfies Record<string, { self: PostPaymentMessage; parent: PostPaymentMessage }>;

export type QuestionId = keyof typeof QUESTIONS;

/** How a traveller's questions are worded: to them, or to the parent or guardian answering for them. */
export interface Questions {
  /** True when a parent or guardian answers (the traveller is under 16 on the arrival date, or today). */
  parent: boolean;
  /** The traveller's first name, as the parent's questions name them. */
  firstName: string;
  /** A question in the page's language, worded for whoever answers. */
  ask: (id: QuestionId) => string;
}

/** The wording of a traveller's questions (see {@link QUESTIONS}). */
export function questionsFor(
  t: PostPaymentT,
  application: ApplicationDetail,
  traveler: TravelerDetail,
): Questions {
  const parent = parentAnswers(application, traveler);
  // A child without a first name on the order is named in full, or as "this traveller".
  const firstName =
    traveler.firstName.trim() || traveler.lastName.trim() || t('parent.thisTraveller');
  return {
    parent,
    firstName,
    ask: (id) => (parent ? t(QUESTIONS[id].parent, { firstName }) : t(QUESTIONS[id].self)),
  };
}
