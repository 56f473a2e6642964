import {
  DOCUMENT_CHANGE_SECTIONS,
  type AdminApplicationDetail,
  type DocumentSummary,
} from '@waypoint/contracts';
import { cx, rich, useLocale, useT } from '@waypoint/ui';
import { formatDate, formatDateTime } from '../format';
import { adminMessages, type AdminMessage } from '../i18n/catalog';
import { fileType } from './CaseworkRecord';
import { travellerName } from './common';

type ChangeReviewData = NonNullable<AdminApplicationDetail['changeReview']>;
type Item = ChangeReviewData['items'][number];
type CountryName = (code: string | null | undefined) => string;

/** The answers a section's comparison names, by the labels of the traveller's details above. */
const FIELD_LABELS: Record<string, AdminMessage> = {
  phone: 'detail.phone',
  notificationPreference: 'detail.notifications',
  countryOfBirth: 'detail.countryOfBirth',
  residentCountry: 'detail.residentCountry',
  gender: 'detail.gender',
  residenceAddress: 'detail.address',
  cityTown: 'detail.city',
  issuingCountry: 'detail.issuingCountry',
  nationality: 'detail.nationality',
  passportNumber: 'detail.passportNumber',
  expirationDate: 'detail.expirationDate',
  hasSecondNationality: 'detail.secondNationality',
  currentlyWorking: 'detail.currentlyWorking',
  jobTitle: 'detail.jobTitle',
  hasConvictions: 'detail.convictions',
  convictionDetails: 'detail.convictionDetails',
  hasTerroristActivities: 'detail.terrorism',
};

const COUNTRY_FIELDS = ['countryOfBirth', 'residentCountry', 'issuingCountry', 'nationality'];
/** Answers the traveller typed: shown as they are, whatever they say. */
const TYPED_FIELDS = [
  'phone',
  'residenceAddress',
  'cityTown',
  'passportNumber',
  'jobTitle',
  'convictionDetails',
];
const VALUE_LABELS: Record<string, AdminMessage> = {
  yes: 'detail.yes',
  true: 'detail.yes',
  no: 'detail.no',
  false: 'detail.no',
  female: 'detail.female',
  male: 'detail.male',
  whatsapp: 'detail.notification.whatsapp',
  sms: 'detail.notification.sms',
  neither: 'detail.notification.neither',
};

const hidden = (text: string) => <span className="wp-visually-hidden">{text}</span>;

/** One answer as staff read it: yes/no, countries and dates in words; an empty one reads 'Not given'. */
function Answer({
  field,
  value,
  countryName,
}: {
  field: string;
  value: string | null;
  countryName: CountryName;
}) {
  const t = useT(adminMessages);
  const locale = useLocale();
  if (value === null || value.trim() === '')
    return <span className="wpd-muted">{t('detail.notGiven')}</span>;
  const label =
    !TYPED_FIELDS.includes(field) && Object.hasOwn(VALUE_LABELS, value)
      ? VALUE_LABELS[value]
      : undefined;
  if (label) return <>{t(label)}</>;
  if (COUNTRY_FIELDS.includes(field)) return <>{countryName(value)}</>;
  if (field === 'expirationDate') return <>{formatDate(value, locale) || value}</>;
  if (field === 'passportNumber' || field === 'phone')
    return (
      <bdi className="wpd-mono" dir="ltr">
        {value}
      </bdi>
    );
  return <>{value}</>;
}

