import type { z } from 'zod';
import { apiMessage, ApiMessages, messageKeyOf, type ApiMessageRef } from '../api-messages';
import { answeredByParent } from '../ages';
import { GeneralInfoBody } from '../phone';
import type { ChangeSection } from '../casework';
import {
  DeclarationBody,
  PassportInfoBody,
  PersonalInfoBody,
  SubmitBody,
  WorkInfoBody,
  type ApplicationDetail,
  type DocumentKindParam,
  type SectionState,
  type TravelerDetail,
} from '../post-payment';

/**
 * The steps after payment, declared once (spec sections 2 and 8): each section's page, whether it is asked once
 * per order or of every traveller, the body its page sends, and the rule that makes it complete. The API's routes,
 * section states and missing-items list, and the browser's sidebar, routes and page order all read this list.
 *
 * Kinds: `form` saves a body with `PUT /api/application/:id/{apiPath}`; `passport-details` is a form that also
 * takes the passport details a traveller chose to give later; `document` is an upload
 * (`/api/application/:id/travelers/:travelerId/documents/{upload}`); `review` submits the application.
 */

/** A traveller's answers as the application holds them (what the completion rules read). */
export type TravelerAnswers = Omit<TravelerDetail, 'sections'>;
/** The order's own answers as the application holds them. */
export interface OrderAnswers {
  generalInfo: Pick<
    ApplicationDetail['generalInfo'],
    'countryCode' | 'phoneNumber' | 'notificationPreference'
  >;
  submittedAt: string | null;
}

type Who<Scope> = Scope extends 'traveller' ? TravelerAnswers : OrderAnswers;

interface SectionBase<Scope extends 'order' | 'traveller'> {
  /** The page: `/application/{id}/{slug}`, or `/application/{id}/travelers/{travelerId}/{slug}`. */
  slug: string;
  /** The name in the sidebar. */
  title: string;
  /** The page's heading. */
  heading: string;
  scope: Scope;
  /** True when the section is done; the API derives the section's state and the missing list from it. */
  isComplete: (data: Who<Scope>) => boolean;
  /** How the missing-items list names what is left to do; null for a section that is not a prerequisite. */
  missing: ((data: Who<Scope>) => string) | null;
  /**
   * A traveller's section only: true when it is not asked of a traveller a parent or guardian answers for (see
   * `answeredByParent`): it is then neither shown nor required.
   */
  skippedWhenParentAnswers?: boolean;
}

interface FormSection<Scope extends 'order' | 'traveller'> extends SectionBase<Scope> {
  kind: 'form' | 'passport-details';
  apiPath: string;
  summary: string;
  body: z.ZodType;
  /** The body the section's page would send for the saved answers. */
  answers: (data: Who<Scope>) => unknown;
}

interface DocumentSection extends SectionBase<'traveller'> {
  kind: 'document';
  /** The document kind in the upload's path. */
  upload: DocumentKindParam;
}

interface ReviewSection extends SectionBase<'order'> {
  kind: 'review';
  apiPath: string;
  summary: string;
  body: z.ZodType;
}

export type PostPaymentSectionDeclaration =
  FormSection<'order'> | FormSection<'traveller'> | DocumentSection | ReviewSection;

const parses = (schema: z.ZodType, value: unknown) => schema.safeParse(value).success;

/** The order's sections, in the sidebar's order: general information first, the review last. */
export const ORDER_SECTIONS = [
  {
    slug: 'general-info',
    title: 'General Information',
    heading: 'General information',
    scope: 'order',
    kind: 'form',
    apiPath: 'general-info',
    summary: 'Phone and notification preference',
    body: GeneralInfoBody,
    answers: (order) => ({ ...order.generalInfo }),
    isComplete: (order) => parses(GeneralInfoBody, { ...order.generalInfo }),
    missing: () => ApiMessages['missing.generalInformation'],
  },
  {
    slug: 'review',
    title: 'Review & submit',
    heading: 'Check your answers',
    scope: 'order',
    kind: 'review',
    apiPath: 'submit',
    summary: 'Submit when every section and document is complete and the declaration is confirmed',
    body: SubmitBody,
    isComplete: (order) => order.submittedAt !== null,
    missing: null,
  },
] as const satisfies readonly PostPaymentSectionDeclaration[];

