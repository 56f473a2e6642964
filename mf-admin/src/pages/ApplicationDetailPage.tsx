import { useEffect, useRef, type ReactNode } from 'react';
import {
  formatCents,
  formatEuros,
  type AdminApplicationDetail,
  type AuditEntry,
  type DocumentSummary,
  type TravelerDetail,
} from '@waypoint/contracts';
import { Link, useAppSelector, useLocation, useParams } from '@waypoint/platform';
import { useGetCountriesQuery } from '@waypoint/platform/api';
import { Spinner } from '@waypoint/ui';
import { Check, Flag, Icon, X } from '@waypoint/ui/icons';
import { LoadError, StatusBadge } from '../components/common';
import { formatDate, formatDateTime, fullName } from '../format';
import { CHECK_LABEL, describeEntry } from '../history';
import { selectListSearch, useGetAdminApplicationQuery } from '../state';
import { DecisionPanel } from './DecisionPanel';

type CountryName = (code: string | null | undefined) => string;

/** A fact list: a term and its value; an empty value reads 'Not given'. */
function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="wpd-facts">
      {items.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>
            {value === null || value === undefined || value === '' ? (
              <span className="wpd-muted">Not given</span>
            ) : (
              value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function yesNo(value: boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  return value ? 'Yes' : 'No';
}

function money(cents: number, currency: string) {
  return currency.toUpperCase() === 'EUR'
    ? formatEuros(cents)
    : `${formatCents(cents)} ${currency.toUpperCase()}`;
}

const NOTIFICATION: Record<string, string> = {
  whatsapp: 'WhatsApp',
  sms: 'SMS',
  neither: 'Neither',
};

const DOCUMENT_STATUS: Record<DocumentSummary['status'], string> = {
  PENDING: 'Pending',
  ACCEPTED: 'Accepted',
  REJECTED: 'Did not pass the checks',
  REPLACED: 'Replaced',
};

function DocumentView({
  title,
  document,
  travellerName,
}: {
  title: string;
  document: DocumentSummary | null;
  travellerName: string;
}) {
  return (
    <div className="wpd-doc">
      <h4>{title}</h4>
      {!document ? (
        <p className="wpd-muted">Not uploaded.</p>
      ) : (
        <>
          <p>
            {DOCUMENT_STATUS[document.status] ?? document.status}, uploaded{' '}
            <time dateTime={document.createdAt}>{formatDateTime(document.createdAt)}</time>
            {document.width && document.height
              ? ` (${document.width}×${document.height} pixels)`
              : ''}
          </p>
          {document.contentType.startsWith('image/') ? (
            <a href={document.url} target="_blank" rel="noreferrer" className="wpd-doc__preview">
              <img
                src={document.url}
                alt={`${title} of ${travellerName}`}
                loading="lazy"
                className="wpd-doc__image"
              />
              <span>
                Open full size<span className="wp-visually-hidden"> (opens a new tab)</span>
              </span>
            </a>
          ) : (
            <p>
              <a href={document.url} target="_blank" rel="noreferrer">
                Open the {title.toLowerCase()} (
                {document.contentType === 'application/pdf' ? 'PDF' : 'file'})
                <span className="wp-visually-hidden"> of {travellerName}, opens a new tab</span>
              </a>
            </p>
          )}
          {document.checks.length > 0 ? (
            <ul className="wpd-checks" aria-label={`Checks of the ${title.toLowerCase()}`}>
              {document.checks.map((check) => (
                <li
                  key={check.id}
                  className={check.passed ? 'wpd-check--passed' : 'wpd-check--failed'}
                >
                  <Icon icon={check.passed ? Check : X} size={16} className="wpd-check__mark" />
                  <span className="wp-visually-hidden">
                    {check.passed ? 'Passed: ' : 'Failed: '}
                  </span>
                  <span className="wpd-strong">{CHECK_LABEL[check.id] ?? check.id}</span>
                  {/* A check's message explains a failure (a PDF's note is informational). */}
                  {!check.passed || check.id === 'format' ? <span> – {check.message}</span> : null}
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
  const name = fullName(traveller.firstName, traveller.lastName) || 'Unnamed traveller';
  const passport = detail.passports.find((p) => p.travelerId === traveller.id);
  const headingId = `traveller-${traveller.id}`;
  const { personal, passportInfo, work, declaration } = traveller;
  return (
    <section className="wp-card wpd-section" aria-labelledby={headingId}>
      <h2 id={headingId}>
        Traveller {traveller.position}: {name}
      </h2>
      <h3>Passport</h3>
      {passport ? (
        <Facts
          items={[
            ['Date of birth', formatDate(passport.dateOfBirth)],
            ['Nationality', countryName(passport.nationality)],
            [
              'Passport number',
              passport.addLater ? (
                'To be added later'
              ) : (
                <span className="wpd-mono" dir="ltr">
                  {passport.number}
                </span>
              ),
            ],
            ['Expiration date', formatDate(passport.expirationDate)],
            ['Another nationality', yesNo(passport.hasSecondNationality)],
            ['Issuing country', countryName(passportInfo.issuingCountry)],
          ]}
        />
      ) : (
        <Facts items={[['Issuing country', countryName(passportInfo.issuingCountry)]]} />
      )}
      <h3>Personal information</h3>
      <Facts
        items={[
          ['Country of birth', countryName(personal.countryOfBirth)],
          ['Resident country', countryName(personal.residentCountry)],
          [
            'Gender',
            personal.gender === 'female' ? 'Female' : personal.gender === 'male' ? 'Male' : '',
          ],
          ['Residence street address', personal.residenceAddress],
          ['City/town', personal.cityTown],
        ]}
      />
      <h3>Work</h3>
      <Facts
        items={[
          ['Currently working', yesNo(work.currentlyWorking)],
          ['Job title', work.jobTitle],
        ]}
      />
      <h3>Declaration</h3>
      <Facts
        items={[
          ['Convictions', yesNo(declaration.hasConvictions)],
          ...(declaration.hasConvictions
            ? ([['What they did', declaration.convictionDetails]] as [string, ReactNode][])
            : []),
          [
            'Terrorist activities, war crimes or similar',
            yesNo(declaration.hasTerroristActivities),
          ],
        ]}
      />
      <h3>Documents</h3>
      <div className="wpd-docs">
        <DocumentView
          title="Passport page"
          document={traveller.passportPage}
          travellerName={name}
        />
        <DocumentView title="Photo" document={traveller.photo} travellerName={name} />
      </div>
    </section>
  );
}

/** The application's history, oldest first, each entry a sentence: what happened, who did it and when. */
function History({ entries }: { entries: AuditEntry[] }) {
  return (
    <section className="wp-card wpd-section" aria-labelledby="history-heading">
      <h2 id="history-heading">History</h2>
      {entries.length === 0 ? (
        <p className="wpd-muted">Nothing recorded yet.</p>
      ) : (
        <ol className="wpd-history">
          {entries.map((entry) => {
            const { what, detail } = describeEntry(entry);
            return (
              <li key={entry.id} className="wpd-history__entry">
                <p className="wpd-history__line">
                  <span className="wpd-history__what">{what}</span> by {entry.actor}
                  {' · '}
                  <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                  {entry.ip ? <span className="wpd-history__ip"> · IP {entry.ip}</span> : null}
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
  const { application, account, payment, createdAt, paidAt } = detail;
  const general = application.generalInfo;
  return (
    <>
      <DecisionPanel detail={detail} onReload={onReload} reloading={reloading} />

      <section className="wp-card wpd-section" aria-labelledby="order-heading">
        <h2 id="order-heading">Order</h2>
        <Facts
          items={[
            ['Reference', `#${application.reference}`],
            ['Status', <StatusBadge key="status" status={application.status} />],
            ['Created', formatDateTime(createdAt)],
            ['Paid', formatDateTime(paidAt)],
            ['Submitted', formatDateTime(application.submittedAt)],
            [
              'Country',
              <span key="country">
                <Flag code={application.country.id} /> {application.country.name}
              </span>,
            ],
            ['Visa type', application.visaType.name],
            [
              'Processing',
              application.processingName
                ? `${application.processingName} (${application.processingHours} hours)`
                : '',
            ],
            [
              'Arrival date',
              application.arrivalDate ? formatDate(application.arrivalDate) : 'No dates planned',
            ],
            ['Total', formatEuros(application.totalCents)],
          ]}
        />
      </section>

      <div className="wpd-two">
        <section className="wp-card wpd-section" aria-labelledby="account-heading">
          <h2 id="account-heading">{account ? 'Account' : 'Guest'}</h2>
          {account ? (
            <Facts
              items={[
                ['Name', fullName(account.firstName, account.lastName)],
                ['E-mail', account.email ? <bdi key="email">{account.email}</bdi> : ''],
              ]}
            />
          ) : (
            <Facts
              items={[
                ['E-mail', application.email ? <bdi key="email">{application.email}</bdi> : ''],
              ]}
            />
          )}
        </section>

        <section className="wp-card wpd-section" aria-labelledby="payment-heading">
          <h2 id="payment-heading">Payment</h2>
          {payment ? (
            <Facts
              items={[
                ['Amount', <bdi key="amount">{money(payment.amountCents, payment.currency)}</bdi>],
                ['Provider', payment.provider],
                [
                  'Provider reference',
                  <span key="ref" className="wpd-mono" dir="ltr">
                    {payment.reference}
                  </span>,
                ],
                ['Status', payment.status],
                ['Paid at', formatDateTime(payment.succeededAt)],
              ]}
            />
          ) : (
            <p className="wpd-muted">No payment recorded.</p>
          )}
        </section>
      </div>

      <section className="wp-card wpd-section" aria-labelledby="general-heading">
        <h2 id="general-heading">General information</h2>
        <Facts
          items={[
            [
              'Phone',
              general.phoneNumber ? (
                <bdi key="phone" dir="ltr">{`${general.countryCode} ${general.phoneNumber}`}</bdi>
              ) : (
                ''
              ),
            ],
            [
              'Notifications',
              NOTIFICATION[general.notificationPreference] ?? general.notificationPreference,
            ],
          ]}
        />
      </section>

      {application.travelers.map((traveller) => (
        <Traveller
          key={traveller.id}
          traveller={traveller}
          detail={detail}
          countryName={countryName}
        />
      ))}

      <History entries={detail.history} />
    </>
  );
}

/** One application for staff: everything the traveller gave, its documents, history and the decision. */
export function ApplicationDetailPage() {
  const { id = '' } = useParams();
  const location = useLocation();
  const listSearch = useAppSelector(selectListSearch);
  const { currentData, error, isError, isFetching, refetch } = useGetAdminApplicationQuery(id, {
    refetchOnMountOrArgChange: true,
  });
  const { data: countries } = useGetCountriesQuery();
  const countryName: CountryName = (code) => {
    if (!code) return '';
    const country = countries?.find((c) => c.id === code);
    return country ? `${country.name} (${code})` : code;
  };

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
      <title>{`${reference ? `Application #${reference}` : 'Application'} – Waypoint admin`}</title>
      <p className="wpd-back">
        <Link to={`/admin/applications${listSearch ? `?${listSearch}` : ''}`}>
          <span aria-hidden="true" className="wp-directional">
            ←
          </span>{' '}
          Back to applications
        </Link>
      </p>
      <h1>{reference ? `Application #${reference}` : 'Application'}</h1>
      {isError && !currentData ? (
        <LoadError what="this application" error={error} onRetry={() => void refetch()} />
      ) : null}
      {!currentData && isFetching ? <Spinner label="Loading the application…" showLabel /> : null}
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
