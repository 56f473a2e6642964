import { useState, type ReactNode } from 'react';
import { isApiError } from '@waypoint/platform';
import { Banner, TextField, type TextFieldProps } from '@waypoint/ui';

/** The text of a failed call: the server's words when it gave any, otherwise the screen's fallback. */
export function errorText(error: unknown, fallback: string): string {
  if (isApiError(error) && error.message.trim() !== '') return error.message;
  return fallback;
}

type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'suffix'>;

/** A password input with a Show/Hide button that reveals what was typed. */
export function PasswordField(props: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  const label = typeof props.label === 'string' ? props.label.toLowerCase() : 'password';
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
          aria-label={`${visible ? 'Hide' : 'Show'} ${label}`}
          onClick={() => setVisible((shown) => !shown)}
        >
          {visible ? 'Hide' : 'Show'}
        </button>
      }
    />
  );
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
  return (
    <p className="wp-visually-hidden" aria-live="polite">
      {message ?? ''}
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
  return (
    <div className="wp-container wp-status-page">
      <title>{`${title} – Waypoint`}</title>
      <h1>{heading}</h1>
      {children}
    </div>
  );
}