const personalAnswers = (t: TravelerAnswers) => ({ travelerId: t.id, ...t.personal });
const passportInfoAnswers = (t: TravelerAnswers) => ({
  travelerId: t.id,
  issuingCountry: t.passportInfo.issuingCountry,
});
const workAnswers = (t: TravelerAnswers) => ({
  travelerId: t.id,
  currentlyWorking: t.work.currentlyWorking,
  jobTitle: t.work.jobTitle ?? '',
});
const declarationAnswers = (t: TravelerAnswers) => ({
  travelerId: t.id,
  hasConvictions: t.declaration.hasConvictions,
  convictionDetails: t.declaration.convictionDetails ?? '',
  hasTerroristActivities: t.declaration.hasTerroristActivities,
});

/** Every traveller's sections, in the spec's order (the documents first). */
export const TRAVELER_SECTIONS = [
  {
    slug: 'passport-page',
    skippedWhenParentAnswers: false,
    title: 'Passport Page',
    heading: 'Passport page',
    scope: 'traveller',
    kind: 'document',
    upload: 'passport-page',
    isComplete: (t) => t.passportPage?.status === 'ACCEPTED',
    missing: () => ApiMessages['missing.passportPage'],
  },
  {
    slug: 'applicants-photo',
    skippedWhenParentAnswers: false,
    title: "Applicant's photo",
    heading: "Applicant's photo",
    scope: 'traveller',
    kind: 'document',
    upload: 'photo',
    isComplete: (t) => t.photo?.status === 'ACCEPTED',
    missing: () => ApiMessages['missing.photo'],
  },
  {
    slug: 'personal-information',
    skippedWhenParentAnswers: false,
    title: 'Personal information',
    heading: 'Personal information',
    scope: 'traveller',
    kind: 'form',
    apiPath: 'personal-info',
    summary: "A traveller's personal information",
    body: PersonalInfoBody,
    answers: personalAnswers,
    isComplete: (t) => parses(PersonalInfoBody, personalAnswers(t)),
    missing: () => ApiMessages['missing.personalInformation'],
  },
  {
    slug: 'passport-information',
    skippedWhenParentAnswers: false,
    title: 'Passport Information',
    heading: 'Passport information',
    scope: 'traveller',
    kind: 'passport-details',
    apiPath: 'passport-info',
    summary: "The country that issued a traveller's passport",
    body: PassportInfoBody,
    answers: passportInfoAnswers,
    // A traveller who chose to add the passport's details later has not finished until they do.
    isComplete: (t) => !t.passport?.addLater && parses(PassportInfoBody, passportInfoAnswers(t)),
    missing: (t) =>
      t.passport?.addLater
        ? ApiMessages['missing.passportDetails']
        : ApiMessages['missing.passportInformation'],
  },
  {
    slug: 'work',
    skippedWhenParentAnswers: true,
    title: 'Work',
    heading: 'Work',
    scope: 'traveller',
    kind: 'form',
    apiPath: 'work-info',
    summary: "A traveller's work",
    body: WorkInfoBody,
    answers: workAnswers,
    isComplete: (t) => parses(WorkInfoBody, workAnswers(t)),
    missing: () => ApiMessages['missing.work'],
  },
  {
    slug: 'declaration',
    skippedWhenParentAnswers: false,
    title: 'Declaration',
    heading: 'Declaration',
    scope: 'traveller',
    kind: 'form',
    apiPath: 'declaration',
    summary: "A traveller's declaration",
    body: DeclarationBody,
    answers: declarationAnswers,
    isComplete: (t) => parses(DeclarationBody, declarationAnswers(t)),
    missing: () => ApiMessages['missing.declaration'],
  },
] as const satisfies readonly PostPaymentSectionDeclaration[];

/** Every section after payment. */
export const POST_PAYMENT_JOURNEY = [...ORDER_SECTIONS, ...TRAVELER_SECTIONS] as const;

export type OrderSection = (typeof ORDER_SECTIONS)[number];
export type TravelerSection = (typeof TRAVELER_SECTIONS)[number];
export type PostPaymentSection = (typeof POST_PAYMENT_JOURNEY)[number];
export type TravelerSectionSlug = TravelerSection['slug'];
/** The sections saved with `PUT /api/application/:id/{apiPath}`. */
export type FormSectionOf<S extends PostPaymentSection = PostPaymentSection> = Extract<
  S,
  { kind: 'form' | 'passport-details' }
