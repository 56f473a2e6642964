import { useId, useState, type ReactNode } from 'react';
import { cx } from './ids';

export interface CollapsibleCardProps {
  title: ReactNode;
  /** Heading level of the title inside the page. */
  headingLevel?: 2 | 3 | 4;
  children: ReactNode;
  defaultOpen?: boolean;
  /** Controlled open state. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Controls shown next to the title, e.g. 'Remove this traveler'. */
  actions?: ReactNode;
  className?: string;
}

export function CollapsibleCard({
  title,
  headingLevel = 3,
  children,
  defaultOpen = true,
  open: controlledOpen,
  onOpenChange,
  actions,
  className,
}: CollapsibleCardProps) {
  const [uncontrolledOpen, setUncontrolledOpen] = useState(defaultOpen);
  const open = controlledOpen ?? uncontrolledOpen;
  const regionId = `${useId()}-content`;
  const Heading = `h${headingLevel}` as const;

  const toggle = () => {
    setUncontrolledOpen(!open);
    onOpenChange?.(!open);
  };

  return (
    <section className={cx('wp-card', 'wp-collapsible', open && 'wp-collapsible--open', className)}>
      <div className="wp-collapsible__header">
        <Heading className="wp-collapsible__title">
          <button
            type="button"
            className="wp-collapsible__toggle"
            aria-expanded={open}
            aria-controls={regionId}
            onClick={toggle}
          >
            <span>{title}</span>
            <span className="wp-collapsible__chevron" aria-hidden="true" />
          </button>
        </Heading>
        {actions ? <div className="wp-collapsible__actions">{actions}</div> : null}
      </div>
      <div id={regionId} className="wp-collapsible__content" hidden={!open}>
        {children}
      </div>
    </section>
  );
}
