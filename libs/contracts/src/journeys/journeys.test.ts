import { z } from 'zod';
import { DocumentKindParam, type ApplicationDetail, type DocumentSummary } from '../post-payment';
import {
  missingItems,
  ORDER_SECTIONS,
  sectionAsked,
  travelerSectionsOf,
  POST_PAYMENT_JOURNEY,
  SECTION_KEY,
  sectionState,
  TRAVELER_SECTIONS,
  type TravelerAnswers,
} from './post-payment';
import {
  draftAnswers,
  draftResumePath,
  issuesBefore,
  reachableStep,
  STEPPER_LABELS,
  WIZARD_JOURNEY,
  WIZARD_STEP_LABEL,
} from './wizard';
import { WIZARD_STEP_NUMBERS } from '../wizard';
import { WIZARD_STEP_BODY } from './wizard-bodies';

const TODAY = '2026-01-10';
const unique = (values: readonly string[]) => new Set(values).size === values.length;

const document = (status: DocumentSummary['status']): DocumentSummary => ({
  id: 'd1',
  kind: 'PHOTO',
  status,
  contentType: 'image/jpeg',
  width: 600,
  height: 800,
  checks: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  url: '/api/application/a/documents/d1',
});

const blankTraveler: TravelerAnswers = {
  id: '6f1c3a52-8a0e-4d8b-9b8e-2f1d7c3b9a10',
  position: 1,
  firstName: 'Ann',
  lastName: 'Lee',
  passport: {
    nationality: 'US',
    number: 'X1234567',
    expirationDate: '2030-01-01',
    hasSecondNationality: false,
    addLater: false,
  },
  personal: {
    countryOfBirth: null,
    residentCountry: null,
    gender: null,
    residenceAddress: null,
    cityTown: null,
  },
  passportInfo: { issuingCountry: null },
  work: { currentlyWorking: null, jobTitle: null },
  declaration: { hasConvictions: null, convictionDetails: null, hasTerroristActivities: null },
  passportPage: null,
  photo: null,
};

const doneTraveler: TravelerAnswers = {
  ...blankTraveler,
  personal: {
    countryOfBirth: 'US',
    residentCountry: 'US',
    gender: 'female',
    residenceAddress: '1 Main Street',
    cityTown: 'Boston',
  },
  passportInfo: { issuingCountry: 'US' },
  work: { currentlyWorking: false, jobTitle: null },
  declaration: { hasConvictions: false, convictionDetails: null, hasTerroristActivities: false },
  passportPage: document('ACCEPTED'),
  photo: document('ACCEPTED'),
};

function application(
  travelers: TravelerAnswers[],
  phoneNumber = '',
): Omit<ApplicationDetail, 'travelers'> & { travelers: ApplicationDetail['travelers'] } {
  return {
    id: 'a',
    reference: 'WP-1',
    status: 'IN_PROGRESS',
    editable: true,
    country: { id: 'US', name: 'United States', flagEmoji: '' },
    visaType: { id: 'eta', name: 'ETA' },
    arrivalDate: null,
    processingName: 'Standard',
    processingHours: 72,
    totalCents: 100,
    email: 'ann@example.com',
    generalInfo: {
      countryCode: '+44',
      phoneNumber,
      notificationPreference: 'sms',
      state: 'not_started',
    },
    travelers: travelers.map((t) => ({
      ...t,
      sections: {
        passportPage: 'not_started',
        photo: 'not_started',
        personal: 'not_started',
        passportInfo: 'not_started',
        work: 'not_started',
        declaration: 'not_started',
      },
    })),
    submittedAt: null,
    decisionReason: null,
  };
}

