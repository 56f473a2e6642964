import { useEffect, useRef, useState } from 'react';
import {
  RefundText,
  type AdminApplicationDetail,
  type Refund,
  type RefundKind,
} from '@waypoint/contracts';
import { isApiError } from '@waypoint/platform';
import { useApiText } from '@waypoint/platform/i18n';
import {
  Button,
  ErrorBox,
  ErrorSummary,
  FieldChrome,
  RadioGroup,
  cx,
  rich,
  useLocale,
  useT,
} from '@waypoint/ui';
import { ConfirmDialog } from '../components/common';
import { CreditNoteList } from './CreditNoteList';
import { formatAmount, formatDateTime } from '../format';
import { adminMessages } from '../i18n/catalog';
import { useRefundApplicationMutation } from '../state';
import { StackedTable } from '../components/StackedTable';

/** A key for one confirmed refund: a double click or a retry of the same confirmation sends it again. */
function newKey(): string {
  const random = globalThis.crypto?.randomUUID?.();
  return random ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 14)}`;
}

type FocusTarget = 'result' | 'failure';

/**
 * Refunding an order: only the refunds its status allows and that fit what is left of the payment (the API's
 * `refundOptions`), a reason, a confirmation naming the amount, then the outcome and the order's refunds.
 */
export function RefundPanel({ detail }: { detail: AdminApplicationDetail }) {
  const t = useT(adminMessages);
  const apiText = useApiText();
  const locale = useLocale();
  const { application, payment, refunds, refundOptions } = detail;
  const currency = payment?.currency ?? 'EUR';
  const amount = (cents: number) => formatAmount(cents, locale, currency);
  const [refund, { isLoading }] = useRefundApplicationMutation();

  const [kind, setKind] = useState<RefundKind | null>(null);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ kind?: string; reason?: string }>({});
  const [attempt, setAttempt] = useState(0);
  /** The confirmation open now, with its key (kept for a retry of the same confirmation). */
  const [confirming, setConfirming] = useState<{ kind: RefundKind; key: string } | null>(null);
  const [result, setResult] = useState<Refund | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const lastKey = useRef<string | null>(null);

  const resultRef = useRef<HTMLParagraphElement>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const focusNext = useRef<FocusTarget | null>(null);
  useEffect(() => {
    const target = focusNext.current;
    if (!target) return;
    focusNext.current = null;
    (target === 'result' ? resultRef.current : failureRef.current)?.focus();
  });

  const chosen = refundOptions.find((option) => option.kind === kind) ?? null;

  const review = () => {
    const found: typeof errors = {};
    if (!chosen) found.kind = t('refund.kindRequired');
    if (!reason.trim()) found.reason = RefundText.reasonRequired;
    setErrors(found);
    setResult(null);
    setFailure(null);
    if (found.kind || found.reason) {
      setAttempt((n) => n + 1);
      return;
    }
    // A retry after a failure that may not have reached the provider keeps the same key.
    const key = failure !== null && lastKey.current ? lastKey.current : newKey();
    setConfirming({ kind: chosen!.kind, key });
  };

  const send = async (confirmed: { kind: RefundKind; key: string }) => {
    lastKey.current = confirmed.key;
    const reply = await refund({
      id: application.id,
      kind: confirmed.kind,
      reason: reason.trim(),
      idempotencyKey: confirmed.key,
    });
    if ('data' in reply && reply.data) {
      lastKey.current = null;
      setResult(reply.data.refund);
      setKind(null);
      setReason('');
      focusNext.current = 'result';
      return;
    }
    const error = 'error' in reply ? reply.error : undefined;
    const api = isApiError(error) ? error : undefined;
    if (api?.fieldErrors?.reason) {
      setErrors({ reason: api.fieldErrors.reason });
      setAttempt((n) => n + 1);
      return;
    }
    // A refusal (409) is final for this key; anything else may be retried with it.
    if (api?.status === 409) lastKey.current = null;
    setFailure(api?.message || '');
    focusNext.current = 'failure';
  };

  const summary = [
    ...(errors.kind ? [{ fieldId: 'refund-kind', message: errors.kind }] : []),
    ...(errors.reason ? [{ fieldId: 'refund-reason', message: errors.reason }] : []),
  ];

  return (
    <section className="wp-card wpd-section wpd-refunds" aria-labelledby="refunds-heading">
      <h2 id="refunds-heading">{t('refund.heading')}</h2>

      {result ? (
        <p ref={resultRef} tabIndex={-1} role="status" className="wpd-result">
          {t(`refund.result.${result.status}`, { amount: amount(result.amountCents) })}
          {result.status === 'failed' && result.failureReason
            ? ` ${t('refund.failure', { reason: result.failureReason })}`
            : null}
        </p>
      ) : null}

      {failure !== null ? (
        <div ref={failureRef} tabIndex={-1} className="wpd-failure">
          <ErrorBox>
            <p>{failure ? apiText(failure) : t('refund.notSaved')}</p>
          </ErrorBox>
        </div>
      ) : null}

      {!payment || payment.status !== 'succeeded' ? (
        <p>{t('refund.none.unpaid')}</p>
      ) : refundOptions.length === 0 ? (
        <p>{t('refund.none')}</p>
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            review();
          }}
        >
          <ErrorSummary errors={summary} focusKey={attempt} />
          <p className="wpd-refunds__policy">{t('refund.policy')}</p>
          <RadioGroup
            id="refund-kind"
            name="refund-kind"
            legend={t('refund.kindLegend')}
            required
            value={kind}
            error={errors.kind ?? null}
            onChange={(value) => {
              setKind(value as RefundKind);
              lastKey.current = null;
              if (errors.kind) setErrors(({ kind: _kind, ...rest }) => rest);
            }}
            options={refundOptions.map((option) => ({
              value: option.kind,
              label: t(`refund.kind.${option.kind}`, { amount: amount(option.amountCents) }),
              description: t(`refund.kind.${option.kind}.hint`),
            }))}
          />
          <FieldChrome
            id="refund-reason"
            label={t('refund.reasonLabel')}
            hint={t('refund.reasonHint')}
            error={errors.reason ?? null}
          >
            <textarea
              id="refund-reason"
              className={cx('wp-input', 'wpd-textarea', errors.reason && 'wp-input--error')}
              rows={3}
              maxLength={1000}
              required
              value={reason}
              aria-invalid={errors.reason ? true : undefined}
              aria-describedby={`refund-reason-hint${errors.reason ? ' refund-reason-error' : ''}`}
              onChange={(event) => {
                setReason(event.target.value);
                if (errors.reason && event.target.value.trim())
                  setErrors(({ reason: _reason, ...rest }) => rest);
              }}
            />
          </FieldChrome>
          <div className="wp-actions">
            <Button type="submit" variant="danger" busy={isLoading} busyLabel={t('refund.saving')}>
              {t('refund.submit')}
            </Button>
          </div>
        </form>
      )}

      {refunds.length > 0 ? <RefundList refunds={refunds} amount={amount} /> : null}
      <CreditNoteList notes={detail.creditNotes} />

      <ConfirmDialog
        subject={confirming}
        title={t('refund.confirm.title')}
        confirmLabel={t('refund.confirm.action')}
        confirmVariant="danger"
        cancelLabel={t('refund.confirm.cancel')}
        onConfirm={(confirmed) => {
          setConfirming(null);
          void send(confirmed);
        }}
        onCancel={() => setConfirming(null)}
      >
        {(confirmed) => (
          <>
            <p>
              {rich(
                t(`refund.confirm.text.${confirmed.kind}`, {
                  amount: amount(
                    refundOptions.find((o) => o.kind === confirmed.kind)?.amountCents ?? 0,
                  ),
                  reference: application.reference,
                }),
                { strong: (text) => <strong>{text}</strong> },
              )}
            </p>
            <p>{t('refund.confirm.reasonIntro')}</p>
            <blockquote className="wpd-confirm__reason">{reason.trim()}</blockquote>
            <p>{t('refund.confirm.final')}</p>
          </>
        )}
      </ConfirmDialog>
    </section>
  );
}

/** The order's refunds, read only: what a caseworker sees (refunds are for admins). Nothing when there are none. */
export function RefundHistory({ detail }: { detail: AdminApplicationDetail }) {
  const t = useT(adminMessages);
  const locale = useLocale();
  const currency = detail.payment?.currency ?? 'EUR';
  if (detail.refunds.length === 0) return null;
  return (
    <section className="wp-card wpd-section wpd-refunds" aria-labelledby="refunds-heading">
      <h2 id="refunds-heading">{t('refund.heading')}</h2>
      <RefundList
        refunds={detail.refunds}
        amount={(cents) => formatAmount(cents, locale, currency)}
      />
      <CreditNoteList notes={detail.creditNotes} />
    </section>
  );
}

/** The order's refunds, newest first. */
function RefundList({ refunds, amount }: { refunds: Refund[]; amount: (cents: number) => string }) {
  const t = useT(adminMessages);
  const locale = useLocale();
  return (
    <div className="wpd-refunds__list">
      <h3 id="refunds-list-heading">{t('refund.list')}</h3>
      <StackedTable
        labelId="refunds-list-heading"
        columns={[
          { label: t('refund.col.date') },
          { label: t('refund.col.amount') },
          { label: t('refund.col.kind') },
          { label: t('refund.col.status') },
          { label: t('refund.col.by') },
          { label: t('refund.col.reason') },
        ]}
      >
        {refunds.map((r) => (
          <tr key={r.id}>
            <th scope="row">{formatDateTime(r.settledAt ?? r.createdAt, locale)}</th>
            <td data-label={t('refund.col.amount')}>
              <bdi className="wpd-value">{amount(r.amountCents)}</bdi>
            </td>
            <td data-label={t('refund.col.kind')}>
              <span className="wpd-value">{t(`refund.kindShort.${r.kind}`)}</span>
            </td>
            <td data-label={t('refund.col.status')}>
              <span className="wpd-value">
                {t(`refund.status.${r.status}`)}
                {r.status === 'failed' && r.failureReason ? (
                  <span className="wpd-refunds__failure">
                    {' '}
                    {t('refund.failure', { reason: r.failureReason })}
                  </span>
                ) : null}
              </span>
            </td>
            <td data-label={t('refund.col.by')}>
              <span className="wpd-value" translate="no">
                {r.staffEmail ?? t('refund.byUnknown')}
              </span>
            </td>
            <td data-label={t('refund.col.reason')}>
              <span className="wpd-value" translate="no">
                {r.reason}
              </span>
            </td>
          </tr>
        ))}
      </StackedTable>
    </div>
  );
}
