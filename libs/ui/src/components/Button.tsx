import type { ButtonHTMLAttributes, MouseEvent, ReactNode } from 'react';
import { useHydrated } from './hydration';
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
  // A page's HTML rendered at build time arrives before its code: until the code takes over, its submit buttons
  // are disabled, as sending the form then would reload the page (and lose what was typed) instead of sending it.
  const hydrated = useHydrated();
  const disabled = rest.disabled || (type === 'submit' && !hydrated);
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
