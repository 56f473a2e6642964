import { lazy, Suspense } from 'react';
import type {
  AdminApplicationRow,
  DashboardResponse,
  PeriodTotals,
  QueueCounts,
} from '@waypoint/contracts';
import { Link, useAppDispatch } from '@waypoint/platform';
import { useReferenceText, useStatusLabel } from '@waypoint/platform/i18n';
import { Button, Spinner, cx, rich, useLocale, useT } from '@waypoint/ui';
import {
  DateText,
  EmailAddress,
  LoadError,
  StatusBadge,
  useStaffPermissions,
} from '../components/common';
import { STATUSES } from '../filters';
import { applicantEmail, applicantName, formatAmount, formatDate, formatDateTime } from '../format';
import { adminMessages } from '../i18n/catalog';
import { useGetAdminDashboardQuery } from '../state';
import { CHARTS, chartsApi } from './DashboardChartsData';
import { StackedTable } from '../components/StackedTable';

// The trends come last on the page, once the figures above them are in: their code (the period picker, the
// summaries and tables) downloads then, so the staff area's first page does not carry it.
const DashboardCharts = lazy(() =>
  import('./DashboardCharts').then((charts) => ({ default: charts.DashboardCharts })),
);

/** The dashboard's periods, by their label. */
const PERIODS = [
  ['dashboard.today', 'todayCents'],
  ['dashboard.last7Days', 'last7DaysCents'],
  ['dashboard.last30Days', 'last30DaysCents'],
] as const;

/** What came in per period: payments less the refunds settled in it, and both when something was refunded. */
function AmountsPaid({ paid, refunded }: { paid: PeriodTotals; refunded: PeriodTotals }) {
  const t = useT(adminMessages);
  const locale = useLocale();
  return (
    <section aria-labelledby="paid-heading">
      <h2 id="paid-heading">{t('dashboard.amountPaid')}</h2>
      <p className="wp-hint">{t('dashboard.amountPaidHint')}</p>
      <dl className="wpd-cards">
        {PERIODS.map(([label, period]) => (
          <div key={period} className="wp-card wpd-stat">
            <dt className="wpd-stat__label">{t(label)}</dt>
            <dd className="wpd-stat__value">
              {formatAmount(paid[period] - refunded[period], locale)}
            </dd>
            {refunded[period] > 0 ? (
              <dd className="wpd-stat__hint">
                {t('dashboard.paidLessRefunded', {
                  paid: formatAmount(paid[period], locale),
                  refunded: formatAmount(refunded[period], locale),
                })}
              </dd>
            ) : null}
          </div>
        ))}
      </dl>
    </section>
  );
}

function RecentApplications({ rows }: { rows: AdminApplicationRow[] }) {
  const t = useT(adminMessages);
  const reference = useReferenceText();
  const locale = useLocale();
  return (
    <StackedTable
      labelId="recent-caption"
      caption={<h2 className="wpd-caption">{t('dashboard.recent')}</h2>}
      captionShown
      columns={[
        { label: t('column.application') },
        { label: t('column.applicant') },
        { label: t('dashboard.column.visaType') },
        { label: t('column.status') },
        { label: t('column.submitted') },
      ]}
    >
      {rows.length === 0 ? (
        <tr>
          <td colSpan={5}>{t('dashboard.noApplications')}</td>
        </tr>
      ) : (
        rows.map((row) => (
          <tr key={row.id}>
            <th scope="row">
              <Link to={`/admin/applications/${encodeURIComponent(row.id)}`}>#{row.reference}</Link>
            </th>
            {/* The applicant's name, or the guest's e-mail (spec: Admin dashboard). */}
            <td data-label={t('column.applicant')}>
              <span className="wpd-value wpd-wrap">
                {applicantName(row) || <EmailAddress email={applicantEmail(row)} />}
              </span>
            </td>
            <td data-label={t('column.visaType')}>{reference.visaTypeName(row.visaType)}</td>
            <td data-label={t('column.status')}>
              <StatusBadge status={row.status} />
            </td>
            <td data-label={t('column.submitted')}>
              <DateText
                iso={row.submittedAt}
                text={formatDate(row.submittedAt, locale)}
                missing={t('list.notSubmitted')}
              />
            </td>
          </tr>
        ))
      )}
    </StackedTable>
  );
}

/** Marks a figure above zero in words as well as in colour; nothing at zero. */
function Attention({ count }: { count: number }) {
  const t = useT(adminMessages);
  if (count === 0) return null;
  return (
    <>
      {' '}
      <span className="wp-badge wp-badge--warning wpd-attention">
        {t('dashboard.needsAttention')}
      </span>
    </>
  );
}

/** The work queue's figures, each with the list it counts (the applications list's filters). */
const QUEUE = [
  ['overdue', 'dashboard.queue.overdue', 'due=overdue'],
  ['dueToday', 'dashboard.queue.dueToday', 'due=today'],
  ['unassigned', 'dashboard.queue.unassigned', 'assignee=none'],
  ['mine', 'dashboard.queue.mine', 'assignee=me'],
] as const satisfies readonly (readonly [keyof QueueCounts, string, string])[];

