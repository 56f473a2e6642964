import { useId, useMemo, useRef, useState } from 'react';
import type {
  ApplicationDetail,
  ChangeRequest,
  ChangeRequestItem,
  SectionState,
  TravelerDetail,
} from '@waypoint/contracts';
import { PostPaymentText, changesLeft } from '@waypoint/contracts';
import {
  Link,
  NavLink,
  Navigate,
  Outlet,
  RequireAuth,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from '@waypoint/platform';
import { useApiText, useReferenceText } from '@waypoint/platform/i18n';
import { LiveStatusAnnouncer, OrderTimeline, useLiveEvents } from '@waypoint/platform/live';
import {
  Banner,
  Button,
  Drawer,
  ErrorBox,
  PageSpinner,
  buttonClassName,
  countryName,
  formatDate,
  useLocale,
  useT,
} from '@waypoint/ui';
import { useGetApplicationQuery } from './api';
import { changeOf, requestedChanges } from './casework';
import { ChangesBanner } from './ChangeNotice';
import { PostPaymentContext, usePostPayment, type PageSave } from './context';
import { postPaymentMessages } from './i18n/catalog';
import {
  SECTION_KEY,
  applicationBase,
  generalInfoPath,
  reviewPath,
  travelerPath,
  travelerTitle,
  askedSections,
  type TravelerSectionSlug,
} from './sections';
import {
  Circle,
  CircleAlert,
  CircleCheck,
  CircleDashed,
  Flag,
  Icon,
  type IconNode,
} from '@waypoint/ui/icons';

const STATE_ICON: Record<SectionState, IconNode> = {
  not_started: Circle,
  in_progress: CircleDashed,
  completed: CircleCheck,
};

function SectionLink({
  to,
  label,
  state,
  change,
}: {
  to: string;
  label: string;
  state: SectionState;
  /** The change staff asked for on this section, while the order waits for changes: shown instead of its state. */
  change?: ChangeRequestItem | null;
}) {
  const t = useT(postPaymentMessages);
  const mark = change ? (change.resolved ? 'changed' : 'change-needed') : state;
  return (
    <li>
      <NavLink to={to} className={`wpp-nav__link wpp-nav__link--${mark}`}>
        <span className="wpp-nav__label">{label}</span>
        <span className="wpp-nav__state">
          <Icon
            icon={change ? (change.resolved ? CircleCheck : CircleAlert) : STATE_ICON[state]}
            size={16}
            className="wpp-nav__icon"
          />
          <span className="wp-visually-hidden">{t('layout.stateSeparator')}</span>
          {change
            ? t(change.resolved ? 'changes.state.done' : 'changes.state.needed')
            : t(`state.${state}`)}
        </span>
      </NavLink>
    </li>
  );
}

/** How many of the sections asked of a traveller are completed. */
function doneCount(application: ApplicationDetail, traveler: TravelerDetail): number {
  return askedSections(application, traveler).filter(
    (section) => traveler.sections[SECTION_KEY[section.slug]] === 'completed',
  ).length;
}

/**
 * The traveller whose sections stay open in the sidebar: the one whose page is shown, else (on General
 * Information and the review) the first with changes left to make, or with sections left to do.
 */
function currentTravelerId(
  application: ApplicationDetail,
  changes: ChangeRequest | null,
  pathname: string,
): string | null {
  const prefix = `${applicationBase(application.id)}/travelers/`;
  const shown = application.travelers.find((traveler) =>
    pathname.startsWith(`${prefix}${encodeURIComponent(traveler.id)}/`),
  );
  if (shown) return shown.id;
  const changing = changesLeft(changes).find((item) => item.travelerId !== null);
  if (changing?.travelerId) return changing.travelerId;
  const unfinished = application.travelers.find(
    (traveler) => doneCount(application, traveler) < askedSections(application, traveler).length,
  );
  return unfinished?.id ?? null;
}

/** One traveller in the sidebar: a disclosure with their progress, opening onto their sections. */
function TravelerNav({
  application,
  changes,
  traveler,
  open,
  onToggle,
}: {
  application: ApplicationDetail;
  changes: ChangeRequest | null;
  traveler: TravelerDetail;
  open: boolean;
  onToggle: () => void;
}) {
  const t = useT(postPaymentMessages);
  const id = useId();
  const titleId = `${id}-title`;
  const panelId = `${id}-sections`;
  const documentsId = `${id}-documents`;
  // A traveller under 16 is not asked about work: their sidebar lists only the sections asked of them.
  const sections = askedSections(application, traveler);
  const done = doneCount(application, traveler);
  const total = sections.length;
  const link = (slug: TravelerSectionSlug) => {
    const section = sections.find((s) => s.slug === slug);
    if (!section) return null;
    return (
      <SectionLink
        key={slug}
        to={travelerPath(application.id, traveler.id, slug)}
        label={t(`section.${section.slug}.title`)}
        state={traveler.sections[SECTION_KEY[section.slug]]}
        change={changeOf(changes, section.slug, traveler.id)}
      />
    );
  };
  return (
    <section
      className={`wpp-traveler${open ? ' wpp-traveler--open' : ''}`}
      aria-labelledby={titleId}
    >
      <h3 className="wpp-traveler__heading">
        <button
          type="button"
          className="wpp-traveler__toggle"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={onToggle}
        >
          <span className="wpp-traveler__title" id={titleId}>
            {travelerTitle(t, application, traveler)}
          </span>
          <span className="wp-visually-hidden">{t('layout.progressSeparator')}</span>
          <span
            className={`wpp-traveler__progress${done === total ? ' wpp-traveler__progress--done' : ''}`}
          >
            {done === total ? (
              <Icon icon={CircleCheck} size={16} className="wpp-nav__icon" />
            ) : null}
            {t('layout.progress', { done, total })}
          </span>
          <span className="wpp-traveler__chevron" aria-hidden="true" />
        </button>
      </h3>
      <div id={panelId} className="wpp-traveler__sections" hidden={!open}>
        <p className="wpp-nav__group" id={documentsId}>
          {t('layout.documents')}
        </p>
        <ul className="wpp-nav" aria-labelledby={documentsId}>
          {sections.filter((s) => s.kind === 'document').map((s) => link(s.slug))}
        </ul>
        <ul className="wpp-nav">
          {sections.filter((s) => s.kind !== 'document').map((s) => link(s.slug))}
        </ul>
      </div>
    </section>
  );
}

function Sidebar({
  application,
  changes,
  onNavigate,
  onSaveExit,
  exiting,
}: {
  application: ApplicationDetail;
  changes: ChangeRequest | null;
  onNavigate?: () => void;
  onSaveExit: () => void;
  exiting: boolean;
}) {
  const t = useT(postPaymentMessages);
  const reference = useReferenceText();
  const locale = useLocale();
  const { pathname } = useLocation();
  const current = currentTravelerId(application, changes, pathname);
  /** Travellers opened or closed by hand; the others follow the current one. */
  const [toggled, setToggled] = useState<Record<string, boolean>>({});
  const isOpen = (travelerId: string) =>
    toggled[travelerId] ?? (application.travelers.length === 1 || travelerId === current);
  const onToggle = (travelerId: string) =>
    setToggled((state) => ({ ...state, [travelerId]: !isOpen(travelerId) }));

  return (
    <div
      className="wpp-sidebar"
      onClick={(event) => {
        if (onNavigate && (event.target as HTMLElement).closest('a')) onNavigate();
      }}
    >
      <section className="wpp-trip" aria-label={t('layout.trip')}>
        <h2 className="wpp-sidebar__heading">{t('layout.trip')}</h2>
        <dl className="wpp-trip__facts">
          <div>
            <dt>{t('layout.country')}</dt>
            <dd>
              <Flag code={application.country.id} /> {countryName(application.country.id, locale)}
            </dd>
          </div>
          <div>
            <dt>{t('layout.visaType')}</dt>
            <dd>{reference.visaTypeName(application.visaType)}</dd>
          </div>
          <div>
            <dt>{t('layout.arrivalDate')}</dt>
            <dd>
              {application.arrivalDate
                ? formatDate(application.arrivalDate, locale)
                : t('layout.notPlanned')}
            </dd>
          </div>
        </dl>
      </section>
      <nav aria-label={t('layout.sections')}>
        <ul className="wpp-nav">
          <SectionLink
            to={generalInfoPath(application.id)}
            label={t('section.general-info.title')}
            state={application.generalInfo.state}
            change={changeOf(changes, 'general-info', null)}
          />
        </ul>
        {application.travelers.map((traveler) => (
          <TravelerNav
            key={traveler.id}
            application={application}
            changes={changes}
            traveler={traveler}
            open={isOpen(traveler.id)}
            onToggle={() => onToggle(traveler.id)}
          />
        ))}
        <ul className="wpp-nav">
          <li>
            <NavLink to={reviewPath(application.id)} className="wpp-nav__link">
              <span className="wpp-nav__label">
                {changes
                  ? t('changes.review.title')
                  : application.editable
                    ? t('section.review.title')
                    : t('layout.summary')}
              </span>
            </NavLink>
          </li>
        </ul>
      </nav>
      <Button
        variant="secondary"
        fullWidth
        busy={exiting}
        busyLabel={t('layout.saving')}
        onClick={onSaveExit}
      >
        {t('layout.saveExit')}
      </Button>
    </div>
  );
}

function LoadedLayout({ application }: { application: ApplicationDetail }) {
  const t = useT(postPaymentMessages);
  const apiText = useApiText();
  const navigate = useNavigate();
  const saveRef = useRef<PageSave | null>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const [exiting, setExiting] = useState(false);
  const changes = useMemo(() => requestedChanges(application), [application]);
  // While the order waits for changes, only the sections staff asked for can change (see useSectionAccess).
  const readOnly = changes !== null || !application.editable;
  const { pathname } = useLocation();
  // A decision by staff, or a document sent from the phone, shows without reloading.
  const live = useLiveEvents({ applicationId: application.id });
  const context = useMemo(
    () => ({ application, readOnly, changes, saveRef, live }),
    [application, readOnly, changes, live],
  );
  const timelineId = useId();

  const onSaveExit = async () => {
    setMenuOpen(false);
    const save = saveRef.current;
    // A page that cannot be changed has nothing to save (its save says so at once).
    if (save && (!readOnly || changes)) {
      setExiting(true);
      const outcome = await save();
      setExiting(false);
      // A failed save stays on the page with its error; an incomplete form has nothing to keep yet.
      if (outcome === 'failed') return;
    }
    navigate('/orders');
  };

  const sidebar = (onNavigate?: () => void) => (
    <Sidebar
      application={application}
      changes={changes}
      onNavigate={onNavigate}
      onSaveExit={() => void onSaveExit()}
      exiting={exiting}
    />
  );

  return (
    <PostPaymentContext.Provider value={context}>
      <div className="wp-container wp-side-layout wpp-layout">
        <aside className="wp-side-layout__aside wp-card" aria-label={t('layout.application')}>
          {sidebar()}
        </aside>
        <div className="wpp-content">
          <div className="wp-side-layout__mobile">
            <Button variant="secondary" aria-haspopup="dialog" onClick={() => setMenuOpen(true)}>
              {t('layout.sections')}
            </Button>
            <Drawer
              open={menuOpen}
              onClose={() => setMenuOpen(false)}
              title={t('layout.application')}
            >
              {sidebar(() => setMenuOpen(false))}
            </Drawer>
          </div>
          <p className="wpp-reference">
            {t('layout.reference', { reference: application.reference })}
          </p>
          <LiveStatusAnnouncer orders={[application]} />
          {application.status === 'REFUNDED' ? (
            <Banner title={apiText(PostPaymentText.refunded)} />
          ) : changes ? (
            <ChangesBanner
              application={application}
              changes={changes}
              list={pathname !== reviewPath(application.id)}
            />
          ) : readOnly ? (
            <Banner tone="success" title={apiText(PostPaymentText.readOnly)} />
          ) : null}
          {readOnly ? (
            <section className="wpp-timeline" aria-labelledby={timelineId}>
              <p id={timelineId} className="wpp-timeline__title">
                {t('layout.timeline')}
              </p>
              <OrderTimeline timeline={application.timeline} label={t('layout.timeline')} />
            </section>
          ) : null}
          <Outlet />
        </div>
      </div>
    </PostPaymentContext.Provider>
  );
}

function ApplicationLoader() {
  const t = useT(postPaymentMessages);
  const { applicationId = '' } = useParams();
  const query = useGetApplicationQuery(applicationId);
  if (query.isLoading) return <PageSpinner label={t('layout.loading')} />;
  if (query.data) return <LoadedLayout application={query.data} />;
  const status = (query.error as { status?: number } | undefined)?.status;
  if (status === 404) {
    return (
      <div className="wp-container wp-status-page">
        <title>{t('page.title', { title: t('layout.notFound.title') })}</title>
        <h1>{t('layout.notFound.title')}</h1>
        <p>{t('layout.notFound.text')}</p>
        <Link to="/orders" className={buttonClassName('primary')}>
          {t('layout.goToOrders')}
        </Link>
      </div>
    );
  }
  return (
    <div className="wp-container wp-status-page">
      <title>{t('page.title', { title: t('layout.failed.title') })}</title>
      <h1>{t('layout.application')}</h1>
      <ErrorBox>{t('layout.failed.text')}</ErrorBox>
      <Button onClick={() => void query.refetch()}>{t('layout.tryAgain')}</Button>
    </div>
  );
}

/** The steps after payment belong to a signed-in traveller; guests go to login and come back. */
export function PostPaymentLayout() {
  return (
    <RequireAuth loading={<PageSpinner />}>
      <ApplicationLoader />
    </RequireAuth>
  );
}

/**
 * The spec's short paths (`/application/{id}/passport-page`) open traveller 1's page, or the page of the traveller
 * they name (`?traveler={id}`, as a change staff asked for links to it).
 */
export function FirstTravelerRedirect({ slug }: { slug: TravelerSectionSlug }) {
  const { application } = usePostPayment();
  const [params] = useSearchParams();
  const named = params.get('traveler');
  const traveler =
    application.travelers.find((person) => person.id === named) ?? application.travelers[0];
  if (!traveler) return <Navigate to={reviewPath(application.id)} replace />;
  return <Navigate to={travelerPath(application.id, traveler.id, slug)} replace />;
}
