import type { ReactNode } from 'react';

export interface FieldChromeProps {
  id: string;
  label: ReactNode;
  hint?: string;
  error?: string | null;
  required?: boolean;
  children: ReactNode;
  className?: string;
}

/** Label, hint and error around one control, linked by ids. */
export function FieldChrome({
  id,
  label,
  hint,
  error,
  required,
  children,
  className,
}: FieldChromeProps) {
  return (
    <div className={['wp-field', error ? 'wp-field--error' : '', className ?? ''].join(' ').trim()}>
      <label className="wp-label" htmlFor={id}>
        {label}
        {required ? (
          <span className="wp-required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      {hint ? (
        <p className="wp-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="wp-field-error" id={`${id}-error`}>
          <span className="wp-visually-hidden">Error: </span>
          {error}
        </p>
      ) : null}
      {children}
    </div>
  );
}
