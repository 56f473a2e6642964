import { useEffect, useRef, useState } from 'react';
import { EMAIL_TEMPLATES, type FailedEmail, type Locale } from '@waypoint/contracts';
import { isApiError } from '@waypoint/platform';
import { useApiText } from '@waypoint/platform/i18n';
import { Button, ErrorBox, Spinner, useLocale, useT } from '@waypoint/ui';
import { CircleCheck, Icon } from '@waypoint/ui/icons';
import {
  AdminOnly,
  DateText,
  EmailAddress,
  LoadError,
  useStaffPermissions,
} from '../components/common';
import { formatDateTime } from '../format';
import { adminMessages, type AdminMessage } from '../i18n/catalog';
import {
  useGetFailedEmailsQuery,
  useGetFailedJobsQuery,
  useRequeueEmailMutation,
  type RequeueInput,
} from '../state';
import { FailedJobs } from './FailedJobs';
import { StackedTable } from '../components/StackedTable';

function EmailRow({
  email,
  sending,
  onSend,
}: {
  email: FailedEmail;
  sending: boolean;
  onSend: (email: RequeueInput) => void;
}) {
  const t = useT(adminMessages);
  const locale = useLocale();
  const whatId = `failed-email-${email.id}-what`;
  return (
    <tr>
      <th scope="row" className="wpd-recipient">
        <EmailAddress email={email.to} />
      </th>
      <td id={whatId} data-label={t('emails.column.message')}>
        {templateName(email, t, locale)}
      </td>
      <td className="wpd-num" data-label={t('emails.column.attempts')}>
        {email.attempts}
      </td>
      <td data-label={t('emails.column.lastError')}>
        {email.lastError ? (
          <span className="wpd-error-text wpd-mono">{email.lastError}</span>
        ) : (
          <>
            <span aria-hidden="true">—</span>
            <span className="wp-visually-hidden">{t('emails.noError')}</span>
          </>
        )}
      </td>
      <td data-label={t('emails.column.created')}>
        <DateText
          iso={email.createdAt}
          text={formatDateTime(email.createdAt, locale)}
          missing={t('emails.unknownDate')}
        />
      </td>
      <td className="wpd-cell-actions">
        <span className="wpd-actions">
          <Button
            variant="secondary"
            size="small"
            busy={sending}
            busyLabel={t('emails.sending')}
            aria-label={t('emails.sendAgainTo', { to: email.to })}
            aria-describedby={whatId}
            onClick={() => onSend({ id: email.id, to: email.to })}
          >
            {t('emails.sendAgain')}
          </Button>
        </span>
      </td>
    </tr>
  );
}

type Translate = (key: AdminMessage, values?: Record<string, string | number>) => string;

/**
 * What the e-mail is, in words: the server's own (English) words on an English page; in another language, by
 * its template, or the server's words for a template this front end does not know.
 */
function templateName(
  email: Pick<FailedEmail, 'template' | 'description'>,
  t: Translate,
  locale: Locale,
): string {
  const known = EMAIL_TEMPLATES.find((template) => template === email.template);
  return known && locale !== 'en' ? t(`emails.template.${known}`) : email.description;
}

/** What happened when sending again: sent, gone from the list (404), refused with the server's reason, or failed. */
type Outcome =
  | { kind: 'sent' | 'gone' | 'failed'; to: string }
  | { kind: 'refused'; to: string; reason: string };

/** Why sending again did not work: the server's own text for a refused request. */
function failureOf(email: RequeueInput, error: unknown): Outcome {
  const api = isApiError(error) ? error : undefined;
  if (api?.status === 404) return { kind: 'gone', to: email.to };
  return api && api.status >= 400 && api.status < 500 && api.message
    ? { kind: 'refused', to: email.to, reason: api.message }
    : { kind: 'failed', to: email.to };
}

/** The outcome in words, in the page's language. */
function outcomeText(outcome: Outcome, t: Translate, apiText: (text: string) => string): string {
  switch (outcome.kind) {
    case 'sent':
      return t('emails.willBeSent', { to: outcome.to });
    case 'gone':
      return t('emails.gone', { to: outcome.to });
    case 'refused':
      return t('emails.notSentBecause', { to: outcome.to, reason: apiText(outcome.reason) });
    default:
      return t('emails.notSent', { to: outcome.to });
  }
}

/**
 * E-mails that failed every retry, newest first, each of which staff can send again; then, when there are any, the
 * other background jobs that failed.
 */
