import type { ReactNode } from 'react';
import type {
  ApplicationDetail,
  DocumentSummary,
  Locale,
  SectionState,
  TravelerDetail,
} from '@waypoint/contracts';
import { Link } from '@waypoint/platform';
import { countryName, formatDate, rich, useT } from '@waypoint/ui';
import { postPaymentMessages, type PostPaymentT } from './i18n/catalog';
import { questionsFor } from './questions';
import {
  askedSections,
  changePath,
  generalInfoPath,
  travelerName,
  travelerPath,
  type TravelerSectionSlug,
} from './sections';

/** What the summary's texts are written with: the page's messages and language. */
export interface SummaryText {
  t: PostPaymentT;
  locale: Locale;
}

export interface SummaryRow {
  key: string;
  value: ReactNode;
  /** Where "Change" goes (with the return to the review), or none for answers that cannot change. */
  change?: string;
}

/** A GOV.UK summary list: each answer with its question and a Change link that names what it changes. */
export function SummaryList({ rows, about }: { rows: SummaryRow[]; about: string }) {
  const t = useT(postPaymentMessages);
  return (
    <dl className="wpp-summary">
      {rows.map((row) => (
        <div key={row.key} className="wpp-summary__row">
          <dt className="wpp-summary__key">{row.key}</dt>
          <dd className="wpp-summary__value">{row.value}</dd>
          <dd className="wpp-summary__action">
            {row.change ? (
              <Link to={changePath(row.change)}>
                {rich(t('summary.change', { question: row.key, about }), {
                  hidden: (text) => <span className="wp-visually-hidden">{text}</span>,
                })}
              </Link>
            ) : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function answers({ t, locale }: SummaryText) {
  const notAnswered = t('summary.notAnswered');
  return {
    notAnswered,
    answer: (value: string | null | undefined) => (value ? value : notAnswered),
    yesNo: (value: boolean | null | undefined) =>
      value === null || value === undefined ? notAnswered : t(value ? 'form.yes' : 'form.no'),
    date: (value: string | null | undefined) => (value ? formatDate(value, locale) : notAnswered),
    country: (code: string | null | undefined) => (code ? countryName(code, locale) : notAnswered),
    state: (state: SectionState) => (state === 'completed' ? null : t(`state.${state}`)),
  };
}

function documentText(t: PostPaymentT, document: DocumentSummary | null): string {
  if (!document) return t('summary.document.none');
  if (document.status === 'ACCEPTED') return t('summary.document.accepted');
  if (document.status === 'REJECTED') return t('summary.document.rejected');
  return t('summary.document.checking');
}

function documentsState(t: PostPaymentT, traveler: TravelerDetail): string | null {
  const { passportPage, photo } = traveler.sections;
  if (passportPage === 'completed' && photo === 'completed') return null;
  if (passportPage === 'not_started' && photo === 'not_started') return t('state.not_started');
  return t('state.in_progress');
}

export interface SummaryGroup {
  title: string;
  /** The section's state when it is not complete yet (shown beside the title). */
  state: string | null;
  rows: SummaryRow[];
}

/** The answers of the general information section. */
export function generalGroup(
  text: SummaryText,
  application: ApplicationDetail,
  editable: boolean,
): SummaryGroup {
  const { t } = text;
  const { notAnswered, state } = answers(text);
  const g = application.generalInfo;
  const change = editable ? generalInfoPath(application.id) : undefined;
  return {
    title: t('section.general-info.heading'),
    state: state(g.state),
    rows: [
      {
        key: t('general.phoneNumber'),
        value: g.phoneNumber ? (
          <bdi dir="ltr">{`${g.countryCode} ${g.phoneNumber}`}</bdi>
        ) : (
          notAnswered
        ),
        change,
      },
      {
        key: t('summary.updatesBy'),
        value:
          g.state === 'completed'
            ? t(`general.preference.${g.notificationPreference}`)
            : notAnswered,
        change,
      },
    ],
  };
}

/**
 * Every answer of one traveller, section by section, in the order of the sidebar, with Change links on the
 * sections that can change (all of them, none, or those `editable` says).
 */
export function travelerGroups(
  text: SummaryText,
  application: ApplicationDetail,
  traveler: TravelerDetail,
  editable: boolean | ((slug: TravelerSectionSlug) => boolean),
): SummaryGroup[] {
  const { t } = text;
  const { notAnswered, answer, yesNo, date, country } = answers(text);
  const at = (slug: TravelerSectionSlug) =>
    (typeof editable === 'function' ? editable(slug) : editable)
      ? travelerPath(application.id, traveler.id, slug)
      : undefined;
  const state = (key: keyof TravelerDetail['sections']) =>
    answers(text).state(traveler.sections[key]);
  const passport = traveler.passport;
  const later = passport?.addLater === true;
  const { personal, work, declaration } = traveler;
  const gender = personal.gender ? t(`personal.gender.${personal.gender}`) : '';
  const questions = questionsFor(t, application, traveler);
  // A traveller under 16 is not asked about work: their answers have no Work group.
  const workAsked = askedSections(application, traveler).some((section) => section.slug === 'work');
  const workGroup: SummaryGroup = {
    title: t('section.work.heading'),
    state: state('work'),
    rows: [
      {
        key: t('work.currentlyWorking'),
        value: yesNo(work.currentlyWorking),
        change: at('work'),
      },
      ...(work.currentlyWorking
        ? [{ key: t('work.jobTitle'), value: answer(work.jobTitle), change: at('work') }]
        : work.currentlyWorking === false && work.jobTitle
          ? [{ key: t('work.lastPaidWork'), value: answer(work.jobTitle), change: at('work') }]
          : []),
    ],
  };
  return [
    {
      title: t('summary.traveller'),
      state: null,
      rows: [
        { key: t('summary.name'), value: travelerName(traveler) },
        { key: t('summary.dateOfBirth'), value: date(traveler.dateOfBirth) },
        ...(traveler.position === 1 && application.email
          ? [{ key: t('summary.email'), value: <bdi>{application.email}</bdi> }]
          : []),
      ],
    },
    {
      title: t('summary.passport'),
      state: state('passportInfo'),
      rows: [
        {
          key: t('passport.nationality'),
          value: country(passport?.nationality),
          change: at('passport-information'),
        },
        {
          key: t('passport.number'),
          value: later ? (
            t('summary.passportLater')
          ) : passport?.number ? (
            <bdi dir="ltr">{passport.number}</bdi>
          ) : (
            notAnswered
          ),
          change: at('passport-information'),
        },
        {
          key: t('passport.expirationDate'),
          value: later ? notAnswered : date(passport?.expirationDate),
          change: at('passport-information'),
        },
        {
          key: t('summary.anotherNationality'),
          value: later ? notAnswered : yesNo(passport?.hasSecondNationality),
          change: at('passport-information'),
        },
        {
          key: t('summary.issuingCountry'),
          value: country(traveler.passportInfo.issuingCountry),
          change: at('passport-information'),
        },
      ],
    },
    {
      title: t('layout.documents'),
      state: documentsState(t, traveler),
      rows: [
        {
          key: t('section.passport-page.heading'),
          value: documentText(t, traveler.passportPage),
          change: at('passport-page'),
        },
        {
          key: t('section.applicants-photo.heading'),
          value: documentText(t, traveler.photo),
          change: at('applicants-photo'),
        },
      ],
    },
    {
      title: t('section.personal-information.heading'),
      state: state('personal'),
      rows: [
        {
          key: t('personal.countryOfBirth'),
          value: country(personal.countryOfBirth),
          change: at('personal-information'),
        },
        {
          key: t('personal.residentCountry'),
          value: country(personal.residentCountry),
          change: at('personal-information'),
        },
        { key: t('personal.gender'), value: answer(gender), change: at('personal-information') },
        {
          key: t('personal.residenceAddress'),
          value: answer(personal.residenceAddress),
          change: at('personal-information'),
        },
        {
          key: t('personal.cityTown'),
          value: answer(personal.cityTown),
          change: at('personal-information'),
        },
      ],
    },
    ...(workAsked ? [workGroup] : []),
    {
      title: t('section.declaration.heading'),
      state: state('declaration'),
      rows: [
        {
          key: questions.ask('convictions'),
          value: yesNo(declaration.hasConvictions),
          change: at('declaration'),
        },
        ...(declaration.hasConvictions
          ? [
              {
                key: questions.ask('convictionDetails'),
                value: answer(declaration.convictionDetails),
                change: at('declaration'),
              },
            ]
          : []),
        {
          key: questions.ask('terrorism'),
          value: yesNo(declaration.hasTerroristActivities),
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
