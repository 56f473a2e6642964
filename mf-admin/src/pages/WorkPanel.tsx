import { useEffect, useRef, useState } from 'react';
import type { AdminApplicationDetail, AssignResponse } from '@waypoint/contracts';
import { isApiError } from '@waypoint/platform';
import { useApiText } from '@waypoint/platform/i18n';
import { ErrorBox, useLocale, useT } from '@waypoint/ui';
import { AssignActions, DueText, type AssignAction } from '../components/work';
import { adminMessages } from '../i18n/catalog';
import { useAssignApplicationMutation, useStaff } from '../state';

type FocusTarget = 'result' | 'failure';

/**
 * Who works on the application and by when: its due date, where it stands against the processing promise, its
 * assignee, and giving it to oneself, a colleague or nobody.
 */
export function WorkPanel({ detail }: { detail: AdminApplicationDetail }) {
  const t = useT(adminMessages);
  const apiText = useApiText();
  const locale = useLocale();
  const { staff, me, failed } = useStaff();
  const [assign] = useAssignApplicationMutation();
  const [busy, setBusy] = useState<AssignAction | null>(null);
  const [result, setResult] = useState<string | null>(null);
  /** Why the last assignment failed: the server's words, or '' for none (a general sentence). */
  const [failure, setFailure] = useState<string | null>(null);
  const assignee = detail.assignee ?? null;
  const due = detail.due ?? null;

  // The button just used may be gone (Assign to me, once it is): the outcome takes the focus.
  const resultRef = useRef<HTMLParagraphElement>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const focusNext = useRef<FocusTarget | null>(null);
  useEffect(() => {
    const target = focusNext.current;
    if (!target) return;
    focusNext.current = null;
    (target === 'result' ? resultRef.current : failureRef.current)?.focus();
  });

  const said = (reply: AssignResponse) =>
    !reply.assignee
      ? t('work.unassigned')
      : reply.assignee.id === me
        ? t('work.assignedToYou')
        : t('work.assigned', { name: reply.assignee.name });

  const run = async (assigneeId: string | null, action: AssignAction) => {
    if (busy) return;
    setResult(null);
    setFailure(null);
    setBusy(action);
    const reply = await assign({ id: detail.application.id, assigneeId });
    setBusy(null);
    if ('data' in reply && reply.data) {
      setResult(said(reply.data));
      focusNext.current = 'result';
      return;
    }
    const error = 'error' in reply ? reply.error : undefined;
    setFailure((isApiError(error) && error.message) || '');
    focusNext.current = 'failure';
  };

  return (
    <section className="wp-card wpd-section wpd-work" aria-labelledby="work-heading">
      <h2 id="work-heading">{t('work.heading')}</h2>
      <dl className="wpd-facts">
        <div>
          <dt>{t('work.due')}</dt>
          <dd>
            {due ? (
              <>
                <DueText due={due} locale={locale} missing={t('work.noDue')} />
                <span className="wpd-sub">{t('work.promise', { hours: due.hours })}</span>
              </>
            ) : (
              <span className="wpd-muted">{t('work.noDue')}</span>
            )}
          </dd>
        </div>
        <div>
          <dt>{t('work.assignee')}</dt>
          <dd>
            {assignee ? (
              <span translate="no">
                {assignee.id === me ? t('work.you', { name: assignee.name }) : assignee.name}
              </span>
            ) : (
              <span className="wpd-muted">{t('assign.nobody')}</span>
            )}
          </dd>
        </div>
      </dl>
      <AssignActions
        id="work"
        staff={staff}
        me={me}
        current={assignee}
        busy={busy}
        staffFailed={failed}
        onAssign={(assigneeId, action) => void run(assigneeId, action)}
      />
      <div role="status" className="wpd-live">
        {result ? (
          <p ref={resultRef} tabIndex={-1} className="wpd-result">
            {result}
          </p>
        ) : null}
      </div>
      {failure !== null ? (
        <div ref={failureRef} tabIndex={-1} className="wpd-failure">
          <ErrorBox>
            <p>{failure ? apiText(failure) : t('work.failed')}</p>
          </ErrorBox>
        </div>
      ) : null}
    </section>
  );
}
