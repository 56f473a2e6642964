import type { ReactNode } from 'react';
import type { Country, ProcessingOption, TravelerInput, VisaType } from '@waypoint/contracts';
import { Link } from '@waypoint/platform';
import { countryName, rich, useLocale, useT } from '@waypoint/ui';
import { Flag } from '@waypoint/ui/icons';
import { applyMessages } from '../i18n/catalog';
import { travelerName } from '../wizard/order';
import { useExpectedDelivery, useFormatDate } from '../wizard/text';
import { useReferenceText } from '@waypoint/platform/i18n';

export interface ReviewCardProps {
  /** Prefix of the heading's id. */
  id: string;
  title: string;
  /**
   * Links to the wizard steps that change this part of the order: 'Edit', with `what` for screen readers only,
   * unless `visible` (a second link on the same card must say what it edits).
   */
  edits?: Array<{ to: string; what: string; visible?: boolean }>;
  children: ReactNode;
}

/** One part of the order under review, with 'Edit' links named for screen readers ('Edit travellers'). */
export function ReviewCard({ id, title, edits = [], children }: ReviewCardProps) {
  const t = useT(applyMessages);
  return (
    <section className="wp-card wpw-review" aria-labelledby={`${id}-title`}>
      <div className="wpw-review__header">
        <h2 id={`${id}-title`} className="wpw-review__title">
          {title}
        </h2>
        {edits.length > 0 ? (
          <div className="wpw-review__edits">
            {edits.map((edit) => (
              <Link key={edit.to} to={edit.to} className="wpw-review__edit">
                {rich(t('review.edit', { what: edit.what }), {
                  what: (text) => (
                    <span className={edit.visible ? undefined : 'wp-visually-hidden'}>{text}</span>
                  ),
                })}
              </Link>
            ))}
          </div>
        ) : null}
      </div>
      {children}
    </section>
  );
}

export function TripFacts({
  country,
  visaType,
  arrivalDate,
}: {
  country: Country | null;
  visaType: VisaType | null;
  arrivalDate: string | null;
}) {
  const t = useT(applyMessages);
  const locale = useLocale();
  const date = useFormatDate();
  const reference = useReferenceText();
  return (
    <dl className="wpw-order">
      <div>
        <dt>{t('common.nationality')}</dt>
        <dd>
          {country ? (
            <>
              <Flag code={country.id} /> {countryName(country.id, locale)}
            </>
          ) : (
            '–'
          )}
        </dd>
      </div>
      <div>
        <dt>{t('common.visaType')}</dt>
        <dd>{visaType ? reference.visaType(visaType).name : '–'}</dd>
      </div>
      <div>
        <dt>{t('common.arrivalDate')}</dt>
        <dd>{arrivalDate ? date(arrivalDate) : t('review.noDates')}</dd>
      </div>
    </dl>
  );
}

type ReviewedTraveler = Pick<TravelerInput, 'firstName' | 'lastName'> & Partial<TravelerInput>;

export function TravelerFacts({ travelers }: { travelers: ReviewedTraveler[] }) {
  const t = useT(applyMessages);
  const date = useFormatDate();
  const passportLine = (passport: TravelerInput['passport']): string | null => {
    if (!passport) return null;
    if (passport.addLater) return t('review.passportLater');
    const number = passport.number.replace(/[\s-]/g, '');
    if (!number) return null;
    const digits = number.slice(-4);
    return passport.expirationDate
      ? t('review.passportEndingExpires', { digits, date: date(passport.expirationDate) })
      : t('review.passportEnding', { digits });
  };
  return (
    <ol className="wpw-travelers">
      {travelers.map((traveler, index) => {
        const passport = passportLine(traveler.passport);
        return (
          <li key={index}>
            <strong>{travelerName(traveler) || t('travelers.title', { number: index + 1 })}</strong>
            {traveler.dateOfBirth ? (
              <span className="wpw-muted">
                {t('review.dateOfBirth', { date: date(traveler.dateOfBirth) })}
              </span>
            ) : null}
            {traveler.email ? (
              <span className="wpw-muted">
                <bdi>{traveler.email}</bdi>
              </span>
            ) : null}
            {passport ? <span className="wpw-muted">{passport}</span> : null}
          </li>
        );
      })}
    </ol>
  );
}

export function ProcessingFacts({ option }: { option: ProcessingOption | null }) {
  const t = useT(applyMessages);
  const reference = useReferenceText();
  const expectedDelivery = useExpectedDelivery();
  if (!option) return <p>{t('review.noSpeed')}</p>;
  const strong = (text: string) => <strong>{text}</strong>;
  return (
    <>
      <p className="wpw-review__lead">
        {rich(
          t('review.speed', {
            name: reference.optionName(option),
            description: reference.optionDescription(option),
          }),
          { strong },
        )}
      </p>
      <p className="wpw-delivery">
        {rich(t('review.delivery', { due: expectedDelivery(option.hours) }), { strong })}
      </p>
      <p className="wpw-muted wpw-review__note">{t('review.deliveryNote')}</p>
    </>
  );
}
