import { useEffect, useRef, useState } from 'react';
import {
  AdminText,
  type AdminApplicationDetail,
  type ApplicationStatus,
  type DecisionBody,
  type FieldErrors,
} from '@waypoint/contracts';
import { isApiError, type FormFields } from '@waypoint/platform';
import { useApiText, useStatusLabel } from '@waypoint/platform/i18n';
import { Button, ErrorBox, rich, useLocale, useT } from '@waypoint/ui';
import type { SendDecision } from '../casework/common';
import { LodgeForm } from '../casework/LodgeForm';
import { OutcomeForm } from '../casework/OutcomeForm';
import { RequestChangesForm } from '../casework/RequestChangesForm';
import { ConfirmDialog, StatusBadge } from '../components/common';
import { formatDateTime } from '../format';
import { adminMessages } from '../i18n/catalog';
import { useDecideApplicationMutation, useStaff, type DecisionStatus } from '../state';

/** The statuses at which staff have nothing to do, each with a sentence saying why. */
const NO_DECISION = ['DRAFT', 'IN_PROGRESS', 'CHANGES_REQUESTED', 'APPROVED', 'REJECTED'] as const;

function noDecisionStatus(status: ApplicationStatus) {
  return NO_DECISION.find((code) => code === status);
}

/** The two ways on from a review: ask the traveller for changes, or submit it to the Home Office. */
type ReviewStep = 'changes' | 'lodge';
const REVIEW_STEPS: { step: ReviewStep; status: DecisionStatus }[] = [
  { step: 'changes', status: 'CHANGES_REQUESTED' },
  { step: 'lodge', status: 'LODGED' },
];

/** A step the server refused: its own words (shown in the reader's language), or none (a generic sentence). */
type Failure = { message: string | null; stale: boolean };
type FocusTarget = 'result' | 'failure' | 'heading' | ReviewStep;

/** A step held back until the member of staff says whether to take it on a colleague's application. */
interface HeldStep {
  body: DecisionBody;
  fields: FormFields;
  /** Whose application it is. */
  assignee: string;
  answer: (refused: FieldErrors | null) => void;
}

export interface DecisionPanelProps {
  detail: AdminApplicationDetail;
  /** Loads the application again (after a 409); resolves when it is shown. */
  onReload: () => Promise<unknown>;
  reloading: boolean;
}

/**
 * The casework of an application, one step at a time and only the steps the server allows: start the review;
 * then ask the traveller for changes or submit it to the Home Office; then record the government's decision.
 * Each step carries the version the member of staff saw, so a change made meanwhile by someone else is refused
 * rather than overwritten. On an application assigned to a colleague, each step is confirmed first.
 */
