import { useEffect, useMemo, useState, type FormEvent } from 'react';
import {
  AdminText,
  ApiMessages,
  GrantReference,
  IsoDate,
  type DecisionBody,
  type DecisionDocument,
  type FieldErrors,
  type GrantBody,
} from '@waypoint/contracts';
import { useFormErrors, type FormFields } from '@waypoint/platform';
import { useApiText } from '@waypoint/platform/i18n';
import {
  Button,
  ErrorSummary,
  FieldChrome,
  RadioGroup,
  TextField,
  cx,
  rich,
  useLocale,
  useT,
} from '@waypoint/ui';
import { ConfirmDialog } from '../components/common';
import { formatDate } from '../format';
import { adminMessages } from '../i18n/catalog';
import { applicantOf, passportNumberOf, travellerName, type CaseworkFormProps } from './common';
import { DecisionDocumentField, type UploadEvent } from './DecisionDocumentField';

type Outcome = 'APPROVED' | 'REJECTED';

/** A recorded outcome: the approval with its grants, or the refusal with its reason. */
type OutcomeBody = Extract<DecisionBody, { status: Outcome }>;

/** What staff fill in for one traveller of an approved application. */
interface GrantDraft {
  reference: string;
  validFrom: string;
  validUntil: string;
  passportLast4: string;
  document: DecisionDocument | null;
}

const GRANT_FIELDS = [
  'reference',
  'validFrom',
  'validUntil',
  'passportLast4',
  'documentId',
] as const;
type GrantField = (typeof GRANT_FIELDS)[number];

const grantFieldId = (index: number, field: GrantField) =>
  `grant-${index}-${field === 'documentId' ? 'document' : field}`;

const GRANT_PATH = /^grants\.(\d+)\./;

/** Validity dates: required, real, and the end after the start. */
function dateIssues(draft: GrantDraft, required: { from: string; until: string }) {
  const issues: Partial<Record<'validFrom' | 'validUntil', string>> = {};
  const real = (value: string) => IsoDate.safeParse(value).success;
  if (!draft.validFrom) issues.validFrom = required.from;
  else if (!real(draft.validFrom)) issues.validFrom = ApiMessages['validation.realDate'];
  if (!draft.validUntil) issues.validUntil = required.until;
  else if (!real(draft.validUntil)) issues.validUntil = ApiMessages['validation.realDate'];
  else if (!issues.validFrom && draft.validUntil <= draft.validFrom)
    issues.validUntil = ApiMessages['casework.validUntilOrder'];
  return issues;
}

/**
 * Recording the government's decision on a lodged application. Approved: for each traveller, the reference on the
 * decision, its validity, the passport it is linked to and the decision document. Refused: the reason the
 * government gave and, if it sent one, its letter. The documents are uploaded as they are chosen; the decision is
 * confirmed before it is sent.
 */
