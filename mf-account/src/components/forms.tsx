import { useState, type ReactNode } from 'react';
import { isApiError } from '@waypoint/platform';
import { Banner, TextField, useLocale, useT, type TextFieldProps } from '@waypoint/ui';
import { useApiText } from '@waypoint/platform/i18n';
import { accountMessages } from '../i18n/catalog';

/** The text of a failed call: the server's words when it gave any, otherwise the screen's fallback. */
export function errorText(error: unknown, fallback: string): string {
  if (isApiError(error) && error.message.trim() !== '') return error.message;
  return fallback;
}

type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'suffix'>;

/** A password input with a Show/Hide button that reveals what was typed. */
export function PasswordField(props: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  const t = useT(accountMessages);
  const locale = useLocale();
  const fieldLabel = typeof props.label === 'string' ? props.label : t('form.password');
  // English names the field in lower case ("Show new password"); other languages keep its own spelling.
  const label = locale === 'en' ? fieldLabel.toLowerCase() : fieldLabel;
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      spellCheck={false}
      autoCapitalize="none"
      suffix={
        <button
          type="button"
          className="wp-button wp-button--secondary wpa-reveal"
          aria-controls={props.id}
          aria-label={t(visible ? 'form.hideLabel' : 'form.showLabel', { label })}
          onClick={() => setVisible((shown) => !shown)}
        >
          {visible ? t('form.hide') : t('form.show')}
        </button>
      }
    />
  );
}

/** An e-mail address input: the keyboard for addresses, no spelling check. */
export function EmailField(props: Omit<TextFieldProps, 'type' | 'inputMode' | 'spellCheck'>) {
  return <TextField {...props} type="email" inputMode="email" spellCheck={false} />;
}

/**
 * Announces a message politely. The live region is always in the page, so screen readers hear the message that
 * appears in it.
 */
export function StatusMessage({ children, title }: { children?: ReactNode; title?: ReactNode }) {
  return (
    <div role="status" className="wpa-status">
      {children ? (
        <Banner tone="success" title={title}>
          {children}
        </Banner>
      ) : null}
    </div>
  );
}

/**
 * The live 'Passwords do not match' message: shown at the confirmation field by the form, and announced here once
 * when it appears.
 */
export function MismatchAnnouncement({ message }: { message: string | null }) {
  const apiText = useApiText();
  return (
    <p className="wp-visually-hidden" aria-live="polite">
      {message ? apiText(message) : ''}
    </p>
  );
}

/** The column all account forms sit in. */
export function AuthPage({
  title,
  heading = title,
  children,
}: {
  title: string;
  heading?: string;
  children?: ReactNode;
}) {
  const t = useT(accountMessages);
  return (
    <div className="wp-container wp-status-page">
      <title>{t('form.pageTitle', { title })}</title>
      <h1>{heading}</h1>
      {children}
    </div>
  );
}
