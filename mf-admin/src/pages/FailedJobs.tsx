import { useEffect, useRef, useState } from 'react';
import {
  BACKGROUND_JOBS,
  orderReference,
  type FailedJob,
  type FailedJobsResponse,
} from '@waypoint/contracts';
import { Link, isApiError, useLocation, type ApiError } from '@waypoint/platform';
import { useErrorText } from '@waypoint/platform/i18n';
import { Button, ErrorBox, useLocale, useT } from '@waypoint/ui';
import { DateText } from '../components/common';
import { formatDateTime } from '../format';
import { adminMessages, type AdminMessage } from '../i18n/catalog';
import { useRetryJobMutation, type RetryJobInput } from '../state';
import { StackedTable } from '../components/StackedTable';

type Translate = (key: AdminMessage, values?: Record<string, string | number>) => string;

/** What the job does, in words; the queue's own name for one this front end does not know. */
export function jobName(queue: string, t: Translate): string {
  const known = BACKGROUND_JOBS.find((job) => job === queue);
  return known ? t(`jobs.queue.${known}`) : queue;
}

function JobRow({
  job,
  running,
  onRun,
}: {
  job: FailedJob;
  running: boolean;
  onRun: (job: RetryJobInput) => void;
}) {
  const t = useT(adminMessages);
  const locale = useLocale();
  const name = jobName(job.queue, t);
  const orderId = `failed-job-${job.id}-order`;
  return (
    <tr>
      <th scope="row" className="wpd-job">
        {name}
      </th>
      <td id={orderId} data-label={t('jobs.column.order')}>
        {job.applicationId ? (
          <Link to={`/admin/applications/${encodeURIComponent(job.applicationId)}`}>
            #{orderReference(job.applicationId)}
          </Link>
        ) : (
          <>
            <span aria-hidden="true">—</span>
            <span className="wp-visually-hidden">{t('jobs.noOrder')}</span>
          </>
        )}
      </td>
      <td className="wpd-num" data-label={t('emails.column.attempts')}>
        {job.attempts}
      </td>
      <td data-label={t('emails.column.lastError')}>
        {job.lastError ? (
          <span className="wpd-error-text wpd-mono">{job.lastError}</span>
        ) : (
          <>
            <span aria-hidden="true">—</span>
            <span className="wp-visually-hidden">{t('emails.noError')}</span>
          </>
        )}
      </td>
      <td data-label={t('jobs.column.failed')}>
        <DateText
          iso={job.failedAt}
          text={formatDateTime(job.failedAt, locale)}
          missing={t('emails.unknownDate')}
        />
      </td>
      <td className="wpd-cell-actions">
        <span className="wpd-actions">
          <Button
            variant="secondary"
            size="small"
            busy={running}
            busyLabel={t('jobs.running')}
            aria-label={t('jobs.runAgainNamed', { job: name })}
            // Two jobs of one kind differ by their order: it is read out with the button.
            aria-describedby={job.applicationId ? orderId : undefined}
            onClick={() => onRun({ id: job.id, queue: job.queue })}
          >
            {t('jobs.runAgain')}
          </Button>
        </span>
      </td>
    </tr>
  );
}

/** What happened when running a job again: it will run, or it did not, with the server's reason for a refusal. */
type Outcome =
  | { kind: 'started' | 'failed'; queue: string }
  | { kind: 'refused'; queue: string; error: ApiError };

/**
 * Background jobs other than e-mails that failed every attempt, newest first, each of which an admin can run
 * again. Nothing at all when none has failed, so the page is the failed e-mails alone.
 */
export function FailedJobs({
  data,
  isFetching,
}: {
  data: FailedJobsResponse | undefined;
  isFetching: boolean;
}) {
  const t = useT(adminMessages);
  const errorText = useErrorText();
  const location = useLocation();
  const [retry] = useRetryJobMutation();
  const [running, setRunning] = useState<ReadonlySet<string>>(new Set());
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const jobs = data?.jobs ?? [];
  // The section stays while it says what happened, even once the last job has left the list.
  const shown = jobs.length > 0 || outcome !== null;

  // The button just pressed goes away with its row: the focus moves to what happened instead.
  const outcomeRef = useRef<HTMLDivElement>(null);
  const focusOutcome = useRef(false);
  useEffect(() => {
    if (!focusOutcome.current) return;
    focusOutcome.current = false;
    outcomeRef.current?.focus();
  });

  // The dashboard links here with #failed-jobs: the section's heading gets the focus once the list is in.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusedHeading = useRef(false);
  useEffect(() => {
    if (!shown || focusedHeading.current || location.hash !== '#failed-jobs') return;
    focusedHeading.current = true;
    headingRef.current?.focus();
  }, [shown, location.hash]);

  const run = async (job: RetryJobInput) => {
    if (running.has(job.id)) return;
    setOutcome(null);
    setRunning((current) => new Set(current).add(job.id));
    const reply = await retry(job);
    setRunning((current) => {
      const next = new Set(current);
      next.delete(job.id);
      return next;
    });
    if ('data' in reply && reply.data) {
      setOutcome({ kind: 'started', queue: job.queue });
    } else {
      const error = 'error' in reply && isApiError(reply.error) ? reply.error : undefined;
      // A refusal (a job no longer failed: 404) has the server's reason; anything else is worth another try.
      setOutcome(
        error && error.status >= 400 && error.status < 500 && error.message
          ? { kind: 'refused', queue: job.queue, error }
          : { kind: 'failed', queue: job.queue },
      );
    }
    focusOutcome.current = true;
  };

  if (!shown) return null;

  return (
    <section id="failed-jobs" className="wpd-jobs" aria-labelledby="failed-jobs-heading">
      <h2 id="failed-jobs-heading" tabIndex={-1} ref={headingRef}>
        {t('jobs.heading')}
      </h2>
      <p>{t('jobs.intro')}</p>

      {outcome ? (
        <div ref={outcomeRef} tabIndex={-1} className="wpd-outcome">
          {outcome.kind === 'started' ? (
            <p role="status" className="wpd-result">
              {t('jobs.willRun', { job: jobName(outcome.queue, t) })}
            </p>
          ) : (
            <ErrorBox>
              <p>
                {outcome.kind === 'refused'
                  ? t('jobs.notRunBecause', {
                      job: jobName(outcome.queue, t),
                      reason: errorText(outcome.error),
                    })
                  : t('jobs.notRun', { job: jobName(outcome.queue, t) })}
              </p>
            </ErrorBox>
          )}
        </div>
      ) : null}

      {data && jobs.length > 0 ? (
        <div aria-busy={isFetching || undefined}>
          <p className="wpd-updated">
            {data.total > jobs.length
              ? t('jobs.mostRecent', { shown: jobs.length, total: data.total })
              : t('jobs.count', { count: data.total })}
          </p>
          <StackedTable
            labelId="failed-jobs-caption"
            caption={t('jobs.caption')}
            columns={[
              { label: t('jobs.column.job') },
              { label: t('jobs.column.order') },
              { label: t('emails.column.attempts'), numeric: true },
              { label: t('emails.column.lastError') },
              { label: t('jobs.column.failed') },
              { label: t('emails.column.action') },
            ]}
          >
            {jobs.map((job) => (
              <JobRow
                key={job.id}
                job={job}
                running={running.has(job.id)}
                onRun={(target) => void run(target)}
              />
            ))}
          </StackedTable>
        </div>
      ) : null}
    </section>
  );
}