export function DecisionPanel({ detail, onReload, reloading }: DecisionPanelProps) {
  const t = useT(adminMessages);
  const apiText = useApiText();
  const statusLabel = useStatusLabel();
  const locale = useLocale();
  const { application, version, allowedTransitions } = detail;
  const [decide] = useDecideApplicationMutation();
  const [pending, setPending] = useState<DecisionStatus | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  /** The step just saved, said once it is. */
  const [result, setResult] = useState<DecisionStatus | null>(null);
  /** The form of a review step open now. */
  const [open, setOpen] = useState<ReviewStep | null>(null);
  /** A step waiting for the answer to "assigned to someone else: decide anyway?". */
  const [held, setHeld] = useState<HeldStep | null>(null);
  const { me } = useStaff();
  const assignee = detail.assignee ?? null;
  const colleague = assignee && assignee.id !== me ? assignee : null;

  const ownHeading = useRef<HTMLHeadingElement>(null);
  const resultRef = useRef<HTMLParagraphElement>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const focusNext = useRef<FocusTarget | null>(null);

  // Focus moves after the screen has changed: to the outcome of a step, or back to where to act.
  useEffect(() => {
    const target = focusNext.current;
    if (!target) return;
    focusNext.current = null;
    const element =
      target === 'result'
        ? resultRef.current
        : target === 'failure'
          ? failureRef.current
          : target === 'heading'
            ? ownHeading.current
            : document.getElementById(`decision-open-${target}`);
    element?.focus();
  });

  const noDecision = noDecisionStatus(application.status);
  const canStartReview = allowedTransitions.includes('UNDER_REVIEW');
  const reviewSteps = REVIEW_STEPS.filter(({ status }) => allowedTransitions.includes(status));
  const canRecordOutcome =
    allowedTransitions.includes('APPROVED') || allowedTransitions.includes('REJECTED');
  const nothingToDo = !canStartReview && reviewSteps.length === 0 && !canRecordOutcome;

  const send = async (body: DecisionBody, fields: FormFields): Promise<FieldErrors | null> => {
    if (pending) return null;
    setResult(null);
    setFailure(null);
    setPending(body.status);
    const reply = await decide({ id: application.id, ...body });
    setPending(null);
    if ('data' in reply && reply.data) {
      setResult(body.status);
      setOpen(null);
      focusNext.current = 'result';
      return null;
    }
    const error = 'error' in reply ? reply.error : undefined;
    const api = isApiError(error) ? error : undefined;
    const known = Object.entries(api?.fieldErrors ?? {}).filter(([name]) => name in fields);
    if (known.length > 0) return Object.fromEntries(known);
    setFailure(
      api?.status === 409
        ? { message: api.message || AdminText.changedMeanwhile, stale: true }
        : { message: api?.message || null, stale: false },
    );
    focusNext.current = 'failure';
    return null;
  };

  /** Every step goes through here: on a colleague's application, it waits for the confirmation. */
  const decideStep: SendDecision = (body, fields) => {
    if (pending) return Promise.resolve(null);
    if (!colleague) return send(body, fields);
    return new Promise((answer) => setHeld({ body, fields, assignee: colleague.name, answer }));
  };

  const decideAnyway = async (step: HeldStep) => {
    setHeld(null);
    step.answer(await send(step.body, step.fields));
  };

  const cancelHeld = (step: HeldStep) => {
    setHeld(null);
    step.answer(null);
  };

  const reload = async () => {
    await onReload();
    setFailure(null);
    setResult(null);
    focusNext.current = 'heading';
  };

  const toggle = (step: ReviewStep) => {
    setResult(null);
    setFailure(null);
    setOpen((current) => (current === step ? null : step));
  };

  const close = (step: ReviewStep) => {
    setOpen(null);
    focusNext.current = step;
  };

  const resubmittedAt =
    application.status === 'SUBMITTED' ? (detail.changeReview?.resubmittedAt ?? null) : null;

  return (
    <section className="wp-card wpd-decision" aria-labelledby="decision">
      <h2 id="decision" tabIndex={-1} ref={ownHeading}>
        {t('decision.heading')}
      </h2>
      <p>
        {t('decision.currentStatus')} <StatusBadge status={application.status} />
      </p>
      {application.status === 'REJECTED' &&
      application.decisionReason &&
      !application.outcome?.reason ? (
        <p>
          <span className="wpd-strong">{t('decision.reasonGiven')}</span>{' '}
          {application.decisionReason}
        </p>
      ) : null}

      {/* Announced when a step is saved, and focused. */}
      <div role="status" className="wpd-live">
        {result ? (
          <p ref={resultRef} tabIndex={-1} className="wpd-result">
            {result === 'UNDER_REVIEW'
              ? t('decision.result', {
                  reference: application.reference,
                  status: statusLabel(result),
                })
              : t(`decision.done.${result}`)}
          </p>
        ) : null}
      </div>

      {failure ? (
        <div ref={failureRef} tabIndex={-1} className="wpd-failure">
          <ErrorBox>
            <p>{failure.message ? apiText(failure.message) : t('decision.notSaved')}</p>
            {failure.stale ? (
              <Button
                variant="secondary"
                size="small"
                busy={reloading}
                busyLabel={t('decision.reloading')}
                onClick={() => void reload()}
              >
                {t('decision.reload')}
              </Button>
            ) : null}
          </ErrorBox>
        </div>
      ) : null}

      {nothingToDo ? (
        <p>
          {detail.erasure?.personalDataErasedAt
            ? t('decision.none.erased')
            : application.status === 'REFUNDED'
              ? t('decision.none.refunded')
              : noDecision
                ? t(`decision.none.${noDecision}`)
                : t('decision.none')}
        </p>
      ) : null}

      {canStartReview ? (
        <>
          {resubmittedAt ? (
            <p className="wpd-decision__note">
              {rich(t('decision.resubmitted', { date: formatDateTime(resubmittedAt, locale) }), {
                time: (text) => <time dateTime={resubmittedAt}>{text}</time>,
              })}
            </p>
          ) : null}
          <div className="wp-actions wpd-decision__actions">
            <Button
              variant="primary"
              busy={pending === 'UNDER_REVIEW'}
              busyLabel={t('decision.saving')}
              onClick={() => void decideStep({ status: 'UNDER_REVIEW', version }, {})}
            >
              {t('decision.action.UNDER_REVIEW')}
            </Button>
          </div>
        </>
      ) : null}

      {reviewSteps.length > 0 ? (
        <>
          <p>{t('decision.reviewIntro')}</p>
          <div className="wp-actions wpd-decision__actions">
            {reviewSteps.map(({ step }) => (
              <Button
                key={step}
                id={`decision-open-${step}`}
                variant={open === step ? 'primary' : 'secondary'}
                aria-expanded={open === step}
                aria-controls={`decision-${step}`}
                disabled={pending !== null}
                onClick={() => toggle(step)}
              >
                {t(`decision.action.${step}`)}
              </Button>
            ))}
          </div>
          {open === 'changes' ? (
            <RequestChangesForm
              detail={detail}
              send={decideStep}
              busy={pending !== null}
              onCancel={() => close('changes')}
            />
          ) : null}
          {open === 'lodge' ? (
            <LodgeForm
              detail={detail}
              send={decideStep}
              busy={pending !== null}
              onCancel={() => close('lodge')}
            />
          ) : null}
        </>
      ) : null}

      {canRecordOutcome ? (
        <OutcomeForm detail={detail} send={decideStep} busy={pending !== null} />
      ) : null}

      <ConfirmDialog
        subject={held}
        title={t('assigned.confirm.title')}
        confirmLabel={t('assigned.confirm.action')}
        onConfirm={(step) => void decideAnyway(step)}
        onCancel={cancelHeld}
      >
        {(step) => (
          <p>
            {rich(t('assigned.confirm.text', { name: step.assignee }), {
              strong: (text) => <strong translate="no">{text}</strong>,
            })}
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}
