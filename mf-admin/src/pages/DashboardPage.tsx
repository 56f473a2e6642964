import {
  STATUS_LABEL,
  formatEuros,
  type AdminApplicationRow,
  type DashboardResponse,
} from '@waypoint/contracts';
import { Link } from '@waypoint/platform';
import { Button, Spinner, cx } from '@waypoint/ui';
import { DateText, LoadError, StatusBadge } from '../components/common';
import { STATUSES } from '../filters';
import { applicantEmail, applicantName, formatDate, formatDateTime } from '../format';
import { useGetAdminDashboardQuery } from '../state';

function RecentApplications({ rows }: { rows: AdminApplicationRow[] }) {
  return (
    <div
      className="wpd-table-wrap wpd-stacked-wrap"
      role="region"
      aria-labelledby="recent-caption"
      tabIndex={0}
    >
      <table className="wpd-table wpd-stacked">
        <caption id="recent-caption">
          <h2 className="wpd-caption">Recent Applications</h2>
        </caption>
        <thead>
          <tr>
            <th scope="col">Application</th>
            <th scope="col">Applicant</th>
            <th scope="col">Visa Type</th>
            <th scope="col">Status</th>
            <th scope="col">Submitted</th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={5}>No applications yet.</td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.id}>
                <th scope="row">
                  <Link to={`/admin/applications/${encodeURIComponent(row.id)}`}>
                    #{row.reference}
                  </Link>
                </th>
                {/* The applicant's name, or the guest's e-mail (spec: Admin dashboard). */}
                <td data-label="Applicant">
                  <span className="wpd-value wpd-wrap">
                    {applicantName(row) || applicantEmail(row)}
                  </span>
                </td>
                <td data-label="Visa type">{row.visaType.name}</td>
                <td data-label="Status">
                  <StatusBadge status={row.status} />
                </td>
                <td data-label="Submitted">
                  <DateText
                    iso={row.submittedAt}
                    text={formatDate(row.submittedAt)}
                    missing="Not submitted"
                  />
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

/** Marks a figure above zero in words as well as in colour; nothing at zero. */
function Attention({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <>
      {' '}
      <span className="wp-badge wp-badge--warning wpd-attention">Needs attention</span>
    </>
  );
}

/** What needs staff attention behind the scenes: payments not yet turned into orders, e-mails never sent. */
function Operations({ operations }: { operations: DashboardResponse['operations'] }) {
  const { paymentsAwaitingReconciliation: payments, failedEmails } = operations;
  return (
    <section aria-labelledby="operations-heading">
      <h2 id="operations-heading">Operations</h2>
      <ul className="wpd-cards wpd-ops">
        <li className={cx('wp-card', 'wpd-stat', payments > 0 && 'wpd-stat--attention')}>
          <p className="wpd-ops__figure">
            Payments awaiting reconciliation: <strong>{payments}</strong>
            <Attention count={payments} />
          </p>
          <p className="wpd-stat__hint">
            Card payments that succeeded but whose order is not completed yet. They are completed
            automatically within minutes.
          </p>
        </li>
        <li className={cx('wp-card', 'wpd-stat', failedEmails > 0 && 'wpd-stat--attention')}>
          <p className="wpd-ops__figure">
            <Link to="/admin/emails">
              Failed e-mails: <strong>{failedEmails}</strong>
            </Link>
            <Attention count={failedEmails} />
          </p>
          <p className="wpd-stat__hint">E-mails that could not be sent after every retry.</p>
        </li>
      </ul>
    </section>
  );
}

/**
 * Admin dashboard: what needs attention, counts by status, money paid, the 10 most recently updated applications.
 */
export function DashboardPage() {
  const { data, error, isError, isFetching, refetch } = useGetAdminDashboardQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });

  return (
    <>
      <title>Dashboard – Waypoint admin</title>
      <h1>Dashboard</h1>
      {isError ? (
        <LoadError what="the dashboard" error={error} onRetry={() => void refetch()} />
      ) : null}
      {!data && isFetching ? <Spinner label="Loading the dashboard…" showLabel /> : null}
      {data ? (
        <div aria-busy={isFetching || undefined}>
          <div className="wpd-updated">
            <p>
              Last updated:{' '}
              <time dateTime={data.lastUpdated}>{formatDateTime(data.lastUpdated)}</time>
            </p>
            <Button variant="secondary" size="small" busy={isFetching} onClick={() => refetch()}>
              Refresh
            </Button>
          </div>

          <Operations operations={data.operations} />

          <section aria-labelledby="counts-heading">
            <h2 id="counts-heading">Applications by status</h2>
            <ul className="wpd-cards">
              {STATUSES.map((status) => (
                <li key={status} className="wp-card wpd-stat">
                  <Link className="wpd-stat__link" to={`/admin/applications?status=${status}`}>
                    <span className="wpd-stat__label">{STATUS_LABEL[status]}</span>{' '}
                    <span className="wpd-stat__value">{data.counts[status] ?? 0}</span>
                    <span className="wp-visually-hidden"> applications</span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>

          <section aria-labelledby="paid-heading">
            <h2 id="paid-heading">Amount paid</h2>
            <dl className="wpd-cards">
              <div className="wp-card wpd-stat">
                <dt className="wpd-stat__label">Today</dt>
                <dd className="wpd-stat__value">{formatEuros(data.paid.todayCents)}</dd>
              </div>
              <div className="wp-card wpd-stat">
                <dt className="wpd-stat__label">Last 7 days</dt>
                <dd className="wpd-stat__value">{formatEuros(data.paid.last7DaysCents)}</dd>
              </div>
              <div className="wp-card wpd-stat">
                <dt className="wpd-stat__label">Last 30 days</dt>
                <dd className="wpd-stat__value">{formatEuros(data.paid.last30DaysCents)}</dd>
              </div>
            </dl>
          </section>

          <RecentApplications rows={data.applications} />
        </div>
      ) : null}
    </>
  );
}
