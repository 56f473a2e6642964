import { useEffect, useRef, useState } from 'react';
import type { FailedEmail } from '@waypoint/contracts';
import { isApiError } from '@waypoint/platform';
import { Button, ErrorBox, Spinner } from '@waypoint/ui';
import { CircleCheck, Icon } from '@waypoint/ui/icons';
import { DateText, LoadError } from '../components/common';
import { formatDateTime } from '../format';
import { useGetFailedEmailsQuery, useRequeueEmailMutation, type RequeueInput } from '../state';

function EmailRow({
  email,
  sending,
  onSend,
}: {
  email: FailedEmail;
  sending: boolean;
  onSend: (email: RequeueInput) => void;
}) {
  const whatId = `failed-email-${email.id}-what`;
  return (
    <tr>
      <th scope="row" className="wpd-recipient">
        <bdi>{email.to}</bdi>
      </th>
      <td id={whatId} data-label="Message">
        {email.description}
      </td>
      <td className="wpd-num" data-label="Attempts">
        {email.attempts}
      </td>
      <td data-label="Last error">
        {email.lastError ? (
          <span className="wpd-error-text wpd-mono">{email.lastError}</span>
        ) : (
          <>
            <span aria-hidden="true">—</span>
            <span className="wp-visually-hidden">No error recorded</span>
          </>
        )}
      </td>
      <td data-label="Created">
        <DateText iso={email.createdAt} text={formatDateTime(email.createdAt)} missing="Unknown" />
      </td>
      <td className="wpd-cell-actions">
        <span className="wpd-actions">
          <Button
            variant="secondary"
            size="small"
            busy={sending}
            busyLabel="Sending…"
            aria-label={`Send again to ${email.to}`}
            aria-describedby={whatId}
            onClick={() => onSend({ id: email.id, to: email.to })}
          >
            Send again
          </Button>
        </span>
      </td>
    </tr>
  );
}

/** Why sending again did not work, in words: the server's own text for a refused request. */
function failureText(email: RequeueInput, error: unknown): string {
  const api = isApiError(error) ? error : undefined;
  if (api?.status === 404) {
    return `The e-mail to ${email.to} is no longer among the failed e-mails (it may already have been sent again). The list has been reloaded.`;
  }
  const detail =
    api && api.status >= 400 && api.status < 500 && api.message ? api.message : 'Please try again.';
  return `The e-mail to ${email.to} could not be sent again. ${detail}`;
}

type Outcome = { kind: 'sent'; message: string } | { kind: 'failed'; message: string };

/** E-mails that failed every retry, newest first, each of which staff can send again. */
export function FailedEmailsPage() {
  const { data, error, isError, isFetching, refetch } = useGetFailedEmailsQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
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
      setOutcome({ kind: 'sent', message: `The e-mail to ${email.to} will be sent again.` });
    } else {
      setOutcome({
        kind: 'failed',
        message: failureText(email, 'error' in reply ? reply.error : undefined),
      });
    }
    focusOutcome.current = true;
  };

  const emails = data?.emails ?? [];

  return (
    <>
      <title>Failed e-mails – Waypoint admin</title>
      <h1>Failed e-mails</h1>
      <p>
        E-mails that could not be sent after every retry, newest first. Once the cause is fixed,
        send one again: it goes out within seconds.
      </p>

      {outcome ? (
        <div ref={outcomeRef} tabIndex={-1} className="wpd-outcome">
          {outcome.kind === 'sent' ? (
            <p role="status" className="wpd-result">
              {outcome.message}
            </p>
          ) : (
            <ErrorBox>
              <p>{outcome.message}</p>
            </ErrorBox>
          )}
        </div>
      ) : null}

      {isError ? (
        <LoadError what="the failed e-mails" error={error} onRetry={() => void refetch()} />
      ) : null}
      {!data && !isError && isFetching ? (
        <Spinner label="Loading failed e-mails…" showLabel />
      ) : null}
      {data && !isError ? (
        <div aria-busy={isFetching || undefined}>
          <div className="wpd-updated">
            <p>
              {emails.length === 0
                ? 'No failed e-mails.'
                : data.total > emails.length
                  ? `The ${emails.length} most recent of ${data.total} failed e-mails.`
                  : `${data.total} failed ${data.total === 1 ? 'e-mail' : 'e-mails'}.`}
            </p>
            <Button variant="secondary" size="small" busy={isFetching} onClick={() => refetch()}>
              Refresh
            </Button>
          </div>
          {emails.length === 0 ? (
            <div className="wpd-empty">
              <span className="wpd-empty__icon">
                <Icon icon={CircleCheck} size={28} />
              </span>
              <p className="wpd-strong">No failed e-mails. Every e-mail has been sent.</p>
            </div>
          ) : (
            <div
              className="wpd-table-wrap wpd-stacked-wrap"
              role="region"
              aria-labelledby="failed-emails-caption"
              tabIndex={0}
            >
              <table className="wpd-table wpd-stacked">
                <caption id="failed-emails-caption" className="wp-visually-hidden">
                  Failed e-mails
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Recipient</th>
                    <th scope="col">Message</th>
                    <th scope="col" className="wpd-num">
                      Attempts
                    </th>
                    <th scope="col">Last error</th>
                    <th scope="col">Created</th>
                    <th scope="col">Action</th>
                  </tr>
                </thead>
                <tbody>
                  {emails.map((email) => (
                    <EmailRow
                      key={email.id}
                      email={email}
                      sending={sending.has(email.id)}
                      onSend={(target) => void send(target)}
                    />
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
      ) : null}
    </>
  );
}