describe('the post-payment journey', () => {
  it('names every section once, by page and by API path', () => {
    expect(unique(ORDER_SECTIONS.map((s) => s.slug))).toBe(true);
    expect(unique(TRAVELER_SECTIONS.map((s) => s.slug))).toBe(true);
    const apiPaths = POST_PAYMENT_JOURNEY.flatMap((s) => ('apiPath' in s ? [s.apiPath] : []));
    expect(unique(apiPaths)).toBe(true);
    expect(Object.keys(SECTION_KEY).sort()).toEqual(TRAVELER_SECTIONS.map((s) => s.slug).sort());
    expect(unique(Object.values(SECTION_KEY))).toBe(true);
  });

  it('gives every section that is saved or submitted a body schema, and every document an upload kind', () => {
    for (const section of POST_PAYMENT_JOURNEY) {
      if (section.kind === 'document')
        expect(DocumentKindParam.safeParse(section.upload).success).toBe(true);
      else expect(section.body).toBeInstanceOf(z.ZodType);
    }
  });

  it("agrees with the forms' schemas: a section is complete exactly when its saved answers pass its body", () => {
    for (const t of [blankTraveler, doneTraveler]) {
      for (const section of TRAVELER_SECTIONS) {
        if (section.kind === 'document') continue;
        const passes = section.body.safeParse(section.answers(t)).success;
        expect({ section: section.slug, complete: section.isComplete(t) }).toEqual({
          section: section.slug,
          complete: passes,
        });
      }
    }
    for (const section of TRAVELER_SECTIONS) {
      expect({ section: section.slug, blank: section.isComplete(blankTraveler) }).toEqual({
        section: section.slug,
        blank: false,
      });
      expect({ section: section.slug, done: section.isComplete(doneTraveler) }).toEqual({
        section: section.slug,
        done: true,
      });
    }
    const general = ORDER_SECTIONS[0];
    for (const phone of ['', '12', '07911 123456']) {
      const order = application([], phone);
      expect(general.isComplete(order)).toBe(
        general.body.safeParse(general.answers(order)).success,
      );
    }
  });

  it('asks a traveller who chose to add the passport details later for them, and takes only accepted documents', () => {
    const later = { ...doneTraveler, passport: { ...doneTraveler.passport!, addLater: true } };
    const passportInfo = TRAVELER_SECTIONS.find((s) => s.slug === 'passport-information')!;
    expect(passportInfo.isComplete(later)).toBe(false);
    expect(passportInfo.missing(later)).toBe(
      'passport details (number, expiry date, other nationality)',
    );
    const photo = TRAVELER_SECTIONS.find((s) => s.slug === 'applicants-photo')!;
    expect(photo.isComplete({ ...doneTraveler, photo: document('REJECTED') })).toBe(false);
    expect(photo.isComplete({ ...doneTraveler, photo: document('PENDING') })).toBe(false);
  });

  it('lists what is missing from the declaration, in the sidebar order, and nothing once done', () => {
    expect(missingItems(application([blankTraveler]))).toEqual([
      'General information',
      'Traveller 1 (Ann Lee): passport page',
      "Traveller 1 (Ann Lee): applicant's photo",
      'Traveller 1 (Ann Lee): personal information',
      'Traveller 1 (Ann Lee): passport information',
      'Traveller 1 (Ann Lee): work',
      'Traveller 1 (Ann Lee): declaration',
    ]);
    expect(missingItems(application([doneTraveler], '07911 123456'))).toEqual([]);
  });

  it('does not ask a traveller under 16 on the arrival date about work, nor list it as missing', () => {
    const child = { ...blankTraveler, dateOfBirth: '2016-02-01' };
    const arriving = { ...application([child]), arrivalDate: '2026-07-01' };
    expect(travelerSectionsOf(child, arriving.arrivalDate).map((s) => s.slug)).toEqual([
      'passport-page',
      'applicants-photo',
      'personal-information',
      'passport-information',
      'declaration',
    ]);
    expect(missingItems(arriving)).not.toContain('Traveller 1 (Ann Lee): work');
    expect(missingItems(arriving)).toContain('Traveller 1 (Ann Lee): declaration');
    // 16 on the arrival date, or an unknown date of birth: asked.
    const work = TRAVELER_SECTIONS.find((s) => s.slug === 'work')!;
    expect(sectionAsked(work, { dateOfBirth: '2010-07-01' }, '2026-07-01')).toBe(true);
    expect(sectionAsked(work, { dateOfBirth: '2010-07-02' }, '2026-07-01')).toBe(false);
    expect(sectionAsked(work, {}, '2026-07-01')).toBe(true);
    // Without an arrival date, the age counts today.
    expect(sectionAsked(work, { dateOfBirth: '2012-01-01' }, null, TODAY)).toBe(false);
    expect(sectionAsked(work, { dateOfBirth: '2009-01-01' }, null, TODAY)).toBe(true);
    expect(
      missingItems({ ...arriving, travelers: [{ ...child, dateOfBirth: '1990-01-01' }] }),
    ).toContain('Traveller 1 (Ann Lee): work');
  });

  it('states a section: not started until saved, then in progress until its rule holds', () => {
    expect(sectionState(false, false)).toBe('not_started');
    expect(sectionState(false, true)).toBe('in_progress');
    expect(sectionState(true, true)).toBe('completed');
  });
});

