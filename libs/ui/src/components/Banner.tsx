import type { ReactNode } from 'react';
import { cx } from './ids';
import { uiMessages } from '../i18n/messages/catalog';
import { useT, useTextTranslator } from '../i18n/react';

export interface BannerProps {
  tone?: 'info' | 'success' | 'warning';
  title?: ReactNode;
  children?: ReactNode;
  /** Buttons or links shown with the message. */
  actions?: ReactNode;
  /** Shows a dismiss button. */
  onDismiss?: () => void;
  dismissLabel?: string;
  className?: string;
}

export function Banner({
  tone = 'info',
  title,
  children,
  actions,
  onDismiss,
  dismissLabel,
  className,
}: BannerProps) {
  const t = useT(uiMessages);
  const translate = useTextTranslator();
  return (
    <div
      className={cx('wp-banner', `wp-banner--${tone}`, className)}
      role="region"
      aria-label={typeof title === 'string' ? title : t('banner.notice')}
    >
      <div className="wp-banner__body">
        {title ? <p className="wp-banner__title">{title}</p> : null}
        {children ? (
          <div className="wp-banner__text">
            {typeof children === 'string' ? translate(children) : children}
          </div>
        ) : null}
        {actions ? <div className="wp-banner__actions">{actions}</div> : null}
      </div>
      {onDismiss ? (
        <button
          type="button"
          className="wp-icon-button wp-banner__dismiss"
          onClick={onDismiss}
          aria-label={dismissLabel ?? t('banner.dismiss')}
        >
          <span aria-hidden="true">×</span>
        </button>
      ) : null}
    </div>
  );
}

export interface ErrorBoxProps {
  children: ReactNode;
  title?: ReactNode;
  className?: string;
  id?: string;
}

/** The red box application screens show a failed action in (a text of the API is shown translated). */
export function ErrorBox({ children, title, className, id }: ErrorBoxProps) {
  const translate = useTextTranslator();
  return (
    <div id={id} className={cx('wp-error-box', className)} role="alert">
      {title ? <p className="wp-error-box__title">{title}</p> : null}
      <div>{typeof children === 'string' ? translate(children) : children}</div>
    </div>
  );
}
