import { memo, useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import {
  WIZARD_STEP_NUMBERS,
  directionOf,
  ordersTabOf,
  receiptPath,
  submittedNoticeOf,
  type DraftSummary,
  type OrderSummary,
  type SubmittedNotice,
} from '@waypoint/contracts';
import {
  API_BASE,
  Link,
  selectAuth,
  useAppSelector,
  useHydrated,
  useLocation,
  useNavigate,
} from '@waypoint/platform';
import { useApiText, useReferenceText, useStatusLabel } from '@waypoint/platform/i18n';
import { LiveStatusAnnouncer, OrderTimeline, useLiveEvents } from '@waypoint/platform/live';
import {
  Banner,
  Button,
  Spinner,
  buttonClassName,
  countryName,
  formatDateTime,
  formatMoney,
  rich,
  useLocale,
  useReaderClock,
  useT,
} from '@waypoint/ui';
import { ArrowRight, Flag, Icon, Inbox } from '@waypoint/ui/icons';
import { accountMessages } from '../../i18n/catalog';
import { useGetMyApplicationsQuery, useGetMyDraftQuery, type OrdersTab } from '../../state';
import { CreditNotes } from './CreditNotes';
import { OrderMessages } from '../support/OrderMessages';
import { adultCount, formatNames, formatOrderDate } from './format';
import {
  ActionNeeded,
  ChangesRequested,
  Grants,
  LodgingFacts,
  Refusal,
  type OrderWithCasework,
} from './OrderCasework';

/** How long orders just fetched, or sent with the page, count as current when My orders opens. */
const FRESH_FOR_SECONDS = 5;

/** Where an empty list leads: the home page, where an application starts with the country. */
const START_PATH = '/';

interface TabDefinition {
  id: OrdersTab;
}

/**
 * Each tab's label is `orders.tab.<id>`, its empty state `orders.empty.<id>.title` and `.text`; which orders it lists
 * is `ordersTabOf`'s to say.
 */
const TABS: readonly TabDefinition[] = [{ id: 'active' }, { id: 'old' }];

/** The number of steps of the wizard, as a saved application's next step counts them. */
const WIZARD_STEPS = WIZARD_STEP_NUMBERS.length;

const tabId = (tab: OrdersTab) => `orders-tab-${tab}`;
const panelId = (tab: OrdersTab) => `orders-panel-${tab}`;

/** My orders' address. */
const ORDERS_PATH = '/orders';

/** The address of a tab (`/orders?tab=old`): a link that works before the page's script runs, and without it. */
export const ordersTabPath = (tab: OrdersTab) => `${ORDERS_PATH}?tab=${tab}`;

/** The tab an address shows (`?tab=old`); the active applications when it names none, or none there is. */
function tabOfSearch(search: string): OrdersTab {
  const named = new URLSearchParams(search).get('tab');
  return TABS.find((tab) => tab.id === named)?.id ?? 'active';
}

/** One order. Drawn again only when it changes (a fresh copy of the list keeps the orders that did not change). */
const OrderCard = memo(function OrderCard({ order }: { order: OrderWithCasework }) {
  const t = useT(accountMessages);
  const apiText = useApiText();
  const reference = useReferenceText();
  const locale = useLocale();
  // Spec section 9: the visa type name when an order has none.
  const visaTypeName = order.visaType?.name
    ? reference.visaTypeName(order.visaType)
    : t('orders.defaultVisaType');
  const clock = useReaderClock();
  const applied = formatOrderDate(order.createdAt, locale, clock.timeZone);
  const statusLabel = useStatusLabel();
  return (
    <li className="wp-card wpa-order">
      <div className="wpa-order__head">
        <h2 className="wpa-order__title">{t('orders.order', { reference: order.reference })}</h2>
        <span className="wpa-order__badges">
          <span className={`wp-badge wpa-status wpa-status--${order.status.toLowerCase()}`}>
            {statusLabel(order.status)}
          </span>
          <ActionNeeded order={order} />
        </span>
      </div>
      <p className="wpa-order__visa">{visaTypeName}</p>
      <dl className="wpa-order__facts">
        <div>
          <dt>{t('orders.travellers')}</dt>
          <dd>
            {order.travelerGroups
              ? reference.travelers(order.travelerGroups)
              : order.travelerSummary
                ? apiText(order.travelerSummary)
                : t('orders.adults', { count: adultCount(order.travelerCount) })}
          </dd>
        </div>
        {applied ? (
          <div>
            <dt>{t('orders.applied')}</dt>
            <dd>
              <time dateTime={order.createdAt} className={clock.className}>
                {applied}
              </time>
            </dd>
          </div>
        ) : null}
      </dl>
      <ChangesRequested order={order} />
      {order.receipt ? (
        // Above the card-wide continue link, so it is its own target.
        <p className="wpa-order__receipt">
          <a href={`${API_BASE}${receiptPath(order.id)}`} download>
            {t('orders.receipt.download')} <bdi dir="ltr">{order.receipt.number}</bdi>{' '}
            <span className="wpa-order__receipt-kind">{t('orders.receipt.pdf')}</span>
          </a>
        </p>
      ) : null}
      <CreditNotes notes={order.creditNotes} reference={order.reference} />
      {order.status !== 'DRAFT' ? (
        <OrderTimeline
          timeline={order.timeline}
          label={t('orders.timeline', { reference: order.reference })}
        />
      ) : null}
      {order.lodging ? <LodgingFacts lodging={order.lodging} /> : null}
      <Grants order={order} />
      <Refusal order={order} />
      {order.refunds.length > 0 ? (
        <div className="wpa-order__refunds">
          {order.refunds.map((refund) => (
            <p
              key={`${refund.refundedAt}:${refund.kind}:${refund.amountCents}`}
              className={clock.className}
            >
              {t(refund.kind === 'full' ? 'orders.refunded.full' : 'orders.refunded.serviceFee', {
                amount: formatMoney(refund.amountCents / 100, 'EUR', locale),
                date: formatOrderDate(refund.refundedAt, locale, clock.timeZone),
              })}
            </p>
          ))}
        </div>
      ) : null}
      <OrderMessages order={order} />
      {order.resumePath ? (
        // The link covers the whole card (see .wpa-order__continue), so a click anywhere continues.
        <Link to={order.resumePath} className="wpa-order__continue">
          {order.status === 'CHANGES_REQUESTED'
            ? t('orders.changes.continue')
            : t('orders.continue')}
          <span className="wp-visually-hidden">
            {' '}
            {t('orders.forOrder', { reference: order.reference })}
          </span>{' '}
          <Icon icon={ArrowRight} size={18} className="wp-directional" />
        </Link>
      ) : order.viewPath ? (
        <Link to={order.viewPath} className="wpa-order__continue">
          {t('orders.view')}
          <span className="wp-visually-hidden">
            {' '}
            {t('orders.forOrder', { reference: order.reference })}
          </span>{' '}
          <Icon icon={ArrowRight} size={18} className="wp-directional" />
        </Link>
      ) : null}
    </li>
  );
});

/** The saved, unpaid application of the wizard: where it stopped, and a way back to that step. */
const DraftCard = memo(function DraftCard({ draft }: { draft: DraftSummary }) {
  const t = useT(accountMessages);
  const reference = useReferenceText();
  const locale = useLocale();
  const visaTypeName = draft.visaType?.name
    ? reference.visaTypeName(draft.visaType)
    : t('orders.defaultVisaType');
  const clock = useReaderClock();
  const saved = formatOrderDate(draft.savedAt, locale, clock.timeZone);
  const kept = formatOrderDate(draft.expiresAt, locale, clock.timeZone);
  const step = WIZARD_STEP_NUMBERS.find((number) => number === draft.currentStep) ?? 1;
  return (
    <li className="wp-card wpa-order wpa-order--saved">
      <div className="wpa-order__head">
        <h2 className="wpa-order__title">{t('orders.draft.title')}</h2>
        <span className="wp-badge wpa-status wpa-status--draft">{t('orders.draft.badge')}</span>
      </div>
      <p className="wpa-order__visa">
        {visaTypeName}
        {draft.country ? (
          <span className="wpa-order__country">
            {' · '}
            <Flag code={draft.country.id} /> {countryName(draft.country.id, locale)}
          </span>
        ) : null}
      </p>
      <dl className="wpa-order__facts">
        <div>
          <dt>{t('orders.travellers')}</dt>
          <dd>
            {draft.travelerNames.length > 0
              ? formatNames(draft.travelerNames, locale)
              : t('orders.adults', { count: adultCount(draft.travelerCount) })}
          </dd>
        </div>
        <div>
          <dt>{t('orders.draft.nextStep')}</dt>
          <dd>
            {t('orders.draft.step', {
              label: t(`wizardStep.${step}`),
              step,
              total: WIZARD_STEPS,
            })}
          </dd>
        </div>
        {saved ? (
          <div>
            <dt>{t('orders.draft.lastSaved')}</dt>
            <dd>
              <time dateTime={draft.savedAt} className={clock.className}>
                {saved}
              </time>
            </dd>
          </div>
        ) : null}
      </dl>
      {kept ? (
        <p className="wpa-order__note">
          {rich(t('orders.draft.kept', { date: kept }), {
            date: (text) => (
              <time dateTime={draft.expiresAt} className={clock.className}>
                {text}
              </time>
            ),
          })}
        </p>
      ) : null}
      <Link to={draft.resumePath} className="wpa-order__continue">
        {t('orders.continue')}
        <span className="wp-visually-hidden"> {t('orders.draft.hidden')}</span>{' '}
        <Icon icon={ArrowRight} size={18} className="wp-directional" />
      </Link>
    </li>
  );
});

/** An empty tab: what it means, and where to go from here. */
function EmptyState({ title, text }: { title: string; text: string }) {
  const t = useT(accountMessages);
  return (
    <div className="wpa-empty">
      <span className="wpa-empty__icon">
        <Icon icon={Inbox} size={28} />
      </span>
      <h2>{title}</h2>
      <p>{text}</p>
      <Link to={START_PATH} className={buttonClassName('primary')}>
        {t('orders.start')}
      </Link>
    </div>
  );
}

/**
 * Where the active orders went: the orders that moved to Old Applications while the page was open (a decision,
 * a refund in full), or, when nothing is active, that the decided and refunded ones are there; with a way to it.
 */
function ElsewhereNotice({ moved, onShow }: { moved: OrderSummary[]; onShow: () => void }) {
  const t = useT(accountMessages);
  const statusLabel = useStatusLabel();
  const tab = t('orders.tab.old');
  return (
    <Banner
      className="wpa-elsewhere"
      actions={
        <Link
          to={ordersTabPath('old')}
          replace
          className={buttonClassName('secondary', 'small')}
          onClick={onShow}
        >
          {t('orders.elsewhere.show', { tab })}
        </Link>
      }
    >
      {moved.length > 0 ? (
        moved.map((order) => (
          <p key={order.id}>
            {t('orders.elsewhere.moved', {
              reference: order.reference,
              status: statusLabel(order.status),
              tab,
            })}
          </p>
        ))
      ) : (
        <p>{t('orders.elsewhere.old', { tab })}</p>
      )}
    </Banner>
  );
}

function OrdersPanel({
  tab,
  orders,
  draft,
  loading,
  failed,
  retry,
  moved,
  showOld,
}: {
  tab: TabDefinition;
  orders: OrderSummary[];
  /** The saved application, shown first among the active ones. */
  draft: DraftSummary | null;
  loading: boolean;
  failed: boolean;
  retry: () => void;
  /** Orders of the Active tab that moved to Old Applications while the page was open. */
  moved: OrderSummary[];
  /** As the link to Old Applications is followed: focus on its tab. */
  showOld: () => void;
}) {
  const shown = orders.filter((order) => ordersTabOf(order) === tab.id);
  const saved = tab.id === 'active' ? draft : null;
  const nothingAtAll = orders.length === 0 && draft === null;
  const t = useT(accountMessages);
  // Nothing active, but old orders: say where they are (an order decided or refunded leaves the Active tab).
  const onlyOld =
    tab.id === 'active' &&
    shown.length === 0 &&
    !saved &&
    orders.some((o) => ordersTabOf(o) === 'old');
  const pointElsewhere = tab.id === 'active' && !loading && (moved.length > 0 || onlyOld);
  return (
    <>
      <div role="status">
        {failed ? (
          <p className="wpa-load-failed">
            {t('orders.loadFailed')}{' '}
            <Button variant="link" onClick={retry}>
              {t('orders.tryAgain')}
            </Button>
          </p>
        ) : null}
        {pointElsewhere ? <ElsewhereNotice moved={moved} onShow={showOld} /> : null}
      </div>
      {loading ? (
        <Spinner label={t('orders.loading')} showLabel />
      ) : shown.length === 0 && !saved ? (
        nothingAtAll && tab.id === 'active' && !failed ? (
          <EmptyState title={t('orders.empty.none.title')} text={t('orders.empty.none.text')} />
        ) : (
          <EmptyState
            title={t(`orders.empty.${tab.id}.title`)}
            text={t(`orders.empty.${tab.id}.text`)}
          />
        )
      ) : (
        <ul className="wpa-orders">
          {saved ? <DraftCard draft={saved} /> : null}
          {shown.map((order) => (
            <OrderCard key={order.id} order={order} />
          ))}
        </ul>
      )}
    </>
  );
}

/**
 * The confirmation after the traveller's final submit (see SubmittedNotice): sent to the team, what the team does
 * next and by when: the due time of the speed paid for, else the hours it promises.
 */
function SubmittedConfirmation({
  notice,
  onDismiss,
}: {
  notice: SubmittedNotice;
  onDismiss: () => void;
}) {
  const t = useT(accountMessages);
  const reference = useReferenceText();
  const locale = useLocale();
  const speed = reference.optionName({
    id: notice.processingOptionId ?? '',
    name: notice.processingName,
  });
  // Shown only in the browser, after the page has hydrated: on the reader's own clock.
  const { dueAt } = notice;
  const due = dueAt ? formatDateTime(dueAt, locale) : '';
  return (
    <Banner
      tone="success"
      title={t('orders.submitted.title')}
      onDismiss={onDismiss}
      dismissLabel={t('orders.submitted.dismiss')}
    >
      <p>{t('orders.submitted.order', { reference: notice.reference })}</p>
      <p>
        {dueAt && due
          ? rich(t('orders.submitted.due', { due, speed }), {
              date: (text) => <time dateTime={dueAt}>{text}</time>,
            })
          : notice.processingHours > 0
            ? t('orders.submitted.within', { hours: notice.processingHours, speed })
            : t('orders.submitted.check')}
      </p>
      <p>{t('orders.submitted.emails')}</p>
    </Banner>
  );
}

/**
 * The confirmation the pages after payment send with the traveller to My orders after the final submit, read once:
 * the router state is replaced at once, so a reload or a return to this page does not show it again.
 */
function useSubmittedNotice() {
  const location = useLocation();
  const navigate = useNavigate();
  const [notice, setNotice] = useState<SubmittedNotice | null>(null);
  useEffect(() => {
    const arrived = submittedNoticeOf(location.state);
    if (!arrived) return;
    setNotice(arrived);
    void navigate(`${location.pathname}${location.search}${location.hash}`, {
      replace: true,
      state: null,
    });
  }, [location, navigate]);
  return [notice, () => setNotice(null)] as const;
}

/**
 * The orders seen in the Active tab that moved to Old Applications while the page was open (decided, or refunded in
 * full, live or on a refetch): the Active tab then says where they went. The orders the page opened with are not
 * counted.
 */
function useMovedOrders(orders: OrderSummary[] | undefined) {
  const seen = useRef<Map<string, OrdersTab> | null>(null);
  const [movedIds, setMovedIds] = useState<readonly string[]>([]);
  useEffect(() => {
    if (!orders) return;
    const previous = seen.current;
    seen.current = new Map(orders.map((order) => [order.id, ordersTabOf(order)]));
    if (!previous) return;
    const now = orders
      .filter((order) => previous.get(order.id) === 'active' && ordersTabOf(order) === 'old')
      .map((order) => order.id);
    if (now.length > 0) setMovedIds((ids) => [...ids.filter((id) => !now.includes(id)), ...now]);
  }, [orders]);
  // Still where they went (a refund that failed reopens an order).
  const moved = (orders ?? []).filter(
    (order) => movedIds.includes(order.id) && ordersTabOf(order) === 'old',
  );
  const forget = useCallback(() => setMovedIds([]), []);
  return [moved, forget] as const;
}

/** My orders: the signed-in user's applications in two tabs, active and old. */
export function OrdersPage() {
  const t = useT(accountMessages);
  const locale = useLocale();
  const navigate = useNavigate();
  // Each tab is its own address, drawn by the server too, so a tab works before the page's script runs.
  const current = tabOfSearch(useLocation().search);
  const hydrated = useHydrated();
  // The page shows (heading, tabs, a loading list) while the session is still being checked, as its HTML
  // rendered at build time does; the orders are asked for once someone is known to be signed in.
  const signedIn = useAppSelector(selectAuth).isAuthenticated;
  // Always fresh: the status of an order changes while the user is away. Asked for again on every visit unless
  // just fetched, or sent with the page (My orders rendered on the server), and kept current by live events.
  const { data, isLoading, isFetching, isError, refetch } = useGetMyApplicationsQuery(undefined, {
    refetchOnMountOrArgChange: FRESH_FOR_SECONDS,
    skip: !signedIn,
  });
  // The saved application of the wizard, changed from another page since the last visit.
  const saved = useGetMyDraftQuery(undefined, {
    refetchOnMountOrArgChange: FRESH_FOR_SECONDS,
    skip: !signedIn,
  });
  // A status changed by staff, or a document arriving, shows here without reloading.
  useLiveEvents();
  const orders = isError ? [] : (data ?? []);
  const draft = saved.isError ? null : (saved.data ?? null);
  const [submitted, dismissSubmitted] = useSubmittedNotice();
  const [moved, forgetMoved] = useMovedOrders(data);

  // Once the script runs, a tab opens without loading the page again, in place of the tab before it.
  const select = (tab: OrdersTab, focus = false) => {
    if (tab !== current) void navigate(ordersTabPath(tab), { replace: true });
    if (focus) document.getElementById(tabId(tab))?.focus();
  };
  // Once Old Applications has been seen, the Active tab no longer says what moved there.
  useEffect(() => {
    if (current === 'old') forgetMoved();
  }, [current, forgetMoved]);

  // Arrow keys, Home and End move between the tabs (WAI-ARIA tabs, automatic activation). Right to left, the
  // tabs run from right to left, so the left arrow moves forward.
  const forward = directionOf(locale) === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
  const backward = forward === 'ArrowRight' ? 'ArrowLeft' : 'ArrowRight';
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = TABS.findIndex((tab) => tab.id === current);
    let next: number;
    switch (event.key) {
      case forward:
        next = (index + 1) % TABS.length;
        break;
      case backward:
        next = (index - 1 + TABS.length) % TABS.length;
        break;
      case 'Home':
        next = 0;
        break;
      case 'End':
        next = TABS.length - 1;
        break;
      default:
        return;
    }
    event.preventDefault();
    const tab = TABS[next];
    if (tab) select(tab.id, true);
  };

  return (
    <>
      <title>{t('form.pageTitle', { title: t('orders.title') })}</title>
      <h1>{t('orders.title')}</h1>
      <div role="status">
        {submitted ? (
          <SubmittedConfirmation notice={submitted} onDismiss={dismissSubmitted} />
        ) : null}
      </div>
      <LiveStatusAnnouncer orders={data} />
      <div role="tablist" aria-label={t('orders.title')} className="wpa-tabs" onKeyDown={onKeyDown}>
        {TABS.map((tab) => (
          // Only the selected tab is a tab stop once the arrow keys work; before that, every tab is.
          <Link
            key={tab.id}
            to={ordersTabPath(tab.id)}
            replace
            role="tab"
            id={tabId(tab.id)}
            className="wpa-tab"
            aria-selected={tab.id === current}
            aria-controls={panelId(tab.id)}
            tabIndex={hydrated ? (tab.id === current ? 0 : -1) : undefined}
          >
            {t(`orders.tab.${tab.id}`)}
          </Link>
        ))}
      </div>
      {TABS.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={panelId(tab.id)}
          aria-labelledby={tabId(tab.id)}
          className="wpa-tabpanel"
          tabIndex={0}
          hidden={tab.id !== current}
        >
          {tab.id === current ? (
            <OrdersPanel
              tab={tab}
              orders={orders}
              draft={draft}
              loading={
                !signedIn ||
                isLoading ||
                saved.isLoading ||
                (isFetching && data === undefined) ||
                (saved.isFetching && saved.data === undefined)
              }
              failed={isError || saved.isError}
              retry={() => {
                if (isError) void refetch();
                if (saved.isError) void saved.refetch();
              }}
              moved={moved}
              showOld={() => document.getElementById(tabId('old'))?.focus()}
            />
          ) : null}
        </div>
      ))}
    </>
  );
}