export function FailedEmailsPage() {
  const t = useT(adminMessages);
  const apiText = useApiText();
  // Only admins send failed e-mails again: a caseworker is told so, and nothing is loaded.
  const allowed = useStaffPermissions().failedEmails;
  const { data, error, isError, isFetching, refetch } = useGetFailedEmailsQuery(undefined, {
    refetchOnMountOrArgChange: true,
    skip: !allowed,
  });
  const jobs = useGetFailedJobsQuery(undefined, {
    refetchOnMountOrArgChange: true,
    skip: !allowed,
  });
  /** Loads both lists again. */
  const refresh = () => {
    void refetch();
    void jobs.refetch();
  };
  const [requeue] = useRequeueEmailMutation();
  const [sending, setSending] = useState<ReadonlySet<string>>(new Set());
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  // The button just pressed goes away with its row: the focus moves to what happened instead.
  const outcomeRef = useRef<HTMLDivElement>(null);
  const focusOutcome = useRef(false);
  useEffect(() => {
    if (!focusOutcome.current) return;
    focusOutcome.current = false;
    outcomeRef.current?.focus();
  });

  const send = async (email: RequeueInput) => {
    if (sending.has(email.id)) return;
    setOutcome(null);
    setSending((current) => new Set(current).add(email.id));
    const reply = await requeue(email);
    setSending((current) => {
      const next = new Set(current);
      next.delete(email.id);
      return next;
    });
    if ('data' in reply && reply.data) {
      setOutcome({ kind: 'sent', to: email.to });
    } else {
      setOutcome(failureOf(email, 'error' in reply ? reply.error : undefined));
    }
    focusOutcome.current = true;
  };

  if (!allowed) {
    return (
      <>
        <title>{t('emails.title')}</title>
        <h1>{t('emails.heading')}</h1>
        <AdminOnly />
      </>
    );
  }

  const emails = data?.emails ?? [];

  return (
    <>
      <title>{t('emails.title')}</title>
      <h1>{t('emails.heading')}</h1>
      <p>{t('emails.intro')}</p>

      {outcome ? (
        <div ref={outcomeRef} tabIndex={-1} className="wpd-outcome">
          {outcome.kind === 'sent' ? (
            <p role="status" className="wpd-result">
              {outcomeText(outcome, t, apiText)}
            </p>
          ) : (
            <ErrorBox>
              <p>{outcomeText(outcome, t, apiText)}</p>
            </ErrorBox>
          )}
        </div>
      ) : null}

      {isError ? <LoadError what="emails" error={error} onRetry={() => void refetch()} /> : null}
      {!data && !isError && isFetching ? <Spinner label={t('emails.loading')} showLabel /> : null}
      {data && !isError ? (
        <div aria-busy={isFetching || undefined}>
          <div className="wpd-updated">
            {/* With none, the empty state below says so once. */}
            {emails.length > 0 ? (
              <p>
                {data.total > emails.length
                  ? t('emails.mostRecent', { shown: emails.length, total: data.total })
                  : t('emails.count', { count: data.total })}
              </p>
            ) : null}
            <Button variant="secondary" size="small" busy={isFetching} onClick={refresh}>
              {t('emails.refresh')}
            </Button>
          </div>
          {emails.length === 0 ? (
            <div className="wpd-empty">
              <span className="wpd-empty__icon">
                <Icon icon={CircleCheck} size={28} />
              </span>
              <p className="wpd-strong">{t('emails.empty')}</p>
            </div>
          ) : (
            <StackedTable
              labelId="failed-emails-caption"
              caption={t('emails.caption')}
              columns={[
                { label: t('emails.column.recipient') },
                { label: t('emails.column.message') },
                { label: t('emails.column.attempts'), numeric: true },
                { label: t('emails.column.lastError') },
                { label: t('emails.column.created') },
                { label: t('emails.column.action') },
              ]}
            >
              {emails.map((email) => (
                <EmailRow
                  key={email.id}
                  email={email}
                  sending={sending.has(email.id)}
                  onSend={(target) => void send(target)}
                />
              ))}
            </StackedTable>
          )}
        </div>
      ) : null}

      {/* When the e-mails could not be loaded either, their message says so (a session that ended, too). */}
      {jobs.isError && !isError ? (
        <LoadError what="jobs" error={jobs.error} onRetry={() => void jobs.refetch()} />
      ) : null}
      <FailedJobs data={jobs.data} isFetching={jobs.isFetching} />
    </>
  );
}
