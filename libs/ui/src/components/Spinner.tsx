import { cx } from './ids';
import { uiMessages } from '../i18n/messages/catalog';
import { useT } from '../i18n/react';

export interface SpinnerProps {
  /** Read by screen readers; shown next to the spinner when `showLabel` is set. */
  label?: string;
  showLabel?: boolean;
  size?: 'small' | 'medium' | 'large';
  className?: string;
}

export function Spinner({ label, showLabel = false, size = 'medium', className }: SpinnerProps) {
  const t = useT(uiMessages);
  return (
    <span role="status" className={cx('wp-spinner', `wp-spinner--${size}`, className)}>
      <span className="wp-spinner__circle" aria-hidden="true" />
      <span className={showLabel ? 'wp-spinner__label' : 'wp-visually-hidden'}>
        {label ?? t('spinner.loading')}
      </span>
    </span>
  );
}

/** A spinner centred in the page area, for loading screens. */
export function PageSpinner({ label }: { label?: string }) {
  return (
    <div className="wp-page-spinner">
      <Spinner label={label} showLabel size="large" />
    </div>
  );
}