>;
export type TravelerFormSection = FormSectionOf<TravelerSection>;
export type TravelerFormSlug = TravelerFormSection['slug'];
/** The `PUT /api/application/{id}/…` paths and the bodies their pages send. */
export type SectionBodies = {
  [S in FormSectionOf as S['apiPath']]: z.input<S['body']>;
};
export type SectionPath = keyof SectionBodies;

/** Where each traveller section's state is kept in {@link TravelerDetail.sections}. */
export const SECTION_KEY = {
  'passport-page': 'passportPage',
  'applicants-photo': 'photo',
  'personal-information': 'personal',
  'passport-information': 'passportInfo',
  work: 'work',
  declaration: 'declaration',
} as const satisfies Record<TravelerSectionSlug, keyof TravelerDetail['sections']>;

/** Whose answers a traveller's sections are asked for: their date of birth, and the trip's arrival date. */
export interface TravelerAsked {
  dateOfBirth?: string | null;
}

/**
 * True when a traveller's section is asked of them: every section, except those skipped while a parent or
 * guardian answers for a traveller under 16 on the arrival date (the work questions).
 */
export function sectionAsked(
  section: { skippedWhenParentAnswers?: boolean },
  traveler: TravelerAsked,
  arrivalDate: string | null | undefined,
  today?: string,
): boolean {
  return !(
    section.skippedWhenParentAnswers && answeredByParent(traveler.dateOfBirth, arrivalDate, today)
  );
}

/** The sections asked of a traveller, in the sidebar's order (see {@link sectionAsked}). */
export function travelerSectionsOf(
  traveler: TravelerAsked,
  arrivalDate: string | null | undefined,
  today?: string,
): TravelerSection[] {
  return TRAVELER_SECTIONS.filter((section) => sectionAsked(section, traveler, arrivalDate, today));
}

/**
 * A section's state: not started until something was saved (or uploaded), completed once its rule holds, in
 * progress in between.
 */
export function sectionState(complete: boolean, started: boolean): SectionState {
  if (!started) return 'not_started';
  return complete ? 'completed' : 'in_progress';
}

/** The `missing.*` key of a section's missing text (each is a catalog text, see `ApiMessages`). */
function missingKey(text: string): ApiMessageRef['key'] {
  const ref = messageKeyOf(text);
  if (!ref) throw new Error(`The missing-items text "${text}" is not in the message catalog`);
  return ref.key;
}

/**
 * What is still missing, in the order of the sidebar, as catalog messages (so a front end names them in the
 * reader's language). Empty when the application can be submitted.
 */
export function missingItemRefs(detail: ApplicationDetail): ApiMessageRef[] {
  const missing: ApiMessageRef[] = [];
  for (const section of ORDER_SECTIONS)
    if (section.missing && !section.isComplete(detail))
      missing.push({ key: missingKey(section.missing()) });
  for (const t of detail.travelers) {
    for (const section of travelerSectionsOf(t, detail.arrivalDate))
      if (!section.isComplete(t))
        missing.push({
          key: 'application.missingTravelerItem',
          params: {
            number: t.position,
            name: `${t.firstName} ${t.lastName}`,
            itemKey: missingKey(section.missing(t)),
          },
        });
  }
  return missing;
}

/** What is still missing, in English (`missingItemRefs` as texts). Empty when the application can be submitted. */
export function missingItems(detail: ApplicationDetail): string[] {
  return missingItemRefs(detail).map((ref) => apiMessage(ref.key, ref.params));
}

/** A section by its slug. */
export function postPaymentSection<S extends PostPaymentSection['slug']>(
  slug: S,
): Extract<PostPaymentSection, { slug: S }> {
  return POST_PAYMENT_JOURNEY.find((section) => section.slug === slug) as Extract<
    PostPaymentSection,
    { slug: S }
  >;
}

type SameSet<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** The sections a change can be asked for are the journey's sections, the review aside (fails to compile if not). */
export type ChangeSectionsAreTheJourney =
  SameSet<ChangeSection, Exclude<PostPaymentSection['slug'], 'review'>> extends true ? true : never;
export const CHANGE_SECTIONS_ARE_THE_JOURNEY: ChangeSectionsAreTheJourney = true;