const completeDraft = {
  countryId: 'US',
  visaTypeId: 'eta',
  arrivalDate: '2026-02-01',
  hasPlannedDates: true,
  travelers: [
    {
      firstName: 'Ann',
      lastName: 'Lee',
      dateOfBirth: '1990-05-05',
      email: 'ann@example.com',
      passport: {
        nationality: 'US',
        number: 'X1234567',
        expirationDate: '2030-01-01',
        hasSecondNationality: false,
        addLater: false,
      },
    },
  ],
  selectedProcessingOption: 'standard',
  currentStep: 5,
};
const blankDraft = {
  countryId: null,
  visaTypeId: null,
  arrivalDate: null,
  hasPlannedDates: true,
  travelers: [{ firstName: '', lastName: '', dateOfBirth: '' }],
  selectedProcessingOption: null,
  currentStep: 5,
};

describe('the wizard journey', () => {
  it('numbers its steps in order, with unique pages, and requires only earlier steps', () => {
    expect(WIZARD_JOURNEY.map((s) => s.step)).toEqual([1, 2, 3, 4, 5]);
    expect(unique(WIZARD_JOURNEY.map((s) => s.slug))).toBe(true);
    for (const step of WIZARD_JOURNEY) {
      const earlier = WIZARD_JOURNEY.filter((s) => s.step < step.step).map((s) => s.slug);
      for (const slug of step.requires) expect(earlier).toContain(slug);
      expect(STEPPER_LABELS).toContain(step.stepper);
      expect(WIZARD_STEP_BODY[step.step]).toBeInstanceOf(z.ZodObject);
    }
  });

  it('accepts a complete draft in every step body, and its rules find nothing missing', () => {
    for (const step of WIZARD_JOURNEY.slice(0, 4)) {
      expect(WIZARD_STEP_BODY[step.step].safeParse(completeDraft).success).toBe(true);
      expect(step.issues(draftAnswers(completeDraft), TODAY)).toEqual([]);
      expect(step.issues(draftAnswers(blankDraft), TODAY)).not.toEqual([]);
    }
  });

  it('opens a step only once every step it requires is complete, and never beyond the saved step', () => {
    expect(reachableStep(completeDraft, TODAY)).toBe(5);
    expect(reachableStep({ ...completeDraft, currentStep: 3 }, TODAY)).toBe(3);
    expect(reachableStep(blankDraft, TODAY)).toBe(1);
    expect(reachableStep({ ...completeDraft, selectedProcessingOption: null }, TODAY)).toBe(4);
    // An arrival date now past sends the traveller back to the first step.
    expect(reachableStep({ ...completeDraft, arrivalDate: '2026-01-01' }, TODAY)).toBe(1);
    expect(issuesBefore(5, draftAnswers(blankDraft), TODAY).map((i) => i.path[0])).toEqual(
      expect.arrayContaining(['countryId', 'travelers', 'processingOptionId']),
    );
  });

  it("names each step's page for My orders", () => {
    expect(draftResumePath(3)).toBe('/application/passport-info');
    expect(draftResumePath(42)).toBe('/application/trip-details');
    expect(WIZARD_STEP_LABEL[5]).toBe('Review and payment');
  });

  it('declares one step for each of the step numbers pages without the journey use', () => {
    expect(WIZARD_JOURNEY.map((item) => item.step)).toEqual([...WIZARD_STEP_NUMBERS]);
  });
});
