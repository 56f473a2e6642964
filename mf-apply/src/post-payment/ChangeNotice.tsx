import { useId } from 'react';
import {
  changePath,
  changesLeft,
  type ApplicationDetail,
  type ChangeRequest,
  type ChangeRequestItem,
} from '@waypoint/contracts';
import { Link } from '@waypoint/platform';
import { useT } from '@waypoint/ui';
import { changeLabel } from './casework';
import { postPaymentMessages } from './i18n/catalog';
import { reviewPath } from './sections';
import './casework.css';

/**
 * What staff asked to change on this page, above its fields: their message as they wrote it (its line breaks kept,
 * in its own direction, for they may write in another language), and once changed, that it was.
 */
export function ChangeNotice({ change }: { change: ChangeRequestItem | null }) {
  const t = useT(postPaymentMessages);
  const id = useId();
  if (!change) return null;
  return (
    <section
      className={`wpp-change${change.resolved ? ' wpp-change--done' : ''}`}
      role="note"
      aria-labelledby={id}
    >
      <h2 id={id} className="wpp-change__title">
        {t('changes.notice.title')}
      </h2>
      <p className="wpp-change__message" dir="auto">
        {change.message}
      </p>
      {change.resolved ? <p className="wpp-change__done">{t('changes.notice.done')}</p> : null}
    </section>
  );
}

/** On a page staff did not ask to change while the order waits for changes: why it cannot be changed. */
export function LockedNote({ locked }: { locked: boolean }) {
  const t = useT(postPaymentMessages);
  return locked ? <p className="wpp-change-locked">{t('changes.locked')}</p> : null;
}

/** The changes still to make, each a link to its page. */
export function ChangesList({
  application,
  items,
}: {
  application: ApplicationDetail;
  items: readonly ChangeRequestItem[];
}) {
  const t = useT(postPaymentMessages);
  return (
    <ul className="wpp-changes__list">
      {items.map((item) => (
        <li key={`${item.travelerId ?? 'order'}:${item.section}`}>
          <Link to={changePath(application.id, item)}>{changeLabel(t, application, item)}</Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * The layout's banner while the order waits for changes: that something is needed before the application goes to
 * the UK government, and what is left (the review page lists it itself, so the banner there does not).
 */
export function ChangesBanner({
  application,
  changes,
  list,
}: {
  application: ApplicationDetail;
  changes: ChangeRequest;
  /** Whether to list what is left. */
  list: boolean;
}) {
  const t = useT(postPaymentMessages);
  const titleId = useId();
  const left = changesLeft(changes);
  return (
    <section className="wp-banner wp-banner--warning wpp-changes" aria-labelledby={titleId}>
      <div className="wp-banner__body">
        <p className="wp-banner__title" id={titleId}>
          {t('changes.banner.title')}
        </p>
        {!list || changes.items.length === 0 ? null : left.length > 0 ? (
          <>
            <p>{t('changes.banner.left')}</p>
            <ChangesList application={application} items={left} />
          </>
        ) : (
          <p>
            {t('changes.banner.none')}{' '}
            <Link to={reviewPath(application.id)}>{t('changes.banner.review')}</Link>
          </p>
        )}
      </div>
    </section>
  );
}
