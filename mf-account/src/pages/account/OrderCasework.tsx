import { useState, type MouseEvent, type ReactNode } from 'react';
import {
  ClientErrorText,
  changesLeft,
  formatHomeOfficeReference,
  needsTravellerAction,
  type ChangeRequest,
  type DecisionDocument,
  type Grant,
  type Lodging,
  type OrderSummary,
  type Outcome,
  type ProductKind,
} from '@waypoint/contracts';
import { useAppDispatch } from '@waypoint/platform';
import { useApiText } from '@waypoint/platform/i18n';
import { formatDate, rich, useLocale, useT } from '@waypoint/ui';
import { CircleAlert, Icon } from '@waypoint/ui/icons';
import { apiPathOf, fetchFile, fileNameFor, saveFile } from '../../components/download';
import { errorText } from '../../components/forms';
import { accountMessages, type AccountMessage } from '../../i18n/catalog';

/**
 * An order as My orders reads it: its summary, and what casework recorded of it (read as optional, for a list that
 * does not send it).
 */
export type OrderWithCasework = OrderSummary & {
  productKind?: ProductKind;
  /** The latest request for changes, while the traveller has changes to make. */
  changeRequest?: ChangeRequest | null;
  /** Once the application was submitted to the UK government. */
  lodging?: Lodging | null;
  /** The government's outcome, once recorded. */
  outcome?: Outcome | null;
  /** The order's travellers, naming each grant. */
  travelers?: readonly { id: string; firstName: string; lastName: string }[];
};

/** What a failed call says when the server gave no words of its own. */
const GENERIC_FAILURES = new Set<string>(['', ...Object.values(ClientErrorText)]);

const hidden = (text: string) => <span className="wp-visually-hidden">{text}</span>;

/** "Action needed", in words beside the status: the traveller has something to do on this order. */
export function ActionNeeded({ order }: { order: OrderWithCasework }) {
  const t = useT(accountMessages);
  if (!needsTravellerAction(order.status)) return null;
  return (
    <span className="wp-badge wpa-action">
      <Icon icon={CircleAlert} size={16} /> {t('orders.actionNeeded')}
    </span>
  );
}

/** What staff need before the application goes to the UK government, and how many changes are left. */
export function ChangesRequested({ order }: { order: OrderWithCasework }) {
  const t = useT(accountMessages);
  if (order.status !== 'CHANGES_REQUESTED') return null;
  const left = changesLeft(order.changeRequest).length;
  return (
    <div className="wpa-order__changes">
      <p>{t('orders.changes.text')}</p>
      {left > 0 ? <p>{t('orders.changes.left', { count: left })}</p> : null}
    </div>
  );
}

/** "Submitted to the UK government on …", with the Home Office reference. */
export function LodgingFacts({ lodging }: { lodging: Lodging }) {
  const t = useT(accountMessages);
  const locale = useLocale();
  return (
    <div className="wpa-order__lodging">
      <p>
        {rich(t('orders.lodged', { date: formatDate(lodging.lodgedOn, locale) }), {
          date: (text) => <time dateTime={lodging.lodgedOn}>{text}</time>,
        })}
      </p>
      <p>
        {rich(
          t('orders.lodged.reference', {
            reference: formatHomeOfficeReference(lodging.reference),
          }),
          { ref: (text) => <bdi dir="ltr">{text}</bdi> },
        )}
      </p>
    </div>
  );
}

/**
 * A decision document of the API as a download link: the page fetches it with the session (see `fetchFile`) and the
 * browser saves it; a failure shows beside the link. The link itself opens the file when the page cannot.
 */
