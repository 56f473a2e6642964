import type { ReactNode } from 'react';
import {
  expectedDelivery,
  type Country,
  type ProcessingOption,
  type TravelerInput,
  type VisaType,
} from '@waypoint/contracts';
import { Link } from '@waypoint/platform';
import { formatDate, travelerName } from '../wizard/order';
import { Flag } from '@waypoint/ui/icons';

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

/** One part of the order under review, with 'Edit' links named for screen readers ('Edit travelers'). */
export function ReviewCard({ id, title, edits = [], children }: ReviewCardProps) {
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
                Edit{' '}
                <span className={edit.visible ? undefined : 'wp-visually-hidden'}>{edit.what}</span>
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
  return (
    <dl className="wpw-order">
      <div>
        <dt>Nationality</dt>
        <dd>
          {country ? (
            <>
              <Flag code={country.id} /> {country.name}
            </>
          ) : (
            '–'
          )}
        </dd>
      </div>
      <div>
        <dt>Visa type</dt>
        <dd>{visaType?.name ?? '–'}</dd>
      </div>
      <div>
        <dt>Arrival date</dt>
        <dd>{arrivalDate ? formatDate(arrivalDate) : 'No dates planned'}</dd>
      </div>
    </dl>
  );
}

type ReviewedTraveler = Pick<TravelerInput, 'firstName' | 'lastName'> & Partial<TravelerInput>;

function passportLine(passport: TravelerInput['passport']): string | null {
  if (!passport) return null;
  if (passport.addLater) return 'Passport details: to add after payment';
  const number = passport.number.replace(/[\s-]/g, '');
  if (!number) return null;
  const expiry = passport.expirationDate ? `, expires ${formatDate(passport.expirationDate)}` : '';
  return `Passport ending ${number.slice(-4)}${expiry}`;
}

export function TravelerFacts({ travelers }: { travelers: ReviewedTraveler[] }) {
  return (
    <ol className="wpw-travelers">
      {travelers.map((traveler, index) => {
        const passport = passportLine(traveler.passport);
        return (
          <li key={index}>
            <strong>{travelerName(traveler) || `Traveler ${index + 1}`}</strong>
            {traveler.dateOfBirth ? (
              <span className="wpw-muted">Date of birth: {formatDate(traveler.dateOfBirth)}</span>
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
  if (!option) return <p>No processing speed chosen yet.</p>;
  return (
    <>
      <p className="wpw-review__lead">
        <strong>{option.name}</strong> – {option.description}
      </p>
      <p className="wpw-delivery">
        Expected delivery: <strong>{expectedDelivery(option.hours)}</strong>
      </p>
      <p className="wpw-muted wpw-review__note">
        By then we have checked your application and submitted it to the UK government, which makes
        its decision in its own time.
      </p>
    </>
  );
}
