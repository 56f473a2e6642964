import { useEffect, useRef, type ReactNode } from 'react';
import { sectionAsked, TRAVELER_SECTIONS, type TravelerDetail } from '@waypoint/contracts';
import { Navigate } from '@waypoint/platform';
import { useApiText } from '@waypoint/platform/i18n';
import { ErrorBox, useT } from '@waypoint/ui';
import { usePostPayment, useTraveler } from './context';
import { postPaymentMessages } from './i18n/catalog';
import { pathInsteadOf, type TravelerSectionSlug } from './sections';

export interface PageFrameProps {
  title: string;
  /** Shown above the heading, e.g. the traveller's name. */
  caption?: string;
  children?: ReactNode;
}

/** One post-payment page: the document title and a heading that takes focus when the page opens. */
export function PageFrame({ title, caption, children }: PageFrameProps) {
  const t = useT(postPaymentMessages);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
  }, [title, caption]);
  return (
    <div className="wpp-page">
      <title>{t('page.title', { title })}</title>
      {caption ? <p className="wpp-caption">{caption}</p> : null}
      <h1 ref={heading} tabIndex={-1} className="wpp-title">
        {title}
      </h1>
      {children}
    </div>
  );
}

/**
 * Renders a traveller's page for the traveller of the URL (a fresh page for each traveller). The page of a section
 * not asked of them (the work questions of a traveller under 16) leads on to the next page instead.
 */
export function TravelerPage({
  slug,
  title,
  render,
}: {
  slug: TravelerSectionSlug;
  title: string;
  render: (traveler: TravelerDetail) => ReactNode;
}) {
  const { application } = usePostPayment();
  const { traveler, error } = useTraveler();
  const apiText = useApiText();
  const section = TRAVELER_SECTIONS.find((s) => s.slug === slug);
  if (traveler && section && !sectionAsked(section, traveler, application.arrivalDate)) {
    return <Navigate to={pathInsteadOf(application, traveler, slug)} replace />;
  }
  if (!traveler) {
    return (
      <PageFrame title={title}>
        <ErrorBox>{error ? apiText(error) : null}</ErrorBox>
      </PageFrame>
    );
  }
  return <div key={traveler.id}>{render(traveler)}</div>;
}
