import type { ButtonHTMLAttributes, MouseEvent, ReactNode } from 'react';
import { cx } from './ids';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'link';
export type ButtonSize = 'medium' | 'large' | 'small';

/** The classes of a button, for links that look like buttons. */
export function buttonClassName(
  variant: ButtonVariant = 'primary',
  size: ButtonSize = 'medium',
  extra?: string,
): string {
  return cx('wp-button', `wp-button--${variant}`, `wp-button--${size}`, extra);
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner, sets aria-busy and ignores clicks while an action runs. */
  busy?: boolean;
  /** Replaces the label while busy, e.g. 'Saving...'. */
  busyLabel?: ReactNode;
  fullWidth?: boolean;
}

export function Button({
  variant = 'primary',
  size = 'medium',
  busy = false,
  busyLabel,
  fullWidth = false,
  className,
  children,
  onClick,
  type = 'button',
  ...rest
}: ButtonProps) {
  // A page's HTML rendered at build time arrives before its code: a form sent before the code takes over is held
  // by the page's first script and sent once it has (shell/early/held-actions.js), so its button works from the
  // first paint.
  const disabled = rest.disabled;
  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (busy) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  return (
    <button
      {...rest}
      type={type}
      disabled={disabled}
      className={buttonClassName(variant, size, cx(fullWidth && 'wp-button--full', className))}
      aria-busy={busy || undefined}
      aria-disabled={busy || disabled || undefined}
      onClick={handleClick}
    >
      {busy ? <span className="wp-button__spinner" aria-hidden="true" /> : null}
      <span>{busy && busyLabel ? busyLabel : children}</span>
    </button>
  );
}
