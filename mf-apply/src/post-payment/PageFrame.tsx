import { useEffect, useRef, type ReactNode } from 'react';
import type { TravelerDetail } from '@waypoint/contracts';
import { useApiText } from '@waypoint/platform/i18n';
import { ErrorBox, useT } from '@waypoint/ui';
import { useTraveler } from './context';
import { postPaymentMessages } from './i18n/catalog';

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

/** Renders a traveller's page for the traveller of the URL (a fresh page for each traveller). */
export function TravelerPage({
  title,
  render,
}: {
  title: string;
  render: (traveler: TravelerDetail) => ReactNode;
}) {
  const { traveler, error } = useTraveler();
  const apiText = useApiText();
  if (!traveler) {
    return (
      <PageFrame title={title}>
        <ErrorBox>{error ? apiText(error) : null}</ErrorBox>
      </PageFrame>
    );
  }
  return <div key={traveler.id}>{render(traveler)}</div>;
}
