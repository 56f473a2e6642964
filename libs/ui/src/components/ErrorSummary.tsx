import { useEffect, useRef, type MouseEvent, type ReactNode } from 'react';
import { cx } from './ids';
import { uiMessages } from '../i18n/messages/catalog';
import { useT, useTextTranslator } from '../i18n/react';

export interface FieldError {
  /** The id of the invalid control. */
  fieldId: string;
  message: string;
}

export interface ErrorSummaryProps {
  errors: FieldError[];
  title?: ReactNode;
  /** Change this (e.g. a submit counter) to move focus to the summary again on each failed submit. */
  focusKey?: number | string;
  className?: string;
}

/** Focuses the control with `id` and brings it into view. */
export function focusField(id: string): boolean {
  const element = document.getElementById(id);
  if (!element) return false;
  element.scrollIntoView?.({ block: 'center' });
  element.focus();
  return true;
}

/**
 * The list of problems at the top of a form after a failed submit. It receives focus so screen reader users hear
 * it, and each message links to its field.
 */
export function ErrorSummary({ errors, title, focusKey, className }: ErrorSummaryProps) {
  const t = useT(uiMessages);
  const translate = useTextTranslator();
  const ref = useRef<HTMLDivElement>(null);
  const hasErrors = errors.length > 0;

  useEffect(() => {
    if (hasErrors) ref.current?.focus();
  }, [hasErrors, focusKey]);

  if (!hasErrors) return null;

  const onLinkClick = (event: MouseEvent<HTMLAnchorElement>, fieldId: string) => {
    if (focusField(fieldId)) event.preventDefault();
  };

  return (
    <div
      ref={ref}
      className={cx('wp-error-summary', className)}
      tabIndex={-1}
      role="alert"
      aria-labelledby="wp-error-summary-title"
    >
      <h2 className="wp-error-summary__title" id="wp-error-summary-title">
        {title ?? t('errorSummary.title')}
      </h2>
      <ul className="wp-error-summary__list">
        {errors.map((error) => (
          <li key={`${error.fieldId}:${error.message}`}>
            <a href={`#${error.fieldId}`} onClick={(event) => onLinkClick(event, error.fieldId)}>
              {translate(error.message)}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