/** The answers of a section that changed since the request, before and now. */
function FieldsCompared({
  item,
  label,
  countryName,
}: {
  item: Item;
  label: string;
  countryName: CountryName;
}) {
  const t = useT(adminMessages);
  const changed = item.fields.filter((field) => (field.before ?? '') !== (field.after ?? ''));
  if (changed.length === 0)
    return (
      <p className="wpd-muted">
        {item.resolved ? t('review.noAnswerChanged') : t('review.notChangedYet')}
      </p>
    );
  return (
    <div className="wpd-table-wrap">
      <table className="wpd-table wpd-compare">
        <caption className="wp-visually-hidden">
          {t('review.compareCaption', { item: label })}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t('review.answer')}</th>
            <th scope="col">{t('review.before')}</th>
            <th scope="col">{t('review.now')}</th>
          </tr>
        </thead>
        <tbody>
          {changed.map((field) => (
            <tr key={field.field}>
              <th scope="row">
                {Object.hasOwn(FIELD_LABELS, field.field)
                  ? t(FIELD_LABELS[field.field] as AdminMessage)
                  : field.field}
              </th>
              <td className="wpd-compare__before">
                <Answer field={field.field} value={field.before} countryName={countryName} />
              </td>
              <td className="wpd-compare__now">
                <Answer field={field.field} value={field.after} countryName={countryName} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A document as it was or is now: a picture shown, a PDF or other file as a link. */
function DocumentShown({
  document,
  when,
  label,
}: {
  document: DocumentSummary;
  when: 'before' | 'now';
  label: string;
}) {
  const t = useT(adminMessages);
  if (document.contentType.startsWith('image/'))
    return (
      <a href={document.url} target="_blank" rel="noreferrer" className="wpd-doc__preview">
        <img
          src={document.url}
          alt={t(`review.alt.${when}`, { document: label })}
          loading="lazy"
          className="wpd-doc__image"
        />
        <span>{rich(t('doc.openFullSize'), { hidden })}</span>
      </a>
    );
  return (
    <p>
      <a href={document.url} target="_blank" rel="noreferrer">
        {rich(t(`review.open.${when}`, { document: label, type: fileType(document) }), {
          hidden,
        })}
      </a>
    </p>
  );
}

/** A document asked for: the one shown when the change was asked, and the one uploaded since, side by side. */
function DocumentsCompared({ item, label }: { item: Item; label: string }) {
  const t = useT(adminMessages);
  return (
    <div className="wpd-compare-docs">
      <figure className="wpd-compare-doc">
        <figcaption className="wpd-strong">{t('review.before')}</figcaption>
        {item.beforeDocument ? (
          <DocumentShown document={item.beforeDocument} when="before" label={label} />
        ) : (
          <p className="wpd-muted">{t('review.noDocument')}</p>
        )}
      </figure>
      <figure className="wpd-compare-doc">
        <figcaption className="wpd-strong">{t('review.now')}</figcaption>
        {item.afterDocument ? (
          <DocumentShown document={item.afterDocument} when="now" label={label} />
        ) : (
          <p className="wpd-muted">{t('review.notReplacedYet')}</p>
        )}
      </figure>
    </div>
  );
}

/**
 * The latest request for changes: what staff asked of the traveller, whether each change was made, and what changed
 * (a section's answers before and now, a document's file before and now). Shown first, and marked, once the
 * traveller has resubmitted and the application waits for its review again.
 */
export function ChangeReview({
  detail,
  prominent,
  countryName,
}: {
  detail: AdminApplicationDetail;
  prominent: boolean;
  countryName: CountryName;
}) {
  const t = useT(adminMessages);
  const locale = useLocale();
  const review = detail.changeReview;
  if (!review) return null;
  const { application } = detail;
  const done = review.items.filter((item) => item.resolved).length;
  const labelOf = (item: Item) => {
    const section = t(`changes.section.${item.section}`);
    const traveller = application.travelers.find((tr) => tr.id === item.travelerId);
    if (!item.travelerId) return section;
    const name = (traveller && travellerName(traveller)) ?? t('detail.unnamedTraveller');
    return t('changes.itemOf', { name, section });
  };
  const time = (iso: string) => (text: string) => <time dateTime={iso}>{text}</time>;

  return (
    <section
      className={cx('wp-card', 'wpd-section', 'wpd-changes', prominent && 'wpd-changes--prominent')}
      aria-labelledby="changes-heading"
    >
      <h2 id="changes-heading">{t('review.heading')}</h2>
      <p>
        {rich(
          t('review.asked', {
            by: review.requestedBy,
            date: formatDateTime(review.requestedAt, locale),
          }),
          { time: time(review.requestedAt) },
        )}
      </p>
      {review.resubmittedAt ? (
        <p className="wpd-changes__resubmitted">
          {rich(t('review.resubmitted', { date: formatDateTime(review.resubmittedAt, locale) }), {
            time: time(review.resubmittedAt),
          })}
        </p>
      ) : (
        <p>{t('review.progress', { done, total: review.items.length })}</p>
      )}
      <ol className="wpd-changes__items">
        {review.items.map((item) => {
          const label = labelOf(item);
          return (
            <li key={`${item.travelerId ?? 'order'}:${item.section}`} className="wpd-change">
              <h3 className="wpd-change__title">
                {label}{' '}
                <span
                  className={cx(
                    'wp-badge',
                    item.resolved ? 'wpd-change--done' : 'wpd-change--pending',
                  )}
                >
                  {item.resolved ? t('review.done') : t('review.notDone')}
                </span>
              </h3>
              <p className="wpd-change__asked">
                <span className="wpd-strong">{t('review.message')}</span>
              </p>
              <blockquote className="wpd-confirm__reason">{item.message}</blockquote>
              {DOCUMENT_CHANGE_SECTIONS.includes(item.section) ? (
                <DocumentsCompared item={item} label={label} />
              ) : (
                <FieldsCompared item={item} label={label} countryName={countryName} />
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
