import type { KeyboardEvent } from 'react';
import {
  ACTIVE_STATUSES,
  OLD_STATUSES,
  WIZARD_STEP_LABEL,
  type ApplicationStatus,
  type DraftSummary,
  type OrderSummary,
  type WizardStepNumber,
} from '@waypoint/contracts';
import { Link, selectAuth, useAppDispatch, useAppSelector } from '@waypoint/platform';
import { useStatusLabel } from '@waypoint/platform/i18n';
import { Button, Spinner, buttonClassName } from '@waypoint/ui';
import { ArrowRight, Flag, Icon, Inbox } from '@waypoint/ui/icons';
import {
  selectOrdersTab,
  showOrdersTab,
  useGetMyApplicationsQuery,
  useGetMyDraftQuery,
  type OrdersTab,
} from '../../state';
import { formatAdults, formatOrderDate } from './format';

/** Spec section 9: the visa type name when an order has none. */
export const DEFAULT_VISA_TYPE_NAME = 'United Kingdom ETA';

/** Where an empty list leads: the home page, where an application starts with the country. */
const START_PATH = '/';

interface TabDefinition {
  id: OrdersTab;
  label: string;
  statuses: readonly ApplicationStatus[];
  emptyTitle: string;
  emptyText: string;
}

const TABS: readonly TabDefinition[] = [
  {
    id: 'active',
    label: 'Active Applications',
    statuses: ACTIVE_STATUSES,
    emptyTitle: 'No active applications',
    emptyText: "You don't have any active applications at the moment.",
  },
  {
    id: 'old',
    label: 'Old Applications',
    statuses: OLD_STATUSES,
    emptyTitle: 'No old applications',
    emptyText: "You don't have any completed applications yet.",
  },
];

const tabId = (tab: OrdersTab) => `orders-tab-${tab}`;
const panelId = (tab: OrdersTab) => `orders-panel-${tab}`;

function OrderCard({ order }: { order: OrderSummary }) {
  const visaTypeName = order.visaType?.name || DEFAULT_VISA_TYPE_NAME;
  const applied = formatOrderDate(order.createdAt);
  const statusLabel = useStatusLabel();
  return (
    <li className="wp-card wpa-order">
      <div className="wpa-order__head">
        <h2 className="wpa-order__title">Order #{order.reference}</h2>
        <span className={`wp-badge wpa-status wpa-status--${order.status.toLowerCase()}`}>
          {statusLabel(order.status)}
        </span>
      </div>
      <p className="wpa-order__visa">{visaTypeName}</p>
      <dl className="wpa-order__facts">
        <div>
          <dt>Travellers</dt>
          <dd>{order.travelerSummary ?? formatAdults(order.travelerCount)}</dd>
        </div>
        {applied ? (
          <div>
            <dt>Applied</dt>
            <dd>
              <time dateTime={order.createdAt}>{applied}</time>
            </dd>
          </div>
        ) : null}
      </dl>
      {order.status === 'REJECTED' && order.decisionReason ? (
        <p className="wpa-order__reason">
          <strong>Reason:</strong> {order.decisionReason}
        </p>
      ) : null}
      {order.resumePath ? (
        // The link covers the whole card (see .wpa-order__continue), so a click anywhere continues.
        <Link to={order.resumePath} className="wpa-order__continue">
          Continue Application
          <span className="wp-visually-hidden"> for order #{order.reference}</span>{' '}
          <Icon icon={ArrowRight} size={18} className="wp-directional" />
        </Link>
      ) : order.viewPath ? (
        <Link to={order.viewPath} className="wpa-order__continue">
          View application
          <span className="wp-visually-hidden"> for order #{order.reference}</span>{' '}
          <Icon icon={ArrowRight} size={18} className="wp-directional" />
        </Link>
      ) : null}
    </li>
  );
}

