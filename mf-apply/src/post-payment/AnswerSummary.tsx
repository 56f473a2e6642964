import type { ReactNode } from 'react';
import type { ApplicationDetail, DocumentSummary, TravelerDetail } from '@waypoint/contracts';
import { Link } from '@waypoint/platform';
import { formatDate } from '../wizard/order';
import { TERRORISM_QUESTION } from './questions';
import {
  STATE_LABEL,
  changePath,
  generalInfoPath,
  travelerName,
  travelerPath,
  type TravelerSectionSlug,
} from './sections';

/** Shown for a question that has no answer yet. */
export const NOT_ANSWERED = 'Not answered yet';

export interface SummaryRow {
  key: string;
  value: ReactNode;
  /** Where "Change" goes (with the return to the review), or none for answers that cannot change. */
  change?: string;
}

/** A GOV.UK summary list: each answer with its question and a Change link that names what it changes. */
export function SummaryList({ rows, about }: { rows: SummaryRow[]; about: string }) {
  return (
    <dl className="wpp-summary">
      {rows.map((row) => (
        <div key={row.key} className="wpp-summary__row">
          <dt className="wpp-summary__key">{row.key}</dt>
          <dd className="wpp-summary__value">{row.value}</dd>
          <dd className="wpp-summary__action">
            {row.change ? (
              <Link to={changePath(row.change)}>
                Change<span className="wp-visually-hidden">{` ${row.key} (${about})`}</span>
              </Link>
            ) : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}

const answer = (value: string | null | undefined) => (value ? value : NOT_ANSWERED);
const yesNoText = (value: boolean | null | undefined) =>
  value === null || value === undefined ? NOT_ANSWERED : value ? 'Yes' : 'No';
const date = (value: string | null | undefined) => (value ? formatDate(value) : NOT_ANSWERED);

function documentText(document: DocumentSummary | null): string {
  if (!document) return 'Not uploaded yet';
  if (document.status === 'ACCEPTED') return 'Uploaded, passed our initial review';
  if (document.status === 'REJECTED') return 'Did not pass our initial review: please upload again';
  return 'Uploaded, being checked';
}

function documentsState(traveler: TravelerDetail): string | null {
  const { passportPage, photo } = traveler.sections;
  if (passportPage === 'completed' && photo === 'completed') return null;
  if (passportPage === 'not_started' && photo === 'not_started') return STATE_LABEL.not_started;
  return STATE_LABEL.in_progress;
}

export interface SummaryGroup {
  title: string;
  /** The section's state when it is not complete yet (shown beside the title). */
  state: string | null;
  rows: SummaryRow[];
}

/** The answers of the general information section. */
export function generalGroup(application: ApplicationDetail, editable: boolean): SummaryGroup {
  const g = application.generalInfo;
  const change = editable ? generalInfoPath(application.id) : undefined;
  const updates = { whatsapp: 'WhatsApp', sms: 'SMS', neither: 'Neither' } as const;
  return {
    title: 'General information',
    state: g.state === 'completed' ? null : STATE_LABEL[g.state],
    rows: [
      {
        key: 'Phone number',
        value: g.phoneNumber ? (
          <bdi dir="ltr">{`${g.countryCode} ${g.phoneNumber}`}</bdi>
        ) : (
          NOT_ANSWERED
        ),
        change,
      },
      {
        key: 'Updates by',
        value: g.state === 'completed' ? updates[g.notificationPreference] : NOT_ANSWERED,
        change,
      },
    ],
  };
}

/** Every answer of one traveller, section by section, in the order of the sidebar. */
export function travelerGroups(
  application: ApplicationDetail,
  traveler: TravelerDetail,
  countryName: (code: string | null | undefined) => string,
  editable: boolean,
): SummaryGroup[] {
  const at = (slug: TravelerSectionSlug) =>
    editable ? travelerPath(application.id, traveler.id, slug) : undefined;
  const state = (key: keyof TravelerDetail['sections']) =>
    traveler.sections[key] === 'completed' ? null : STATE_LABEL[traveler.sections[key]];
  const passport = traveler.passport;
  const later = passport?.addLater === true;
  const { personal, work, declaration } = traveler;
  const gender = personal.gender === 'female' ? 'Female' : personal.gender === 'male' ? 'Male' : '';
  return [
    {
      title: 'Traveller',
      state: null,
      rows: [
        { key: 'Name', value: travelerName(traveler) },
        { key: 'Date of birth', value: date(traveler.dateOfBirth) },
        ...(traveler.position === 1 && application.email
          ? [{ key: 'Email', value: <bdi>{application.email}</bdi> }]
          : []),
      ],
    },
    {
      title: 'Passport',
      state: state('passportInfo'),
      rows: [
        {
          key: 'Nationality',
          value: countryName(passport?.nationality),
          change: at('passport-information'),
        },
        {
          key: 'Passport number',
          value: later ? (
            'Not given yet: you chose to add it later'
          ) : passport?.number ? (
            <bdi dir="ltr">{passport.number}</bdi>
          ) : (
            NOT_ANSWERED
          ),
          change: at('passport-information'),
        },
        {
          key: 'Expiration date',
          value: later ? NOT_ANSWERED : date(passport?.expirationDate),
          change: at('passport-information'),
        },
        {
          key: 'Another nationality',
          value: later ? NOT_ANSWERED : yesNoText(passport?.hasSecondNationality),
          change: at('passport-information'),
        },
        {
          key: 'Issuing country',
          value: countryName(traveler.passportInfo.issuingCountry),
          change: at('passport-information'),
        },
      ],
    },
    {
      title: 'Documents',
      state: documentsState(traveler),
      rows: [
        {
          key: 'Passport page',
          value: documentText(traveler.passportPage),
          change: at('passport-page'),
        },
        {
          key: "Applicant's photo",
          value: documentText(traveler.photo),
          change: at('applicants-photo'),
        },
      ],
    },
    {
      title: 'Personal information',
      state: state('personal'),
      rows: [
        {
          key: 'Country of birth',
          value: countryName(personal.countryOfBirth),
          change: at('personal-information'),
        },
        {
          key: 'Resident country',
          value: countryName(personal.residentCountry),
          change: at('personal-information'),
        },
        { key: 'Gender', value: answer(gender), change: at('personal-information') },
        {
          key: 'Residence street address',
          value: answer(personal.residenceAddress),
          change: at('personal-information'),
        },
        { key: 'City/town', value: answer(personal.cityTown), change: at('personal-information') },
      ],
    },
    {
      title: 'Work',
      state: state('work'),
      rows: [
        {
          key: 'Do you currently work?',
          value: yesNoText(work.currentlyWorking),
          change: at('work'),
        },
        ...(work.currentlyWorking
          ? [{ key: 'Job title', value: answer(work.jobTitle), change: at('work') }]
          : []),
      ],
    },
    {
      title: 'Declaration',
      state: state('declaration'),
      rows: [
        {
          key: 'Have you ever been convicted of a criminal offence?',
          value: yesNoText(declaration.hasConvictions),
          change: at('declaration'),
        },
        ...(declaration.hasConvictions
          ? [
              {
                key: 'What did you do?',
                value: answer(declaration.convictionDetails),
                change: at('declaration'),
              },
            ]
          : []),
        {
          key: TERRORISM_QUESTION,
          value: yesNoText(declaration.hasTerroristActivities),
          change: at('declaration'),
        },
      ],
    },
  ];
}

/** One group: its heading (with the state while incomplete) and its answers. */
export function SummaryGroupView({
  group,
  about,
  headingLevel = 3,
  id,
}: {
  group: SummaryGroup;
  about: string;
  headingLevel?: 2 | 3;
  id?: string;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="wpp-summary-group">
      <Heading className="wpp-summary-group__title" id={id}>
        {group.title}
        {group.state ? (
          <span className="wp-badge wp-badge--warning wpp-summary-group__state">{group.state}</span>
        ) : null}
      </Heading>
      <SummaryList rows={group.rows} about={about} />
    </div>
  );
}