export function OutcomeForm({ detail, send, busy }: CaseworkFormProps) {
  const t = useT(adminMessages);
  const apiText = useApiText();
  const locale = useLocale();
  const { application, version } = detail;
  const travellers = application.travelers;
  const kind = application.productKind ?? null;
  const nameOf = (index: number) => {
    const traveller = travellers[index];
    return (traveller && travellerName(traveller)) ?? t('detail.unnamedTraveller');
  };

  const fields = useMemo<FormFields>(
    () =>
      Object.fromEntries([
        ['outcome', 'outcome-kind'],
        ['grants', 'grant-0-reference'],
        ...travellers.flatMap((_traveller, index) => [
          [`grants.${index}.travelerId`, grantFieldId(index, 'reference')],
          ...GRANT_FIELDS.map((field) => [`grants.${index}.${field}`, grantFieldId(index, field)]),
        ]),
        ['reason', 'outcome-reason'],
        ['documentId', 'outcome-letter'],
      ]),
    [travellers],
  );
  const { errors, attempt, setErrors, showErrors } = useFormErrors(fields);

  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [grants, setGrants] = useState<GrantDraft[]>(() =>
    travellers.map((traveller) => ({
      reference: '',
      validFrom: '',
      validUntil: '',
      passportLast4: passportNumberOf(detail, traveller.id).slice(-4),
      document: null,
    })),
  );
  const [reason, setReason] = useState('');
  const [letter, setLetter] = useState<DecisionDocument | null>(null);
  const [confirming, setConfirming] = useState<OutcomeBody | null>(null);
  // The document fields uploading now, and whether "Record the decision" was pressed during an upload: the
  // decision is then checked once the uploads have stored their documents. A failed upload stops the wait (its
  // field says what went wrong), so a decision is never sent without a document being sent.
  const [uploads, setUploads] = useState<ReadonlySet<string>>(() => new Set());
  const [waiting, setWaiting] = useState(false);
  const uploadOf = (fieldId: string) => (event: UploadEvent) => {
    setUploads((current) => {
      const next = new Set(current);
      if (event === 'started') next.add(fieldId);
      else next.delete(fieldId);
      return next;
    });
    if (event === 'failed') setWaiting(false);
  };

  const forget = (...names: string[]) =>
    setErrors((current) => {
      if (!names.some((name) => name in current)) return current;
      const next = { ...current };
      for (const name of names) delete next[name];
      return next;
    });

  const setGrant = (index: number, patch: Partial<GrantDraft>) =>
    setGrants((current) =>
      current.map((draft, at) => (at === index ? { ...draft, ...patch } : draft)),
    );

  // The summary names the traveller of each problem (every traveller has the same fields).
  const summary = Object.entries(fields).flatMap(([name, fieldId]) => {
    const message = errors[name];
    if (!message) return [];
    const index = GRANT_PATH.exec(name)?.[1];
    return [
      {
        fieldId,
        message:
          index !== undefined && travellers.length > 1
            ? t('form.errorFor', { item: nameOf(Number(index)), message: apiText(message) })
            : message,
      },
    ];
  });

  /** The decision as the form holds it, or the problems that keep it from being sent. */
  const check = (): { body: OutcomeBody } | { errors: FieldErrors } => {
    const found: FieldErrors = {};
    if (outcome === null) return { errors: { outcome: t('outcome.kindRequired') } };
    if (outcome === 'REJECTED') {
      if (!reason.trim()) found.reason = AdminText.rejectReasonRequired;
      if (Object.keys(found).length > 0) return { errors: found };
      return {
        body: {
          status: 'REJECTED',
          version,
          reason: reason.trim(),
          ...(letter ? { documentId: letter.id } : {}),
        },
      };
    }
    const body: GrantBody[] = [];
    travellers.forEach((traveller, index) => {
      const draft = grants[index];
      if (!draft) return;
      const path = (field: GrantField) => `grants.${index}.${field}`;
      const reference = GrantReference.safeParse(draft.reference);
      if (!reference.success)
        found[path('reference')] =
          reference.error.issues[0]?.message ?? ApiMessages['casework.grantReference'];
      const dates = dateIssues(draft, {
        from: t('outcome.validFromRequired'),
        until: t('outcome.validUntilRequired'),
      });
      if (dates.validFrom) found[path('validFrom')] = dates.validFrom;
      if (dates.validUntil) found[path('validUntil')] = dates.validUntil;
      const last4 = draft.passportLast4.trim().toUpperCase();
      const number = passportNumberOf(detail, traveller.id);
      if (!/^[A-Z0-9]{4}$/.test(last4))
        found[path('passportLast4')] = ApiMessages['casework.passportEnding'];
      else if (number && !number.endsWith(last4))
        found[path('passportLast4')] = ApiMessages['casework.passportEndingMismatch'];
      if (!draft.document) found[path('documentId')] = ApiMessages['casework.documentRequired'];
      body.push({
        travelerId: traveller.id,
        reference: reference.success ? reference.data : draft.reference,
        validFrom: draft.validFrom,
        validUntil: draft.validUntil,
        passportLast4: last4,
        documentId: draft.document?.id ?? '',
      });
    });
    if (Object.keys(found).length > 0) return { errors: found };
    return { body: { status: 'APPROVED', version, grants: body } };
  };

  /** Checks the decision and asks to confirm it, or shows what keeps it from being sent. */
  const proceed = () => {
    const checked = check();
    if ('errors' in checked) {
      showErrors(checked.errors);
      return;
    }
    setErrors({});
    setConfirming(checked.body);
  };

  const review = (event: FormEvent) => {
    event.preventDefault();
    if (busy || waiting) return;
    if (uploads.size > 0) {
      setWaiting(true);
      return;
    }
    proceed();
  };

  useEffect(() => {
    if (!waiting || uploads.size > 0) return;
    setWaiting(false);
    proceed();
    // `proceed` reads the form as it is once the last upload is done; it runs only at that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [waiting, uploads]);

  const confirm = async (body: DecisionBody) => {
    setConfirming(null);
    const refused = await send(body, fields);
    if (refused) showErrors(refused);
  };

  const field = (index: number, name: GrantField) => errors[`grants.${index}.${name}`] ?? null;

  return (
    <form
      id="decision-outcome"
      className="wpd-step"
      noValidate
      aria-labelledby="outcome-form-heading"
      onSubmit={review}
    >
      <h3 id="outcome-form-heading">{t('outcome.heading')}</h3>
      <p className="wp-hint">{t('outcome.intro')}</p>
      <ErrorSummary errors={summary} focusKey={attempt} />
      <RadioGroup
        id="outcome-kind"
        name="outcome-kind"
        legend={t('outcome.kindLegend')}
        required
        value={outcome}
        error={errors.outcome ?? null}
        onChange={(value) => {
          setOutcome(value as Outcome);
          setErrors({});
        }}
        options={(['APPROVED', 'REJECTED'] as const).map((value) => ({
          value,
          label: t(`outcome.kind.${value}`),
          description: t(`outcome.kind.${value}.hint`),
        }))}
      />

      {outcome === 'APPROVED'
        ? travellers.map((traveller, index) => {
            const draft = grants[index];
            if (!draft) return null;
            const name = nameOf(index);
            return (
              <fieldset key={traveller.id} className="wpd-grant">
                <legend className="wp-label">
                  {t('detail.traveller', { position: traveller.position, name })}
                </legend>
                <TextField
                  id={grantFieldId(index, 'reference')}
                  label={t('outcome.reference')}
                  hint={t(`outcome.referenceHint.${kind ?? 'any'}`)}
                  required
                  value={draft.reference}
                  error={field(index, 'reference')}
                  autoComplete="off"
                  spellCheck={false}
                  dir="ltr"
                  maxLength={40}
                  className="wpd-field-narrow"
                  onChange={(event) => {
                    setGrant(index, { reference: event.target.value });
                    forget(`grants.${index}.reference`);
                  }}
                />
                <div className="wpd-row">
                  <TextField
                    id={grantFieldId(index, 'validFrom')}
                    type="date"
                    label={t('outcome.validFrom')}
                    required
                    value={draft.validFrom}
                    error={field(index, 'validFrom')}
                    onChange={(event) => {
                      setGrant(index, { validFrom: event.target.value });
                      forget(`grants.${index}.validFrom`, `grants.${index}.validUntil`);
                    }}
                  />
                  <TextField
                    id={grantFieldId(index, 'validUntil')}
                    type="date"
                    label={t('outcome.validUntil')}
                    required
                    value={draft.validUntil}
                    min={draft.validFrom || undefined}
                    error={field(index, 'validUntil')}
                    onChange={(event) => {
                      setGrant(index, { validUntil: event.target.value });
                      forget(`grants.${index}.validUntil`);
                    }}
                  />
                </div>
                <TextField
                  id={grantFieldId(index, 'passportLast4')}
                  label={t('outcome.passportLast4')}
                  hint={t('outcome.passportLast4Hint')}
                  required
                  value={draft.passportLast4}
                  error={field(index, 'passportLast4')}
                  autoComplete="off"
                  spellCheck={false}
                  dir="ltr"
                  maxLength={4}
                  className="wpd-field-short"
                  onChange={(event) => {
                    setGrant(index, { passportLast4: event.target.value });
                    forget(`grants.${index}.passportLast4`);
                  }}
                />
                <DecisionDocumentField
                  id={grantFieldId(index, 'documentId')}
                  label={t('outcome.document')}
                  owner={name}
                  applicationId={application.id}
                  travelerId={traveller.id}
                  value={draft.document}
                  error={field(index, 'documentId')}
                  disabled={busy}
                  onUpload={uploadOf(grantFieldId(index, 'documentId'))}
                  onChange={(document) => {
                    setGrant(index, { document });
                    if (document) forget(`grants.${index}.documentId`);
                  }}
                />
              </fieldset>
            );
          })
        : null}

      {outcome === 'REJECTED' ? (
        <>
          <FieldChrome
            id="outcome-reason"
            label={t('outcome.reasonLabel')}
            hint={t('outcome.reasonHint')}
            required
            error={errors.reason ?? null}
          >
            <textarea
              id="outcome-reason"
              className={cx('wp-input', 'wpd-textarea', errors.reason && 'wp-input--error')}
              rows={4}
              maxLength={1000}
              required
              value={reason}
              aria-invalid={errors.reason ? true : undefined}
              aria-describedby={`outcome-reason-hint${errors.reason ? ' outcome-reason-error' : ''}`}
              onChange={(event) => {
                setReason(event.target.value);
                if (event.target.value.trim()) forget('reason');
              }}
            />
          </FieldChrome>
          {travellers[0] ? (
            <DecisionDocumentField
              id="outcome-letter"
              label={t('outcome.letter')}
              owner={nameOf(0)}
              applicationId={application.id}
              travelerId={travellers[0].id}
              value={letter}
              error={errors.documentId ?? null}
              disabled={busy}
              onUpload={uploadOf('outcome-letter')}
              onChange={(document) => {
                setLetter(document);
                forget('documentId');
              }}
            />
          ) : null}
        </>
      ) : null}

      <div className="wp-actions">
        <Button
          type="submit"
          variant={outcome === 'REJECTED' ? 'danger' : 'primary'}
          busy={busy || waiting}
          busyLabel={waiting ? t('outcome.waitingForUpload') : t('decision.saving')}
        >
          {t('outcome.submit')}
        </Button>
      </div>

      <ConfirmDialog
        subject={confirming}
        title={confirming ? t(`confirm.title.${confirming.status}`) : ''}
        confirmLabel={confirming ? t(`confirm.action.${confirming.status}`) : ''}
        confirmVariant={confirming?.status === 'REJECTED' ? 'danger' : 'primary'}
        onConfirm={(body) => void confirm(body)}
        onCancel={() => setConfirming(null)}
      >
        {(body) => (
          <>
            <p>
              {rich(
                t(`confirm.text.${body.status}`, {
                  applicant: applicantOf(detail) ?? t('decision.theTraveller'),
                  reference: application.reference,
                }),
                { strong: (text) => <strong>{text}</strong> },
              )}
            </p>
            {body.status === 'APPROVED' ? (
              <ul className="wpd-confirm__grants">
                {body.grants.map((grant, index) => (
                  <li key={grant.travelerId}>
                    {t('confirm.grant', {
                      name: nameOf(index),
                      reference: String(grant.reference),
                      from: formatDate(grant.validFrom, locale),
                      until: formatDate(grant.validUntil, locale),
                    })}
                  </li>
                ))}
              </ul>
            ) : (
              <>
                <p>{t('confirm.reasonIntro')}</p>
                <blockquote className="wpd-confirm__reason">{body.reason}</blockquote>
              </>
            )}
            <p>{t('confirm.final')}</p>
          </>
        )}
      </ConfirmDialog>
    </form>
  );
}
