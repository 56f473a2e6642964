import { useEffect, useRef, type ReactNode } from 'react';
import {
  answeredByParent,
  receiptPath,
  type AdminApplicationDetail,
  type AuditEntry,
  type DocumentSummary,
  type PassportMrz,
  type TravelerDetail,
} from '@waypoint/contracts';
import { API_BASE, Link, useAppSelector, useLocation, useParams } from '@waypoint/platform';
import { useApiText, useReferenceText } from '@waypoint/platform/i18n';
import {
  Spinner,
  buttonClassName,
  countryName as nameOfCountry,
  rich,
  useLocale,
  useT,
} from '@waypoint/ui';
import { Check, Flag, Icon, X } from '@waypoint/ui/icons';
import { EmailAddress, LoadError, StatusBadge, useStaffPermissions } from '../components/common';
import { formatAmount, formatDate, formatDateTime, fullName } from '../format';
import { checkLabel, useDescribeEntry, type HistoryWords } from '../history';
import { adminMessages } from '../i18n/catalog';
import english from '../i18n/en.json';
import { selectListSearch, useGetAdminApplicationQuery } from '../state';
import { CaseworkRecord } from '../casework/CaseworkRecord';
import { ChangeReview } from '../casework/ChangeReview';
import { DecisionPanel } from './DecisionPanel';
import { NotesPanel } from './NotesPanel';
import { RefundHistory, RefundPanel } from './RefundPanel';
import { SupportOrderConversations } from './SupportOrderConversations';
import { WorkPanel } from './WorkPanel';

type CountryName = (code: string | null | undefined) => string;

