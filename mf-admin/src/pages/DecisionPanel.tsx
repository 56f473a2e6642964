import { useEffect, useRef, useState } from 'react';
import {
  AdminText,
  type AdminApplicationDetail,
  type ApplicationStatus,
} from '@waypoint/contracts';
import { isApiError } from '@waypoint/platform';
import { useApiText, useStatusLabel } from '@waypoint/platform/i18n';
import {
  Button,
  ErrorBox,
  FieldChrome,
  Modal,
  cx,
  rich,
  useT,
  type ButtonVariant,
} from '@waypoint/ui';
import { StatusBadge } from '../components/common';
import { fullName } from '../format';
import { adminMessages } from '../i18n/catalog';
import { useDecideApplicationMutation, type DecisionStatus } from '../state';

const ACTIONS: { status: DecisionStatus; variant: ButtonVariant }[] = [
  { status: 'UNDER_REVIEW', variant: 'primary' },
  { status: 'APPROVED', variant: 'primary' },
  { status: 'REJECTED', variant: 'danger' },
];

/** The statuses from which no decision can be taken, each with a sentence saying why. */
const NO_DECISION = ['DRAFT', 'IN_PROGRESS', 'APPROVED', 'REJECTED'] as const;

function noDecisionStatus(status: ApplicationStatus) {
  return NO_DECISION.find((code) => code === status);
}

/** The decisions that are final: each is confirmed in a dialog first. */
const CONFIRMED: Partial<Record<DecisionStatus, { variant: ButtonVariant }>> = {
  APPROVED: { variant: 'primary' },
  REJECTED: { variant: 'danger' },
};

type FinalDecision = 'APPROVED' | 'REJECTED';

/** Who applied, as the dialog names them: the lead traveller, else the account holder, else the e-mail. */
function applicantOf(detail: AdminApplicationDetail): string | null {
  const lead = detail.application.travelers[0];
  return (
    fullName(lead?.firstName, lead?.lastName) ||
    fullName(detail.account?.firstName, detail.account?.lastName) ||
    detail.account?.email ||
    detail.application.email ||
    null
  );
}

/** A decision the server refused: its own words (shown in the reader's language), or none (a generic sentence). */
type Failure = { message: string | null; stale: boolean };
type FocusTarget = 'result' | 'failure' | 'reason' | 'heading';

export interface DecisionPanelProps {
  detail: AdminApplicationDetail;
  /** Loads the application again (after a 409); resolves when it is shown. */
  onReload: () => Promise<unknown>;
  reloading: boolean;
}

/**
 * The status change of an application: only the transitions the server allows, a reason for a rejection, and
 * the version the admin saw, so a change made meanwhile by someone else is refused rather than overwritten.
 */