/** The open work: overdue, due today, not given to anyone, and one's own; each a link to that list. */
function WorkQueue({ queue }: { queue: QueueCounts }) {
  const t = useT(adminMessages);
  return (
    <section aria-labelledby="queue-heading">
      <h2 id="queue-heading">{t('dashboard.queue')}</h2>
      <ul className="wpd-cards">
        {QUEUE.map(([figure, label, filter]) => {
          const count = queue[figure];
          // Applications past their due date are marked in words as well as in colour.
          const late = figure === 'overdue' && count > 0;
          return (
            <li key={figure} className={cx('wp-card', 'wpd-stat', late && 'wpd-stat--attention')}>
              <Link className="wpd-stat__link" to={`/admin/applications?${filter}`}>
                <span className="wpd-stat__label">{t(label)}</span>{' '}
                <span className="wpd-stat__value">{count}</span>
                <span className="wp-visually-hidden"> {t('dashboard.countSuffix', { count })}</span>
              </Link>
              {late ? <Attention count={count} /> : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/**
 * What needs staff attention behind the scenes: payments not yet turned into orders, e-mails never sent (and other
 * background jobs that failed, listed on the same page).
 */
function Operations({ operations }: { operations: DashboardResponse['operations'] }) {
  const t = useT(adminMessages);
  const { paymentsAwaitingReconciliation: payments, failedEmails, failedJobs } = operations;
  // Admins send failed e-mails again; a caseworker sees how many there are.
  const canResend = useStaffPermissions().failedEmails;
  const strong = (text: string) => <strong>{text}</strong>;
  const failedCount = rich(t('dashboard.failedEmails', { count: failedEmails }), { strong });
  const jobsCount = t('dashboard.failedJobs', { count: failedJobs });
  return (
    <section aria-labelledby="operations-heading">
      <h2 id="operations-heading">{t('dashboard.operations')}</h2>
      <ul className="wpd-cards wpd-ops">
        <li className={cx('wp-card', 'wpd-stat', payments > 0 && 'wpd-stat--attention')}>
          <p className="wpd-ops__figure">
            {rich(t('dashboard.paymentsAwaiting', { count: payments }), { strong })}
            <Attention count={payments} />
          </p>
          <p className="wpd-stat__hint">{t('dashboard.paymentsAwaitingHint')}</p>
        </li>
        <li className={cx('wp-card', 'wpd-stat', failedEmails > 0 && 'wpd-stat--attention')}>
          <p className="wpd-ops__figure">
            {canResend ? <Link to="/admin/emails">{failedCount}</Link> : failedCount}
            <Attention count={failedEmails} />
          </p>
          {failedJobs > 0 ? (
            <p className="wpd-stat__hint">
              {canResend ? <Link to="/admin/emails#failed-jobs">{jobsCount}</Link> : jobsCount}
            </p>
          ) : null}
          <p className="wpd-stat__hint">
            {t('dashboard.failedEmailsHint')}
            {canResend ? null : ` ${t('dashboard.failedEmailsByAdmin')}`}
          </p>
        </li>
      </ul>
    </section>
  );
}

/**
 * Admin dashboard: the work queue, what needs attention, counts by status, money paid, the 10 most recently updated
 * applications, and the trends of a chosen period.
 */
export function DashboardPage() {
  const t = useT(adminMessages);
  const locale = useLocale();
  const statusLabel = useStatusLabel();
  const dispatch = useAppDispatch();
  const { data, error, isError, isFetching, refetch } = useGetAdminDashboardQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  /** Loads the figures and the trends again. */
  const refresh = () => {
    void refetch();
    dispatch(chartsApi.util.invalidateTags([CHARTS]));
  };

  return (
    <>
      <title>{t('dashboard.title')}</title>
      <h1>{t('dashboard.heading')}</h1>
      {isError ? <LoadError what="dashboard" error={error} onRetry={() => void refetch()} /> : null}
      {!data && isFetching ? <Spinner label={t('dashboard.loading')} showLabel /> : null}
      {data ? (
        <div aria-busy={isFetching || undefined}>
          <div className="wpd-updated">
            <p>
              {rich(
                t('dashboard.lastUpdated', { date: formatDateTime(data.lastUpdated, locale) }),
                {
                  time: (text) => <time dateTime={data.lastUpdated}>{text}</time>,
                },
              )}
            </p>
            <Button variant="secondary" size="small" busy={isFetching} onClick={refresh}>
              {t('dashboard.refresh')}
            </Button>
          </div>

          {data.queue ? <WorkQueue queue={data.queue} /> : null}

          <Operations operations={data.operations} />

          <section aria-labelledby="counts-heading">
            <h2 id="counts-heading">{t('dashboard.byStatus')}</h2>
            <ul className="wpd-cards">
              {STATUSES.map((status) => (
                <li key={status} className="wp-card wpd-stat">
                  <Link className="wpd-stat__link" to={`/admin/applications?status=${status}`}>
                    <span className="wpd-stat__label">{statusLabel(status)}</span>{' '}
                    <span className="wpd-stat__value">{data.counts[status] ?? 0}</span>
                    <span className="wp-visually-hidden">
                      {' '}
                      {t('dashboard.countSuffix', { count: data.counts[status] ?? 0 })}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>

          <AmountsPaid paid={data.paid} refunded={data.refunded} />

          <RecentApplications rows={data.applications} />

          <Suspense fallback={<Spinner label={t('charts.loading')} showLabel />}>
            <DashboardCharts />
          </Suspense>
        </div>
      ) : null}
    </>
  );
}
