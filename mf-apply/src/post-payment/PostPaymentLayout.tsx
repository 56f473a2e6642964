import { useId, useMemo, useRef, useState } from 'react';
import type { ApplicationDetail, SectionState, TravelerDetail } from '@waypoint/contracts';
import { postPaymentSection, PostPaymentText } from '@waypoint/contracts';
import {
  Link,
  NavLink,
  Navigate,
  Outlet,
  RequireAuth,
  useLocation,
  useNavigate,
  useParams,
} from '@waypoint/platform';
import { Banner, Button, Drawer, ErrorBox, PageSpinner, buttonClassName } from '@waypoint/ui';
import { useGetApplicationQuery } from './api';
import { PostPaymentContext, usePostPayment, type PageSave } from './context';
import {
  SECTION_KEY,
  STATE_LABEL,
  TRAVELER_SECTIONS,
  applicationBase,
  generalInfoPath,
  reviewPath,
  travelerPath,
  travelerTitle,
  type TravelerSectionSlug,
} from './sections';
import { Circle, CircleCheck, CircleDashed, Flag, Icon, type IconNode } from '@waypoint/ui/icons';

const STATE_ICON: Record<SectionState, IconNode> = {
  not_started: Circle,
  in_progress: CircleDashed,
  completed: CircleCheck,
};

function SectionLink({ to, label, state }: { to: string; label: string; state: SectionState }) {
  return (
    <li>
      <NavLink to={to} className={`wpp-nav__link wpp-nav__link--${state}`}>
        <span className="wpp-nav__label">{label}</span>
        <span className="wpp-nav__state">
          <Icon icon={STATE_ICON[state]} size={16} className="wpp-nav__icon" />
          <span className="wp-visually-hidden">: </span>
          {STATE_LABEL[state]}
        </span>
      </NavLink>
    </li>
  );
}