/** The saved, unpaid application of the wizard: where it stopped, and a way back to that step. */
function DraftCard({ draft }: { draft: DraftSummary }) {
  const visaTypeName = draft.visaType?.name || DEFAULT_VISA_TYPE_NAME;
  const saved = formatOrderDate(draft.savedAt);
  const kept = formatOrderDate(draft.expiresAt);
  const step = draft.currentStep as WizardStepNumber;
  return (
    <li className="wp-card wpa-order wpa-order--saved">
      <div className="wpa-order__head">
        <h2 className="wpa-order__title">Saved application</h2>
        <span className="wp-badge wpa-status wpa-status--draft">Not finished</span>
      </div>
      <p className="wpa-order__visa">
        {visaTypeName}
        {draft.country ? (
          <span className="wpa-order__country">
            {' · '}
            <Flag code={draft.country.id} /> {draft.country.name}
          </span>
        ) : null}
      </p>
      <dl className="wpa-order__facts">
        <div>
          <dt>Travellers</dt>
          <dd>
            {draft.travelerNames.length > 0
              ? draft.travelerNames.join(', ')
              : formatAdults(draft.travelerCount)}
          </dd>
        </div>
        <div>
          <dt>Next step</dt>
          <dd>
            {WIZARD_STEP_LABEL[step] ?? WIZARD_STEP_LABEL[1]} (step {step} of 5)
          </dd>
        </div>
        {saved ? (
          <div>
            <dt>Last saved</dt>
            <dd>
              <time dateTime={draft.savedAt}>{saved}</time>
            </dd>
          </div>
        ) : null}
      </dl>
      {kept ? (
        <p className="wpa-order__note">
          Not paid yet. We keep your answers until <time dateTime={draft.expiresAt}>{kept}</time>.
        </p>
      ) : null}
      <Link to={draft.resumePath} className="wpa-order__continue">
        Continue Application
        <span className="wp-visually-hidden"> (saved application)</span>{' '}
        <Icon icon={ArrowRight} size={18} className="wp-directional" />
      </Link>
    </li>
  );
}

/** An empty tab: what it means, and where to go from here. */
function EmptyState({ title, text }: { title: string; text: string }) {
  return (
    <div className="wpa-empty">
      <span className="wpa-empty__icon">
        <Icon icon={Inbox} size={28} />
      </span>
      <h2>{title}</h2>
      <p>{text}</p>
      <Link to={START_PATH} className={buttonClassName('primary')}>
        Start an application
      </Link>
    </div>
  );
}

function OrdersPanel({
  tab,
  orders,
  draft,
  loading,
  failed,
  retry,
}: {
  tab: TabDefinition;
  orders: OrderSummary[];
  /** The saved application, shown first among the active ones. */
  draft: DraftSummary | null;
  loading: boolean;
  failed: boolean;
  retry: () => void;
}) {
  const shown = orders.filter((order) => tab.statuses.includes(order.status));
  const saved = tab.id === 'active' ? draft : null;
  const nothingAtAll = orders.length === 0 && draft === null;
  return (
    <>
      <div role="status">
        {failed ? (
          <p className="wpa-load-failed">
            Your orders could not be loaded.{' '}
            <Button variant="link" onClick={retry}>
              Try again
            </Button>
          </p>
        ) : null}
      </div>
      {loading ? (
        <Spinner label="Loading your orders…" showLabel />
      ) : shown.length === 0 && !saved ? (
        nothingAtAll && tab.id === 'active' && !failed ? (
          <EmptyState
            title="You have no applications yet"
            text="Apply for a UK ETA or visitor visa online: it takes a few minutes."
          />
        ) : (
          <EmptyState title={tab.emptyTitle} text={tab.emptyText} />
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

/** My orders: the signed-in user's applications in two tabs, active and old. */
export function OrdersPage() {
  const dispatch = useAppDispatch();
  const current = useAppSelector(selectOrdersTab);
  // The page shows (heading, tabs, a loading list) while the session is still being checked, as its HTML
  // rendered at build time does; the orders are asked for once someone is known to be signed in.
  const signedIn = useAppSelector(selectAuth).isAuthenticated;
  // Always fresh: the status of an order changes while the user is away.
  const { data, isLoading, isFetching, isError, refetch } = useGetMyApplicationsQuery(undefined, {
    refetchOnMountOrArgChange: true,
    skip: !signedIn,
  });
  // The saved application of the wizard, changed from another page since the last visit.
  const saved = useGetMyDraftQuery(undefined, {
    refetchOnMountOrArgChange: true,
    skip: !signedIn,
  });
  const orders = isError ? [] : (data ?? []);
  const draft = saved.isError ? null : (saved.data ?? null);

  const select = (tab: OrdersTab, focus = false) => {
    dispatch(showOrdersTab(tab));
    if (focus) document.getElementById(tabId(tab))?.focus();
  };

  // Arrow keys, Home and End move between the tabs (WAI-ARIA tabs, automatic activation).
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = TABS.findIndex((tab) => tab.id === current);
    let next: number;
    switch (event.key) {
      case 'ArrowRight':
        next = (index + 1) % TABS.length;
        break;
      case 'ArrowLeft':
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
      <title>My orders – Waypoint</title>
      <h1>My orders</h1>
      <div role="tablist" aria-label="My orders" className="wpa-tabs" onKeyDown={onKeyDown}>
        {TABS.map((tab) => (
          <button
            key={tab.id}
            type="button"
            role="tab"
            id={tabId(tab.id)}
            className="wpa-tab"
            aria-selected={tab.id === current}
            aria-controls={panelId(tab.id)}
            tabIndex={tab.id === current ? 0 : -1}
            onClick={() => select(tab.id)}
          >
            {tab.label}
          </button>
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
            />
          ) : null}
        </div>
      ))}
    </>
  );
}
