import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { cx } from './ids';
import { uiMessages } from '../i18n/messages/catalog';
import { useT } from '../i18n/react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** 'dialog' is centred; 'drawer' slides in from the side (mobile menus). */
  variant?: 'dialog' | 'drawer';
  /** Hide the title visually (it still names the dialog). */
  hideTitle?: boolean;
  closeLabel?: string;
  className?: string;
}

/**
 * A modal dialog or side drawer: focus moves inside and stays there, Escape or the close button closes it, and
 * focus returns to what opened it.
 */
export function Modal({
  open,
  onClose,
  title,
  children,
  variant = 'dialog',
  hideTitle = false,
  closeLabel,
  className,
}: ModalProps) {
  const t = useT(uiMessages);
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = `${useId()}-title`;

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const panel = panelRef.current;
    const first = panel?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? panel)?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      opener?.focus();
    };
  }, [open]);

  if (!open) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !panelRef.current) return;
    const focusable = Array.from(panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    if (focusable.length === 0) {
      event.preventDefault();
      return;
    }
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };

  return createPortal(
    <div className={cx('wp-modal', `wp-modal--${variant}`)} onKeyDown={onKeyDown}>
      <div className="wp-modal__backdrop" aria-hidden="true" onClick={onClose} />
      <div
        ref={panelRef}
        className={cx('wp-modal__panel', className)}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <div className="wp-modal__header">
          <h2 id={titleId} className={hideTitle ? 'wp-visually-hidden' : 'wp-modal__title'}>
            {title}
          </h2>
          <button
            type="button"
            className="wp-icon-button"
            onClick={onClose}
            aria-label={closeLabel ?? t('modal.close')}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <div className="wp-modal__body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}

/** A side drawer, e.g. the mobile menu. */
export function Drawer(props: Omit<ModalProps, 'variant'>) {
  return <Modal {...props} variant="drawer" />;
}