function formatDate(value: string | null): string {
  if (!value) return 'Not planned';
  const date = new Date(`${value.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** How many of a traveller's sections are completed. */
function doneCount(traveler: TravelerDetail): number {
  return TRAVELER_SECTIONS.filter(
    (section) => traveler.sections[SECTION_KEY[section.slug]] === 'completed',
  ).length;
}

/**
 * The traveller whose sections stay open in the sidebar: the one whose page is shown, else (on General
 * Information and the review) the first with sections left to do.
 */
function currentTravelerId(application: ApplicationDetail, pathname: string): string | null {
  const prefix = `${applicationBase(application.id)}/travelers/`;
  const shown = application.travelers.find((traveler) =>
    pathname.startsWith(`${prefix}${encodeURIComponent(traveler.id)}/`),
  );
  if (shown) return shown.id;
  const unfinished = application.travelers.find(
    (traveler) => doneCount(traveler) < TRAVELER_SECTIONS.length,
  );
  return unfinished?.id ?? null;
}

/** One traveller in the sidebar: a disclosure with their progress, opening onto their sections. */
function TravelerNav({
  application,
  traveler,
  open,
  onToggle,
}: {
  application: ApplicationDetail;
  traveler: TravelerDetail;
  open: boolean;
  onToggle: () => void;
}) {
  const id = useId();
  const titleId = `${id}-title`;
  const panelId = `${id}-sections`;
  const documentsId = `${id}-documents`;
  const done = doneCount(traveler);
  const total = TRAVELER_SECTIONS.length;
  const link = (slug: TravelerSectionSlug) => {
    const section = TRAVELER_SECTIONS.find((s) => s.slug === slug);
    if (!section) return null;
    return (
      <SectionLink
        key={slug}
        to={travelerPath(application.id, traveler.id, slug)}
        label={section.title}
        state={traveler.sections[SECTION_KEY[section.slug]]}
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
            {travelerTitle(application, traveler)}
          </span>
          <span className="wp-visually-hidden">, </span>
          <span
            className={`wpp-traveler__progress${done === total ? ' wpp-traveler__progress--done' : ''}`}
          >
            {done === total ? (
              <Icon icon={CircleCheck} size={16} className="wpp-nav__icon" />
            ) : null}
            {done} of {total} done
          </span>
          <span className="wpp-traveler__chevron" aria-hidden="true" />
        </button>
      </h3>
      <div id={panelId} className="wpp-traveler__sections" hidden={!open}>
        <p className="wpp-nav__group" id={documentsId}>
          Documents
        </p>
        <ul className="wpp-nav" aria-labelledby={documentsId}>
          {TRAVELER_SECTIONS.filter((s) => s.kind === 'document').map((s) => link(s.slug))}
        </ul>
        <ul className="wpp-nav">
          {TRAVELER_SECTIONS.filter((s) => s.kind !== 'document').map((s) => link(s.slug))}
        </ul>
      </div>
    </section>
  );
}

function Sidebar({
  application,
  onNavigate,
  onSaveExit,
  exiting,
}: {
  application: ApplicationDetail;
  onNavigate?: () => void;
  onSaveExit: () => void;
  exiting: boolean;
}) {
  const { pathname } = useLocation();
  const current = currentTravelerId(application, pathname);
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
      <section className="wpp-trip" aria-label="Trip details">
        <h2 className="wpp-sidebar__heading">Trip details</h2>
        <dl className="wpp-trip__facts">
          <div>
            <dt>Country</dt>
            <dd>
              <Flag code={application.country.id} /> {application.country.name}
            </dd>
          </div>
          <div>
            <dt>Visa type</dt>
            <dd>{application.visaType.name}</dd>
          </div>
          <div>
            <dt>Arrival date</dt>
            <dd>{formatDate(application.arrivalDate)}</dd>
          </div>
        </dl>
      </section>
      <nav aria-label="Application sections">
        <ul className="wpp-nav">
          <SectionLink
            to={generalInfoPath(application.id)}
            label={postPaymentSection('general-info').title}
            state={application.generalInfo.state}
          />
        </ul>
        {application.travelers.map((traveler) => (
          <TravelerNav
            key={traveler.id}
            application={application}
            traveler={traveler}
            open={isOpen(traveler.id)}
            onToggle={() => onToggle(traveler.id)}
          />
        ))}
        <ul className="wpp-nav">
          <li>
            <NavLink to={reviewPath(application.id)} className="wpp-nav__link">
              <span className="wpp-nav__label">
                {application.editable ? postPaymentSection('review').title : 'Summary'}
              </span>
            </NavLink>
          </li>
        </ul>
      </nav>
      <Button
        variant="secondary"
        fullWidth
        busy={exiting}
        busyLabel="Saving..."
        onClick={onSaveExit}
      >
        Save &amp; Exit
      </Button>
    </div>
  );
}

function LoadedLayout({ application }: { application: ApplicationDetail }) {
  const navigate = useNavigate();
  const saveRef = useRef<PageSave | null>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const [exiting, setExiting] = useState(false);
  const readOnly = !application.editable;
  const context = useMemo(() => ({ application, readOnly, saveRef }), [application, readOnly]);

  const onSaveExit = async () => {
    setMenuOpen(false);
    const save = saveRef.current;
    if (save && !readOnly) {
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
      onNavigate={onNavigate}
      onSaveExit={() => void onSaveExit()}
      exiting={exiting}
    />
  );

  return (
    <PostPaymentContext.Provider value={context}>
      <div className="wp-container wp-side-layout wpp-layout">
        <aside className="wp-side-layout__aside wp-card" aria-label="Your application">
          {sidebar()}
        </aside>
        <div className="wpp-content">
          <div className="wp-side-layout__mobile">
            <Button variant="secondary" aria-haspopup="dialog" onClick={() => setMenuOpen(true)}>
              Application sections
            </Button>
            <Drawer open={menuOpen} onClose={() => setMenuOpen(false)} title="Your application">
              {sidebar(() => setMenuOpen(false))}
            </Drawer>
          </div>
          <p className="wpp-reference">Order {application.reference}</p>
          {readOnly ? <Banner tone="success" title={PostPaymentText.readOnly} /> : null}
          <Outlet />
        </div>
      </div>
    </PostPaymentContext.Provider>
  );
}

function ApplicationLoader() {
  const { applicationId = '' } = useParams();
  const query = useGetApplicationQuery(applicationId);
  if (query.isLoading) return <PageSpinner label="Loading your application…" />;
  if (query.data) return <LoadedLayout application={query.data} />;
  const status = (query.error as { status?: number } | undefined)?.status;
  if (status === 404) {
    return (
      <div className="wp-container wp-status-page">
        <title>Application not found – Waypoint</title>
        <h1>Application not found</h1>
        <p>
          We could not find this application. Check the link, or open it from My orders while signed
          in to the account that paid for it.
        </p>
        <Link to="/orders" className={buttonClassName('primary')}>
          Go to My orders
        </Link>
      </div>
    );
  }
  return (
    <div className="wp-container wp-status-page">
      <title>Application – Waypoint</title>
      <h1>Your application</h1>
      <ErrorBox>Failed to load existing application</ErrorBox>
      <Button onClick={() => void query.refetch()}>Try again</Button>
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

/** The spec's short paths (`/application/{id}/passport-page`) open traveller 1's page. */
export function FirstTravelerRedirect({ slug }: { slug: TravelerSectionSlug }) {
  const { application } = usePostPayment();
  const first = application.travelers[0];
  if (!first) return <Navigate to={reviewPath(application.id)} replace />;
  return <Navigate to={travelerPath(application.id, first.id, slug)} replace />;
}
