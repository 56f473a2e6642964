import { useEffect, useState } from 'react';
import type { MrzField, MrzMismatch, PassportMrz, TravelerDetail } from '@waypoint/contracts';
import { Banner, Button, countryName, formatDate, useLocale, useT } from '@waypoint/ui';
import {
  errorText,
  useGetApplicationQuery,
  useKeepMrzValuesMutation,
  useStoreApplication,
} from './api';
import { usePostPayment } from './context';
import { postPaymentMessages, type PostPaymentT } from './i18n/catalog';

/** How often, and for how long at most, the page asks whether the passport page has been read. */
export const MRZ_POLL_MS = 2000;
export const MRZ_POLL_LIMIT_MS = 40_000;

/** The details the passport information page can change; the others are only confirmed. */
export const EDITABLE_MRZ_FIELDS = ['number', 'expirationDate', 'nationality'] as const;
export type EditableMrzField = (typeof EDITABLE_MRZ_FIELDS)[number];
const editable = (field: MrzField): field is EditableMrzField =>
  (EDITABLE_MRZ_FIELDS as readonly string[]).includes(field);

type Locale = ReturnType<typeof useLocale>;

function shown(t: PostPaymentT, locale: Locale, field: MrzField, value: string) {
  if (field === 'expirationDate' || field === 'dateOfBirth') return formatDate(value, locale);
  if (field === 'nationality') return /^[A-Z]{2}$/.test(value) ? countryName(value, locale) : value;
  if (field === 'sex')
    return value === 'male' || value === 'female' ? t(`mrz.sex.${value}`) : value;
  return value;
}

/** Asks again for the application while its passport page is being read (bounded). */
function usePollWhilePending(applicationId: string, pending: boolean) {
  const [expired, setExpired] = useState(false);
  useEffect(() => {
    if (!pending) return undefined;
    const timer = setTimeout(() => setExpired(true), MRZ_POLL_LIMIT_MS);
    return () => clearTimeout(timer);
  }, [pending]);
  useGetApplicationQuery(applicationId, {
    pollingInterval: pending && !expired ? MRZ_POLL_MS : 0,
    skipPollingIfUnfocused: false,
  });
  return expired;
}

function Difference({
  mismatch,
  onUse,
  onKeep,
  busy,
  readOnly,
}: {
  mismatch: MrzMismatch;
  onUse: ((field: EditableMrzField, value: string) => void) | null;
  onKeep: (field: MrzField) => void;
  busy: boolean;
  readOnly: boolean;
}) {
  const t = useT(postPaymentMessages);
  const locale = useLocale();
  const { field } = mismatch;
  const label = t(`mrz.field.${field}`);
  return (
    <li className="wpp-mrz__difference" data-field={field}>
      <h3 className="wpp-mrz__field">{label}</h3>
      <dl className="wpp-mrz__values">
        <div>
          <dt>{t('mrz.entered')}</dt>
          <dd>{shown(t, locale, field, mismatch.entered)}</dd>
        </div>
        <div>
          <dt>{t('mrz.read')}</dt>
          <dd>{shown(t, locale, field, mismatch.read)}</dd>
        </div>
      </dl>
      {mismatch.kept ? (
        <p className="wpp-mrz__note">{t('mrz.kept')}</p>
      ) : readOnly ? null : (
        <>
          {editable(field) ? null : <p className="wpp-mrz__note">{t('mrz.notEditable')}</p>}
          {/* A difference a misread explains: the traveller compares with the passport, no one-click value. */}
          {mismatch.offered === false ? <p className="wpp-mrz__note">{t('mrz.compare')}</p> : null}
          <div className="wp-actions">
            {onUse && editable(field) && mismatch.offered !== false ? (
              <Button
                variant="secondary"
                disabled={busy}
                aria-label={t('mrz.usePassportFor', { field: label })}
                onClick={() => onUse(field, mismatch.read)}
              >
                {t('mrz.usePassport')}
              </Button>
            ) : null}
            <Button
              variant="secondary"
              disabled={busy}
              aria-label={t('mrz.keepMineFor', { field: label })}
              onClick={() => onKeep(field)}
            >
              {t('mrz.keepMine')}
            </Button>
          </div>
        </>
      )}
    </li>
  );
}

/**
 * What was read from the machine-readable lines of the traveller's passport page: a gentle word while it is
 * read or when it could not be, the agreement, or each difference with the choice of the passport's value (for
 * the details this page saves) or the traveller's own.
 */
export function MrzPanel({
  traveler,
  onUse,
  message,
  readOnly: pageReadOnly,
}: {
  traveler: TravelerDetail;
  /** Takes the passport's value of a detail this page saves; null when the page cannot. */
  onUse: ((field: EditableMrzField, value: string) => void) | null;
  /** A word about the last choice (e.g. that the value still has to be saved). */
  message: string | null;
  /** Whether the page can be changed now (the order's, unless the page says). */
  readOnly?: boolean;
}) {
  const t = useT(postPaymentMessages);
  const { application, readOnly: orderReadOnly } = usePostPayment();
  const readOnly = pageReadOnly ?? orderReadOnly;
  const storeApplication = useStoreApplication();
  const [keep, { isLoading: keeping }] = useKeepMrzValuesMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const document = traveler.passportPage;
  const mrz: PassportMrz | null | undefined = document?.mrz;
  const expired = usePollWhilePending(application.id, mrz?.status === 'pending');
  if (!document || !mrz) return null;

  const onKeep = async (field: MrzField) => {
    setFailure(null);
    try {
      storeApplication(
        await keep({ id: application.id, documentId: document.id, fields: [field] }).unwrap(),
      );
    } catch (error) {
      setFailure(errorText(error, t('mrz.failed')));
    }
  };

  if (mrz.status === 'pending')
    return (
      <Banner className="wpp-mrz" title={t('mrz.heading')}>
        <p role="status">{t(expired ? 'mrz.pendingLong' : 'mrz.pending')}</p>
      </Banner>
    );
  if (mrz.status === 'unreadable')
    return (
      <Banner className="wpp-mrz" title={t('mrz.heading')}>
        <p>{t('mrz.unreadable')}</p>
      </Banner>
    );
  if (mrz.status === 'matched')
    return (
      <Banner className="wpp-mrz" tone="success" title={t('mrz.heading')}>
        <p>{t('mrz.matched')}</p>
        {message ? <p role="status">{message}</p> : null}
      </Banner>
    );
  return (
    <section className="wpp-mrz wpp-mrz--mismatch" aria-labelledby="wpp-mrz-heading">
      <Banner tone="warning" title={<span id="wpp-mrz-heading">{t('mrz.heading')}</span>}>
        <p>{t('mrz.mismatch')}</p>
      </Banner>
      <ul className="wpp-mrz__differences">
        {mrz.mismatches.map((mismatch) => (
          <Difference
            key={mismatch.field}
            mismatch={mismatch}
            onUse={onUse}
            onKeep={(field) => void onKeep(field)}
            busy={keeping}
            readOnly={readOnly}
          />
        ))}
      </ul>
      {failure ? (
        <p className="wpp-mrz__error" role="alert">
          {failure}
        </p>
      ) : null}
      {message ? (
        <p className="wpp-mrz__note" role="status">
          {message}
        </p>
      ) : null}
    </section>
  );
}