/** A fact list: a term and its value; an empty value reads 'Not given'. */
function Facts({ items }: { items: [string, ReactNode][] }) {
  const t = useT(adminMessages);
  return (
    <dl className="wpd-facts">
      {items.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>
            {value === null || value === undefined || value === '' ? (
              <span className="wpd-muted">{t('detail.notGiven')}</span>
            ) : (
              value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

type Translate = HistoryWords['t'];

function yesNo(value: boolean | null | undefined, t: Translate): string {
  if (value === null || value === undefined) return '';
  return value ? t('detail.yes') : t('detail.no');
}

type AdminMessage = keyof typeof english;

/** True when the catalog words this key: a code a newer API sends is shown as it came. */
function isWorded(key: string): key is AdminMessage {
  return Object.hasOwn(english, key);
}

/** The traveller's choice of updates (`whatsapp`, `sms`, `neither`) in the page's language. */
function notification(value: string, t: Translate): string {
  return isWorded(`detail.notification.${value}`)
    ? t(`detail.notification.${value}` as AdminMessage)
    : value;
}

/** The payment provider's status of a payment (`payment_status` in the database) in the page's language. */
function paymentStatus(status: string, t: Translate): string {
  return isWorded(`detail.paymentStatus.${status}`)
    ? t(`detail.paymentStatus.${status}` as AdminMessage)
    : status;
}

const DOCUMENT_STATUSES: readonly DocumentSummary['status'][] = [
  'PENDING',
  'ACCEPTED',
  'REJECTED',
  'REPLACED',
];

function documentStatus(status: string, t: Translate): string {
  const known = DOCUMENT_STATUSES.find((name) => name === status);
  return known ? t(`doc.status.${known}`) : status;
}

/**
 * "Passport MRZ: matched / mismatch in: … / unreadable: why": what the passport page's machine-readable zone said,
 * and for a page that was not read, why (so staff know whether to look at the page or ask for another).
 */
function MrzResult({ mrz }: { mrz: PassportMrz }) {
  const t = useT(adminMessages);
  const locale = useLocale();
  const fields = new Intl.ListFormat(locale, { type: 'conjunction' });
  const differing = mrz.mismatches.map((m) =>
    m.kept ? t('mrz.keptField', { field: t(`mrz.field.${m.field}`) }) : t(`mrz.field.${m.field}`),
  );
  const result =
    mrz.status === 'mismatch'
      ? t('mrz.mismatch', { fields: fields.format(differing) })
      : mrz.status === 'unreadable' && mrz.reason
        ? t(`mrz.reason.${mrz.reason}`)
        : t(`mrz.${mrz.status}`);
  return (
    <p className={`wpd-mrz wpd-mrz--${mrz.status}`} data-testid="passport-mrz">
      <span className="wpd-strong">{t('mrz.label')}</span> {result}
    </p>
  );
}

function DocumentView({
  kind,
  document,
  travellerName,
}: {
  kind: 'passportPage' | 'photo';
  document: DocumentSummary | null;
  travellerName: string;
}) {
  const t = useT(adminMessages);
  const apiText = useApiText();
  const locale = useLocale();
  const uploaded = {
    status: documentStatus(document?.status ?? '', t),
    date: formatDateTime(document?.createdAt, locale),
  };
  return (
    <div className="wpd-doc">
      <h4>{t(`doc.title.${kind}`)}</h4>
      {!document ? (
        <p className="wpd-muted">{t('doc.notUploaded')}</p>
      ) : (
        <>
          <p>
            {rich(
              document.width && document.height
                ? t('doc.uploadedWithSize', {
                    ...uploaded,
                    width: document.width,
                    height: document.height,
                  })
                : t('doc.uploaded', uploaded),
              { time: (text) => <time dateTime={document.createdAt}>{text}</time> },
            )}
          </p>
          {document.contentType.startsWith('image/') ? (
            <a href={document.url} target="_blank" rel="noreferrer" className="wpd-doc__preview">
              <img
                src={document.url}
                alt={t(`doc.alt.${kind}`, { name: travellerName })}
                loading="lazy"
                className="wpd-doc__image"
                // The stored image's size reserves its box before it arrives.
                {...(document.width && document.height
                  ? { width: document.width, height: document.height }
                  : {})}
              />
              <span>
                {rich(t('doc.openFullSize'), {
                  hidden: (text) => <span className="wp-visually-hidden">{text}</span>,
                })}
              </span>
            </a>
          ) : (
            <p>
              <a href={document.url} target="_blank" rel="noreferrer">
                {rich(
                  t(
                    `doc.open.${kind}.${document.contentType === 'application/pdf' ? 'pdf' : 'file'}`,
                    { name: travellerName },
                  ),
                  { hidden: (text) => <span className="wp-visually-hidden">{text}</span> },
                )}
              </a>
            </p>
          )}
          {document.mrz ? <MrzResult mrz={document.mrz} /> : null}
          {document.checks.length > 0 ? (
            <ul className="wpd-checks" aria-label={t(`doc.checks.${kind}`)}>
              {document.checks.map((check) => (
                <li
                  key={check.id}
                  className={check.passed ? 'wpd-check--passed' : 'wpd-check--failed'}
                >
                  <Icon icon={check.passed ? Check : X} size={16} className="wpd-check__mark" />
                  <span className="wp-visually-hidden">
                    {check.passed ? t('doc.check.passed') : t('doc.check.failed')}{' '}
                  </span>
                  <span className="wpd-strong">{checkLabel(check.id, t)}</span>
                  {/* A check's message explains a failure (a PDF's note is informational). */}
                  {!check.passed || check.id === 'format' ? (
                    <span> – {apiText(check.message)}</span>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : null}
        </>
      )}
    </div>
  );
}

function Traveller({
  traveller,
  detail,
  countryName,
}: {
  traveller: TravelerDetail;
  detail: AdminApplicationDetail;
  countryName: CountryName;
}) {
  const t = useT(adminMessages);
  const locale = useLocale();
  const name = fullName(traveller.firstName, traveller.lastName) || t('detail.unnamedTraveller');
  const passport = detail.passports.find((p) => p.travelerId === traveller.id);
  const headingId = `traveller-${traveller.id}`;
  const { personal, passportInfo, work, declaration } = traveller;
  const erasure = detail.erasure;
  return (
    <section className="wp-card wpd-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('detail.traveller', { position: traveller.position, name })}</h2>
      <h3>{t('detail.passport')}</h3>
      {passport ? (
        <Facts
          items={[
            [t('detail.dateOfBirth'), formatDate(passport.dateOfBirth, locale)],
            [t('detail.nationality'), countryName(passport.nationality)],
            [
              t('detail.passportNumber'),
              passport.addLater ? (
                t('detail.addLater')
              ) : (
                <span className="wpd-mono" dir="ltr">
                  {passport.number}
                </span>
              ),
            ],
            [t('detail.expirationDate'), formatDate(passport.expirationDate, locale)],
            [t('detail.secondNationality'), yesNo(passport.hasSecondNationality, t)],
            [t('detail.issuingCountry'), countryName(passportInfo.issuingCountry)],
          ]}
        />
      ) : (
        <Facts items={[[t('detail.issuingCountry'), countryName(passportInfo.issuingCountry)]]} />
      )}
      <h3>{t('detail.personal')}</h3>
      <Facts
        items={[
          [t('detail.countryOfBirth'), countryName(personal.countryOfBirth)],
          [t('detail.residentCountry'), countryName(personal.residentCountry)],
          [
            t('detail.gender'),
            personal.gender === 'female'
              ? t('detail.female')
              : personal.gender === 'male'
                ? t('detail.male')
                : '',
          ],
          [t('detail.address'), personal.residenceAddress],
          [t('detail.city'), personal.cityTown],
        ]}
      />
      {/* A parent answers for a traveller under 16, who is not asked about work (the journey's Work section). */}
      {!answeredByParent(
        traveller.dateOfBirth ?? passport?.dateOfBirth,
        detail.application.arrivalDate,
      ) ? (
        <>
          <h3>{t('detail.work')}</h3>
          <Facts
            items={[
              [t('detail.currentlyWorking'), yesNo(work.currentlyWorking, t)],
              [t('detail.jobTitle'), work.jobTitle],
            ]}
          />
        </>
      ) : null}
      <h3>{t('detail.declaration')}</h3>
      <Facts
        items={[
          [t('detail.convictions'), yesNo(declaration.hasConvictions, t)],
          ...(declaration.hasConvictions
            ? ([[t('detail.convictionDetails'), declaration.convictionDetails]] as [
                string,
                ReactNode,
              ][])
            : []),
          [t('detail.terrorism'), yesNo(declaration.hasTerroristActivities, t)],
        ]}
      />
      <h3>{t('detail.documents')}</h3>
      {erasure?.documentsErasedAt ? (
        // The files are gone: say when and why instead of links that would fail.
        <p className="wpd-muted">
          {t(
            erasure.documentsErasedBy === 'retention'
              ? 'doc.erased.retention'
              : 'doc.erased.deletion',
            {
              date: formatDateTime(erasure.documentsErasedAt, locale),
            },
          )}
        </p>
      ) : (
        <div className="wpd-docs">
          <DocumentView
            kind="passportPage"
            document={traveller.passportPage}
            travellerName={name}
          />
          <DocumentView kind="photo" document={traveller.photo} travellerName={name} />
        </div>
      )}
    </section>
  );
}

/** The roles an entry without an account's address is done by, named in the page's language. */
const ACTOR_ROLES = ['guest', 'phone-link', 'system', 'user', 'caseworker', 'admin'] as const;

/**
 * Who did an entry: the account's e-mail address, else its role in the page's language (the API words a role
 * in English or as its code, e.g. 'phone-link' for an upload from the phone's link).
 */
function actorName(entry: AuditEntry, t: Translate): string {
  if (entry.actor.includes('@')) return entry.actor;
  const role = ACTOR_ROLES.find((known) => known === entry.actorRole);
  return role ? t(`history.actor.${role}`) : entry.actor;
}

/** The application's history, oldest first, each entry a sentence: what happened, who did it and when. */
function History({ entries }: { entries: AuditEntry[] }) {
  const t = useT(adminMessages);
  const locale = useLocale();
  const describeEntry = useDescribeEntry();
  return (
    <section className="wp-card wpd-section" aria-labelledby="history-heading">
      <h2 id="history-heading">{t('history.heading')}</h2>
      {entries.length === 0 ? (
        <p className="wpd-muted">{t('history.empty')}</p>
      ) : (
        <ol className="wpd-history">
          {entries.map((entry) => {
            const { what, detail } = describeEntry(entry);
            return (
              <li key={entry.id} className="wpd-history__entry">
                <p className="wpd-history__line">
                  {rich(
                    t('history.line', {
                      what,
                      actor: actorName(entry, t),
                      date: formatDateTime(entry.at, locale),
                    }),
                    {
                      what: (text) => <span className="wpd-history__what">{text}</span>,
                      time: (text) => <time dateTime={entry.at}>{text}</time>,
                    },
                  )}
                  {entry.ip ? (
                    <span className="wpd-history__ip"> · {t('history.ip', { ip: entry.ip })}</span>
                  ) : null}
                </p>
                {detail ? <p className="wpd-history__detail">{detail}</p> : null}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

/** What personal data of the order was erased (by the retention job or with the account), and when. */
function Erasure({ erasure }: { erasure: AdminApplicationDetail['erasure'] }) {
  const t = useT(adminMessages);
  const locale = useLocale();
  if (!erasure?.documentsErasedAt && !erasure?.personalDataErasedAt) return null;
  return (
    <section className="wp-card wpd-section" aria-labelledby="erasure-heading">
      <h2 id="erasure-heading">{t('erasure.heading')}</h2>
      {erasure.personalDataErasedAt ? (
        <p>
          {t('erasure.personalData', {
            date: formatDateTime(erasure.personalDataErasedAt, locale),
          })}
        </p>
      ) : null}
      {erasure.documentsErasedAt ? (
        <p>
          {t(
            erasure.documentsErasedBy === 'retention'
              ? 'erasure.documents.retention'
              : 'erasure.documents.deletion',
            { date: formatDateTime(erasure.documentsErasedAt, locale) },
          )}
        </p>
      ) : null}
    </section>
  );
}

function Detail({
  detail,
  countryName,
  onReload,
  reloading,
}: {
  detail: AdminApplicationDetail;
  countryName: CountryName;
  onReload: () => Promise<unknown>;
  reloading: boolean;
}) {
  const t = useT(adminMessages);
  const reference = useReferenceText();
  const locale = useLocale();
  // Refunds are for admins: a caseworker sees only the refunds made.
  const canRefund = useStaffPermissions().refunds;
  const { application, account, payment, createdAt, paidAt } = detail;
  const receipt = detail.receipt ?? null;
  const general = application.generalInfo;
  // The changes asked for come first while the traveller makes them, and once they resubmitted with them.
  const changesFirst =
    application.status === 'CHANGES_REQUESTED' ||
    (application.status === 'SUBMITTED' && Boolean(detail.changeReview?.resubmittedAt));
  const changes = (
    <ChangeReview detail={detail} prominent={changesFirst} countryName={countryName} />
  );
  return (
    <>
      <WorkPanel detail={detail} />
      <DecisionPanel detail={detail} onReload={onReload} reloading={reloading} />
      {changesFirst ? changes : null}
      <CaseworkRecord detail={detail} />
      <NotesPanel detail={detail} />
      <SupportOrderConversations applicationId={application.id} />

      <section className="wp-card wpd-section" aria-labelledby="order-heading">
        <h2 id="order-heading">{t('detail.order')}</h2>
        <Facts
          items={[
            [t('detail.reference'), `#${application.reference}`],
            [t('detail.status'), <StatusBadge key="status" status={application.status} />],
            [t('detail.created'), formatDateTime(createdAt, locale)],
            [t('detail.paid'), formatDateTime(paidAt, locale)],
            [t('detail.submitted'), formatDateTime(application.submittedAt, locale)],
            [
              t('detail.country'),
              <span key="country">
                <Flag code={application.country.id} />{' '}
                {nameOfCountry(application.country.id, locale)}
              </span>,
            ],
            [t('detail.visaType'), reference.visaTypeName(application.visaType)],
            [
              t('detail.processing'),
              application.processingName
                ? t('detail.processingTime', {
                    name: reference.optionName({
                      id: application.processingOptionId ?? '',
                      name: application.processingName,
                    }),
                    hours: application.processingHours,
                  })
                : '',
            ],
            [
              t('detail.arrivalDate'),
              application.arrivalDate
                ? formatDate(application.arrivalDate, locale)
                : t('detail.noDates'),
            ],
            [t('detail.total'), formatAmount(application.totalCents, locale)],
          ]}
        />
      </section>

      <div className="wpd-two">
        <section className="wp-card wpd-section" aria-labelledby="account-heading">
          <h2 id="account-heading">{account ? t('detail.account') : t('detail.guest')}</h2>
          {account ? (
            <Facts
              items={[
                [t('detail.name'), fullName(account.firstName, account.lastName)],
                [
                  t('detail.email'),
                  account.email ? <EmailAddress key="email" email={account.email} /> : '',
                ],
              ]}
            />
          ) : (
            <Facts
              items={[
                [
                  t('detail.email'),
                  application.email ? <EmailAddress key="email" email={application.email} /> : '',
                ],
              ]}
            />
          )}
        </section>

        <section className="wp-card wpd-section" aria-labelledby="payment-heading">
          <h2 id="payment-heading">{t('detail.payment')}</h2>
          {payment ? (
            <Facts
              items={[
                [
                  t('detail.amount'),
                  <bdi key="amount">
                    {formatAmount(payment.amountCents, locale, payment.currency)}
                  </bdi>,
                ],
                [
                  t('detail.provider'),
                  <span key="provider">
                    {payment.provider === 'stripe' || payment.provider === 'sandbox'
                      ? t(`detail.provider.${payment.provider}`)
                      : payment.provider}
                  </span>,
                ],
                [
                  t('detail.providerReference'),
                  <span key="ref" className="wpd-mono" dir="ltr">
                    {payment.reference}
                  </span>,
                ],
                [t('detail.status'), paymentStatus(payment.status, t)],
                [t('detail.paidAt'), formatDateTime(payment.succeededAt, locale)],
              ]}
            />
          ) : (
            <p className="wpd-muted">{t('detail.noPayment')}</p>
          )}
          <h3 id="receipt-heading">{t('detail.receipt')}</h3>
          {receipt ? (
            <>
              <Facts
                items={[
                  [
                    t('detail.receiptNumber'),
                    <span key="number" className="wpd-mono" dir="ltr">
                      {receipt.number}
                    </span>,
                  ],
                ]}
              />
              <a
                className={buttonClassName('secondary', 'small')}
                href={`${API_BASE}${receiptPath(application.id, 'staff')}`}
                download
              >
                {t('detail.downloadReceipt', { number: receipt.number })}
              </a>
            </>
          ) : (
            <p className="wpd-muted">{t('detail.noReceipt')}</p>
          )}
        </section>
      </div>

      {canRefund ? <RefundPanel detail={detail} /> : <RefundHistory detail={detail} />}

      <section className="wp-card wpd-section" aria-labelledby="general-heading">
        <h2 id="general-heading">{t('detail.general')}</h2>
        <Facts
          items={[
            [
              t('detail.phone'),
              general.phoneNumber ? (
                <bdi key="phone" dir="ltr">{`${general.countryCode} ${general.phoneNumber}`}</bdi>
              ) : (
                ''
              ),
            ],
            [t('detail.notifications'), notification(general.notificationPreference, t)],
          ]}
        />
      </section>

      <Erasure erasure={detail.erasure} />

      {application.travelers.map((traveller) => (
        <Traveller
          key={traveller.id}
          traveller={traveller}
          detail={detail}
          countryName={countryName}
        />
      ))}

      {changesFirst ? null : changes}

      <History entries={detail.history} />
    </>
  );
}

/**
 * One application for staff: who works on it and by when, everything the traveller gave, its documents, staff's
 * notes, history and the decision.
 */
export function ApplicationDetailPage() {
  const { id = '' } = useParams();
  const location = useLocation();
  const listSearch = useAppSelector(selectListSearch);
  const t = useT(adminMessages);
  const locale = useLocale();
  const { currentData, error, isError, isFetching, refetch } = useGetAdminApplicationQuery(id, {
    refetchOnMountOrArgChange: true,
  });
  const countryName: CountryName = (code) =>
    code ? t('detail.countryWithCode', { name: nameOfCountry(code, locale), code }) : '';

  // 'Change status' links here with #decision: the decision panel gets the focus once the page has loaded.
  const focusedDecision = useRef(false);
  const loaded = currentData !== undefined;
  useEffect(() => {
    if (!loaded || focusedDecision.current || location.hash !== '#decision') return;
    focusedDecision.current = true;
    document.getElementById('decision')?.focus();
  }, [loaded, location.hash]);

  const reference = currentData?.application.reference;
  return (
    <>
      <title>{reference ? t('detail.titleWithReference', { reference }) : t('detail.title')}</title>
      <p className="wpd-back">
        <Link to={`/admin/applications${listSearch ? `?${listSearch}` : ''}`}>
          <span aria-hidden="true" className="wp-directional">
            ←
          </span>{' '}
          {t('detail.back')}
        </Link>
      </p>
      <h1>{reference ? t('detail.heading', { reference }) : t('detail.headingNoReference')}</h1>
      {isError && !currentData ? (
        <LoadError what="application" error={error} onRetry={() => void refetch()} />
      ) : null}
      {!currentData && isFetching ? <Spinner label={t('detail.loading')} showLabel /> : null}
      {currentData ? (
        <Detail
          detail={currentData}
          countryName={countryName}
          onReload={() => refetch()}
          reloading={isFetching}
        />
      ) : null}
    </>
  );
}