function DocumentLink({
  document,
  fallbackName,
  children,
}: {
  document: DecisionDocument;
  fallbackName: string;
  children: ReactNode;
}) {
  const t = useT(accountMessages);
  const apiText = useApiText();
  const dispatch = useAppDispatch();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const path = apiPathOf(document.url);
  const name = document.filename ?? fileNameFor(fallbackName, document.contentType);

  const onClick = async (event: MouseEvent<HTMLAnchorElement>) => {
    if (!path || event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    setBusy(true);
    try {
      saveFile(await fetchFile(path, { dispatch, fallbackName: name }));
    } catch (error) {
      const text = errorText(error, '');
      // The server's own words when it gave some, else this page's.
      setFailure(GENERIC_FAILURES.has(text) ? t('orders.download.failed') : text);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="wpa-order__download">
      <a
        href={document.url}
        download={name}
        aria-busy={busy || undefined}
        onClick={(event) => void onClick(event)}
      >
        {children}
        {document.contentType === 'application/pdf' ? (
          <>
            {' '}
            <span className="wpa-order__receipt-kind">{t('orders.download.pdf')}</span>
          </>
        ) : null}
      </a>
      <div role="alert">
        {failure ? <p className="wpa-order__download-failed">{apiText(failure)}</p> : null}
      </div>
    </div>
  );
}

/** A traveller's name for a grant, or their number when the list does not name them. */
function grantTitle(
  t: ReturnType<typeof useT<AccountMessage>>,
  order: OrderWithCasework,
  grant: Grant,
  index: number,
  count: number,
): string {
  const traveler = order.travelers?.find((person) => person.id === grant.travelerId);
  const name = traveler ? `${traveler.firstName} ${traveler.lastName}`.trim() : '';
  if (name) return t('orders.grant.for', { kind: grant.kind, name });
  if (count === 1) return t('orders.grant.yours', { kind: grant.kind });
  return t('orders.grant.forNumber', { kind: grant.kind, number: index + 1 });
}

/** One traveller's ETA or visa: its reference, validity, passport, decision and what to show at the border. */
function GrantCard({
  order,
  grant,
  title,
}: {
  order: OrderWithCasework;
  grant: Grant;
  title: string;
}) {
  const t = useT(accountMessages);
  const locale = useLocale();
  const about = t('orders.grant.about', { title, reference: order.reference });
  return (
    <section className="wpa-grant" aria-label={title}>
      <h3 className="wpa-grant__title">{title}</h3>
      <dl className="wpa-grant__facts">
        <div>
          <dt>{t('orders.grant.reference')}</dt>
          <dd>
            <bdi dir="ltr">{formatHomeOfficeReference(grant.reference)}</bdi>
          </dd>
        </div>
        <div>
          <dt>{t('orders.grant.validity')}</dt>
          <dd>
            {rich(
              t('orders.grant.valid', {
                from: formatDate(grant.validFrom, locale),
                until: formatDate(grant.validUntil, locale),
              }),
              {
                from: (text) => <time dateTime={grant.validFrom}>{text}</time>,
                until: (text) => <time dateTime={grant.validUntil}>{text}</time>,
              },
            )}
          </dd>
        </div>
        <div>
          <dt>{t('orders.grant.passportLabel')}</dt>
          <dd>
            {rich(t('orders.grant.passport', { last4: grant.passportLast4 }), {
              last4: (text) => <bdi dir="ltr">{text}</bdi>,
            })}
          </dd>
        </div>
      </dl>
      {grant.document ? (
        <DocumentLink
          document={grant.document}
          fallbackName={`${grant.kind.toLowerCase()}-${grant.reference}`}
        >
          {rich(t('orders.grant.download', { about }), { hidden })}
        </DocumentLink>
      ) : null}
      {grant.kind === 'ETA' ? (
        <div className="wpa-grant__border">
          <h4 className="wpa-grant__border-title">{t('orders.border.title')}</h4>
          <ul>
            <li>{t('orders.border.passport')}</li>
            <li>{t('orders.border.print')}</li>
            <li>{t('orders.border.stay')}</li>
          </ul>
        </div>
      ) : null}
    </section>
  );
}

/** The ETA or visa of each traveller of an approved order. */
export function Grants({ order }: { order: OrderWithCasework }) {
  const t = useT(accountMessages);
  const grants = order.status === 'APPROVED' ? (order.outcome?.grants ?? []) : [];
  if (grants.length === 0) return null;
  return (
    <div className="wpa-grants">
      {grants.map((grant, index) => (
        <GrantCard
          key={`${grant.travelerId}:${grant.reference}`}
          order={order}
          grant={grant}
          title={grantTitle(t, order, grant, index, grants.length)}
        />
      ))}
    </div>
  );
}

/** Why a refused order was refused, and the government's letter when there is one. */
export function Refusal({ order }: { order: OrderWithCasework }) {
  const t = useT(accountMessages);
  if (order.status !== 'REJECTED') return null;
  const reason = order.outcome?.reason ?? order.decisionReason;
  const letter = order.outcome?.document ?? null;
  if (!reason && !letter) return null;
  return (
    <>
      {reason ? (
        <p className="wpa-order__reason">
          <strong>{t('orders.reasonLabel')}</strong> {reason}
        </p>
      ) : null}
      {letter ? (
        <DocumentLink document={letter} fallbackName={`refusal-${order.reference}`}>
          {rich(t('orders.refusal.download', { reference: order.reference }), { hidden })}
        </DocumentLink>
      ) : null}
    </>
  );
}
