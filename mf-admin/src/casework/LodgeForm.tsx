import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  ApiMessages,
  HomeOfficeReference,
  IsoDate,
  formatHomeOfficeReference,
  homeOfficeReferenceIssue,
  normaliseHomeOfficeReference,
  todayIso,
  type FieldErrors,
  type ProductKind,
} from '@waypoint/contracts';
import { useFormErrors, type FormFields } from '@waypoint/platform';
import { Button, ErrorSummary, TextField, rich, useLocale, useT } from '@waypoint/ui';
import { ConfirmDialog } from '../components/common';
import { formatDate } from '../format';
import { adminMessages } from '../i18n/catalog';
import { applicantOf, type CaseworkFormProps } from './common';

const FIELDS: FormFields = { homeOfficeReference: 'lodge-reference', lodgedOn: 'lodge-date' };

/** What is wrong with a Home Office reference for this product (either product's when it is not known). */
function referenceIssue(kind: ProductKind | null, value: string): string | null {
  if (!value.trim()) return ApiMessages['casework.referenceRequired'];
  if (kind) {
    const issue = homeOfficeReferenceIssue(kind, value);
    return issue ? ApiMessages[issue] : null;
  }
  const parsed = HomeOfficeReference.safeParse(value);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}

interface Lodging {
  homeOfficeReference: string;
  lodgedOn: string;
}

/**
 * Recording that the application was submitted to the Home Office: the reference it gave (a visa's GWF reference,
 * an ETA's 16 digits) and the day, confirmed first. The traveller is told, and the order can no longer be refunded
 * in full.
 */
export function LodgeForm({
  detail,
  send,
  busy,
  onCancel,
}: CaseworkFormProps & { onCancel: () => void }) {
  const t = useT(adminMessages);
  const locale = useLocale();
  const { application, version } = detail;
  const kind = application.productKind ?? null;
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);

  const [reference, setReference] = useState('');
  const [lodgedOn, setLodgedOn] = useState(() => todayIso());
  const [confirming, setConfirming] = useState<Lodging | null>(null);
  const { errors, summary, attempt, setErrors, showErrors } = useFormErrors(FIELDS);

  const forget = (name: string) =>
    setErrors((current) => {
      if (!(name in current)) return current;
      const next = { ...current };
      delete next[name];
      return next;
    });

  const review = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found: FieldErrors = {};
    const issue = referenceIssue(kind, reference);
    if (issue) found.homeOfficeReference = issue;
    if (!lodgedOn) found.lodgedOn = t('lodge.dateRequired');
    else if (!IsoDate.safeParse(lodgedOn).success)
      found.lodgedOn = ApiMessages['validation.realDate'];
    else if (lodgedOn > todayIso()) found.lodgedOn = ApiMessages['casework.lodgedOnFuture'];
    if (Object.keys(found).length > 0) {
      showErrors(found);
      return;
    }
    setErrors({});
    setConfirming({
      homeOfficeReference: normaliseHomeOfficeReference(reference.trim()),
      lodgedOn,
    });
  };

  const confirm = async (lodging: Lodging) => {
    setConfirming(null);
    const refused = await send({ status: 'LODGED', version, ...lodging }, FIELDS);
    if (refused) showErrors(refused);
  };

  return (
    <form
      id="decision-lodge"
      className="wpd-step"
      noValidate
      aria-labelledby="lodge-form-heading"
      onSubmit={review}
    >
      <h3 id="lodge-form-heading" ref={headingRef} tabIndex={-1}>
        {t('lodge.heading')}
      </h3>
      <p className="wp-hint">{t('lodge.intro')}</p>
      <ErrorSummary errors={summary} focusKey={attempt} />
      <TextField
        id="lodge-reference"
        label={t('lodge.referenceLabel')}
        hint={t(`lodge.referenceHint.${kind ?? 'any'}`)}
        required
        value={reference}
        error={errors.homeOfficeReference ?? null}
        autoComplete="off"
        spellCheck={false}
        dir="ltr"
        maxLength={40}
        className="wpd-field-narrow"
        onChange={(event) => {
          setReference(event.target.value);
          forget('homeOfficeReference');
        }}
      />
      <TextField
        id="lodge-date"
        type="date"
        label={t('lodge.dateLabel')}
        hint={t('lodge.dateHint')}
        required
        value={lodgedOn}
        max={todayIso()}
        error={errors.lodgedOn ?? null}
        className="wpd-field-narrow"
        onChange={(event) => {
          setLodgedOn(event.target.value);
          forget('lodgedOn');
        }}
      />
      <div className="wp-actions">
        <Button type="submit" variant="primary" busy={busy} busyLabel={t('decision.saving')}>
          {t('lodge.submit')}
        </Button>
        <Button variant="secondary" disabled={busy} onClick={onCancel}>
          {t('decision.cancel')}
        </Button>
      </div>

      <ConfirmDialog
        subject={confirming}
        title={t('lodge.confirm.title')}
        confirmLabel={t('lodge.confirm.action')}
        onConfirm={(lodging) => void confirm(lodging)}
        onCancel={() => setConfirming(null)}
      >
        {(lodging) => (
          <>
            <p>
              {rich(
                t('lodge.confirm.text', {
                  applicant: applicantOf(detail) ?? t('decision.theTraveller'),
                  reference: application.reference,
                  date: formatDate(lodging.lodgedOn, locale),
                  homeOfficeReference: formatHomeOfficeReference(lodging.homeOfficeReference),
                }),
                { strong: (text) => <strong>{text}</strong> },
              )}
            </p>
            <p>{t('lodge.confirm.final')}</p>
          </>
        )}
      </ConfirmDialog>
    </form>
  );
}
