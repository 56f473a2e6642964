import type { OrderTimeline as Timeline, TimelineStep } from '@waypoint/contracts';
import { formatDateTime, useLocale, useReaderClock, useT } from '@waypoint/ui';
import { statusMessages } from './status/catalog';

/** The catalog key of a step's name: the decision is named by its outcome once there is one. */
function stepKey(step: TimelineStep) {
  switch (step.step) {
    case 'paid':
      return 'timeline.paid' as const;
    case 'submitted':
      return 'timeline.submitted' as const;
    case 'in-review':
      return 'timeline.inReview' as const;
    case 'lodged':
      return 'timeline.lodged' as const;
    case 'decided':
      return step.outcome === 'APPROVED'
        ? ('timeline.approved' as const)
        : step.outcome === 'REJECTED'
          ? ('timeline.rejected' as const)
          : ('timeline.decided' as const);
    case 'refunded':
      return 'timeline.refunded' as const;
  }
}

/**
 * An order's progress: paid, submitted, in review, submitted to the UK government, decided, as an ordered
 * list with the time of each step reached (in the reader's language), the latest one marked as the current
 * step.
 */
export function OrderTimeline({
  timeline,
  label,
}: {
  timeline: Timeline;
  /** The list's accessible name (e.g. naming the order when several are shown). */
  label?: string;
}) {
  const t = useT(statusMessages);
  const locale = useLocale();
  // On the reader's clock, which a page rendered on the server (My orders) does not know: see useReaderClock.
  const clock = useReaderClock();
  const current = timeline.reduce((last, step, index) => (step.at ? index : last), -1);
  return (
    <ol className="wp-timeline" aria-label={label ?? t('timeline.label')}>
      {timeline.map((step, index) => {
        const state = step.at ? (index === current ? 'current' : 'done') : 'pending';
        return (
          <li
            key={step.step}
            className={`wp-timeline__step wp-timeline__step--${state}`}
            aria-current={state === 'current' ? 'step' : undefined}
          >
            <span className="wp-timeline__name">{t(stepKey(step))}</span>{' '}
            {step.at ? (
              <time
                className={
                  clock.className ? `wp-timeline__time ${clock.className}` : 'wp-timeline__time'
                }
                dateTime={step.at}
              >
                {formatDateTime(step.at, locale, clock.timeZone)}
              </time>
            ) : (
              <span className="wp-timeline__time">{t('timeline.pending')}</span>
            )}
          </li>
        );
      })}
    </ol>
  );
}