export function DecisionPanel({ detail, onReload, reloading }: DecisionPanelProps) {
  const t = useT(adminMessages);
  const apiText = useApiText();
  const statusLabel = useStatusLabel();
  const { application, version, allowedTransitions } = detail;
  const [decide] = useDecideApplicationMutation();
  const [pending, setPending] = useState<DecisionStatus | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  /** The status just set, said once it is saved. */
  const [result, setResult] = useState<DecisionStatus | null>(null);
  /** The final decision waiting for its confirmation. */
  const [confirming, setConfirming] = useState<DecisionStatus | null>(null);

  const ownHeading = useRef<HTMLHeadingElement>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const resultRef = useRef<HTMLParagraphElement>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const focusNext = useRef<FocusTarget | null>(null);

  // Focus moves after the screen has changed: to the outcome of a decision, or back to where to act.
  useEffect(() => {
    const target = focusNext.current;
    if (!target) return;
    focusNext.current = null;
    const element = {
      result: resultRef.current,
      failure: failureRef.current,
      reason: reasonRef.current,
      heading: ownHeading.current,
    }[target];
    element?.focus();
  });

  const noDecision = noDecisionStatus(application.status);
  const actions = ACTIONS.filter((action) => allowedTransitions.includes(action.status));
  const canReject = actions.some((action) => action.status === 'REJECTED');

  /** A button of the panel: a final decision asks for confirmation first (with a reason for a rejection). */
  const choose = (status: DecisionStatus) => {
    if (pending) return;
    setResult(null);
    setFailure(null);
    if (status === 'REJECTED' && !reason.trim()) {
      setReasonError(AdminText.rejectReasonRequired);
      // The field is already on screen: focus it now (the error may already be shown, so no re-render follows).
      reasonRef.current?.focus();
      return;
    }
    setReasonError(null);
    if (CONFIRMED[status]) setConfirming(status);
    else void send(status);
  };

  const send = async (status: DecisionStatus) => {
    if (pending) return;
    const trimmed = reason.trim();
    setPending(status);
    const reply = await decide({
      id: application.id,
      status,
      version,
      ...(status === 'REJECTED' ? { reason: trimmed } : {}),
    });
    setPending(null);
    if ('data' in reply && reply.data) {
      setReason('');
      setResult(status);
      focusNext.current = 'result';
      return;
    }
    const error = 'error' in reply ? reply.error : undefined;
    const api = isApiError(error) ? error : undefined;
    if (api?.fieldErrors?.reason) {
      setReasonError(api.fieldErrors.reason);
      focusNext.current = 'reason';
      return;
    }
    if (api?.status === 409) {
      setFailure({ message: api.message || AdminText.changedMeanwhile, stale: true });
    } else {
      setFailure({
        message: api?.message || null,
        stale: false,
      });
    }
    focusNext.current = 'failure';
  };

  const reload = async () => {
    await onReload();
    setFailure(null);
    setResult(null);
    focusNext.current = 'heading';
  };

  return (
    <section className="wp-card wpd-decision" aria-labelledby="decision">
      <h2 id="decision" tabIndex={-1} ref={ownHeading}>
        {t('decision.heading')}
      </h2>
      <p>
        {t('decision.currentStatus')} <StatusBadge status={application.status} />
      </p>
      {application.status === 'REJECTED' && application.decisionReason ? (
        <p>
          <span className="wpd-strong">{t('decision.reasonGiven')}</span>{' '}
          {application.decisionReason}
        </p>
      ) : null}

      {result ? (
        <p ref={resultRef} tabIndex={-1} role="status" className="wpd-result">
          {t('decision.result', { reference: application.reference, status: statusLabel(result) })}
        </p>
      ) : null}

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

      {actions.length === 0 ? (
        <p>
          {detail.erasure?.personalDataErasedAt
            ? t('decision.none.erased')
            : application.status === 'REFUNDED'
              ? t('decision.none.refunded')
              : noDecision
                ? t(`decision.none.${noDecision}`)
                : t('decision.none')}
        </p>
      ) : (
        <>
          {canReject ? (
            <FieldChrome
              id="decision-reason"
              label={t('decision.reasonLabel')}
              hint={t('decision.reasonHint')}
              error={reasonError}
            >
              <textarea
                ref={reasonRef}
                id="decision-reason"
                className={cx('wp-input', 'wpd-textarea', reasonError && 'wp-input--error')}
                rows={4}
                maxLength={1000}
                value={reason}
                aria-invalid={reasonError ? true : undefined}
                aria-describedby={`decision-reason-hint${reasonError ? ' decision-reason-error' : ''}`}
                onChange={(event) => {
                  setReason(event.target.value);
                  if (reasonError && event.target.value.trim()) setReasonError(null);
                }}
              />
            </FieldChrome>
          ) : null}
          <div className="wp-actions wpd-decision__actions">
            {actions.map((action) => (
              <Button
                key={action.status}
                variant={action.variant}
                busy={pending === action.status}
                busyLabel={t('decision.saving')}
                disabled={pending !== null && pending !== action.status}
                onClick={() => choose(action.status)}
              >
                {t(`decision.action.${action.status}`)}
              </Button>
            ))}
          </div>
        </>
      )}
      <ConfirmDecision
        status={confirming}
        applicant={applicantOf(detail) ?? t('decision.theTraveller')}
        reference={application.reference}
        reason={reason.trim()}
        onCancel={() => setConfirming(null)}
        onConfirm={(status) => {
          setConfirming(null);
          void send(status);
        }}
      />
    </section>
  );
}

/**
 * The confirmation of a final decision: a modal dialog naming the applicant, the order and the decision (and the
 * reason the traveller will read). Escape, Cancel or the close button leave everything as it was.
 */
function ConfirmDecision({
  status,
  applicant,
  reference,
  reason,
  onCancel,
  onConfirm,
}: {
  status: DecisionStatus | null;
  applicant: string;
  reference: string;
  reason: string;
  onCancel: () => void;
  onConfirm: (status: DecisionStatus) => void;
}) {
  const t = useT(adminMessages);
  const text = status ? CONFIRMED[status] : undefined;
  const final = text ? (status as FinalDecision) : null;
  return (
    <Modal
      open={text !== undefined}
      onClose={onCancel}
      title={final ? t(`confirm.title.${final}`) : ''}
    >
      {final && text ? (
        <div className="wpd-confirm">
          <p>
            {rich(t(`confirm.text.${final}`, { applicant, reference }), {
              strong: (name) => <strong>{name}</strong>,
            })}
          </p>
          {final === 'REJECTED' ? (
            <>
              <p>{t('confirm.reasonIntro')}</p>
              <blockquote className="wpd-confirm__reason">{reason}</blockquote>
            </>
          ) : null}
          <p>{t('confirm.final')}</p>
          <div className="wp-actions wpd-confirm__actions">
            <Button variant={text.variant} onClick={() => onConfirm(final)}>
              {t(`confirm.action.${final}`)}
            </Button>
            <Button variant="secondary" onClick={onCancel}>
              {t('confirm.cancel')}
            </Button>
          </div>
        </div>
      ) : null}
    </Modal>
  );
}
