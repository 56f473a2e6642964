import type { ReactNode } from 'react';
import { uiMessages } from '../i18n/messages/catalog';
import { useT, useTextTranslator } from '../i18n/react';

export interface FieldChromeProps {
  id: string;
  label: ReactNode;
  hint?: string;
  error?: string | null;
  required?: boolean;
  children: ReactNode;
  className?: string;
}

/** The asterisk after the label of a required field (the control itself carries `required`). */
export function RequiredMark() {
  return (
    <span className="wp-required" aria-hidden="true">
      {' '}
      *
    </span>
  );
}

/** A field's hint and error, with the ids that `describedBy` links the control to. */
export function FieldMessages({
  id,
  hint,
  error,
}: {
  id: string;
  hint?: string | undefined;
  error?: string | null | undefined;
}) {
  const t = useT(uiMessages);
  const translate = useTextTranslator();
  return (
    <>
      {hint ? (
        <p className="wp-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="wp-field-error" id={`${id}-error`}>
          <span className="wp-visually-hidden">{t('field.errorPrefix')}</span>
          {translate(error)}
        </p>
      ) : null}
    </>
  );
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
        {required ? <RequiredMark /> : null}
      </label>
      <FieldMessages id={id} hint={hint} error={error} />
      {children}
    </div>
  );
}
