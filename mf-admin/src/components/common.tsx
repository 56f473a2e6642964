import { Fragment, type ReactNode } from 'react';
import {
  isStaffRole,
  staffPermissions,
  type ApplicationStatus,
  type StaffPermissions,
} from '@waypoint/contracts';
import {
  Link,
  isApiError,
  loginRedirectPath,
  selectUser,
  useAppSelector,
  useLocation,
} from '@waypoint/platform';
import { useApiText, useStatusLabel } from '@waypoint/platform/i18n';
import { Banner, Button, Modal, rich, useT } from '@waypoint/ui';
import { adminMessages, type AdminMessage } from '../i18n/catalog';

export function StatusBadge({ status }: { status: ApplicationStatus }) {
  const statusLabel = useStatusLabel();
  return (
    <span className={`wp-badge wpd-status wpd-status--${status.toLowerCase()}`}>
      {statusLabel(status)}
    </span>
  );
}

/**
 * An e-mail address that wraps only after its '@' and its dots (`<wbr>`), never in the middle of a name, and that
 * reads left to right in a right-to-left page. Only a part longer than its column breaks (`wpd-email`).
 */
export function EmailAddress({ email, className }: { email: string; className?: string }) {
  // 'ann.lee@example.com' → ['ann.', 'lee@', 'example.', 'com']
  const parts = email.match(/[^@.]*(?:[@.]|$)/g)?.filter((part) => part !== '') ?? [email];
  return (
    // An address is data, never translated (nor by the browser's translation).
    <bdi className={className ? `wpd-email ${className}` : 'wpd-email'} dir="ltr" translate="no">
      {parts.map((part, index) => (
        <Fragment key={index}>
          {part}
          {index < parts.length - 1 ? <wbr /> : null}
        </Fragment>
      ))}
    </bdi>
  );
}

/** A date cell: the date, or a dash read out as `missing`. */
export function DateText({
  iso,
  text,
  missing,
}: {
  iso: string | null | undefined;
  text: string;
  missing: string;
}) {
  if (!iso || !text)
    return (
      <>
        <span aria-hidden="true">—</span>
        <span className="wp-visually-hidden">{missing}</span>
      </>
    );
  return <time dateTime={iso}>{text}</time>;
}

/** What a page loads: the dashboard, the applications, one application, the failed e-mails and jobs. */
export type LoadTarget = 'dashboard' | 'applications' | 'application' | 'emails' | 'jobs';

/** What a failed load says, by catalogue key: an ended session, a refusal, the failure itself and its Retry. */
export interface LoadErrorMessages {
  sessionEnded: AdminMessage;
  /** Without it, a refusal is said like any other failure (with the server's reason). */
  forbidden?: AdminMessage;
  failed: AdminMessage;
  retry: AdminMessage;
}

const loadMessages = (what: LoadTarget): LoadErrorMessages => ({
  sessionEnded: `load.sessionEnded.${what}`,
  forbidden: `load.forbidden.${what}`,
  failed: `load.failed.${what}`,
  retry: 'load.retry',
});

/**
 * A load that failed: a short message and Retry. An ended session (admin sessions time out sooner) offers to
 * sign in again and come back here.
 */
export function LoadError({
  error,
  onRetry,
  live = true,
  ...target
}: {
  error: unknown;
  onRetry: () => void;
  /** False for a part of a page (announced by the page's own load, not again). */
  live?: boolean;
} & ({ what: LoadTarget } | { messages: LoadErrorMessages })) {
  const t = useT(adminMessages);
  const apiText = useApiText();
  const location = useLocation();
  const messages = 'messages' in target ? target.messages : loadMessages(target.what);
  const status = isApiError(error) ? error.status : 0;
  const role = live ? 'alert' : undefined;
  if (status === 401) {
    const here = `${location.pathname}${location.search}${location.hash}`;
    return (
      <p className="wpd-load-failed" role={role}>
        {rich(t(messages.sessionEnded), {
          link: (text) => <Link to={loginRedirectPath(here)}>{text}</Link>,
        })}
      </p>
    );
  }
  if (status === 403 && messages.forbidden) {
    return (
      <p className="wpd-load-failed" role={role}>
        {t(messages.forbidden)}
      </p>
    );
  }
  const detail =
    isApiError(error) && status >= 400 && status < 500 ? ` ${apiText(error.message)}` : '';
  return (
    <p className="wpd-load-failed" role={role}>
      {`${t(messages.failed)}${detail}`}{' '}
      <Button variant="secondary" size="small" onClick={onRetry}>
        {t(messages.retry)}
      </Button>
    </p>
  );
}

/** Icons for icon buttons: decorative, the control carries the name. */
export function EyeIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 5C6.5 5 2.7 9.1 1.5 12c1.2 2.9 5 7 10.5 7s9.3-4.1 10.5-7C21.3 9.1 17.5 5 12 5Zm0 11.5A4.5 4.5 0 1 1 12 7.5a4.5 4.5 0 0 1 0 9Zm0-2.5a2 2 0 1 0 0-4 2 2 0 0 0 0 4Z"
      />
    </svg>
  );
}

export function PencilIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M3 17.25V21h3.75L17.8 9.94l-3.75-3.75L3 17.25Zm17.7-10.2a1 1 0 0 0 0-1.42l-2.33-2.33a1 1 0 0 0-1.42 0l-1.83 1.83 3.75 3.75 1.83-1.83Z"
      />
    </svg>
  );
}

const NO_PERMISSIONS: StaffPermissions = staffPermissions('caseworker');

/**
 * What the signed-in member of staff may use beyond casework (refunds, failed e-mails, the staff accounts), by
 * their role: the staff area shows only what they can use.
 */
export function useStaffPermissions(): StaffPermissions {
  const role = useAppSelector(selectUser)?.role;
  return isStaffRole(role) ? staffPermissions(role) : NO_PERMISSIONS;
}

/** Instead of a page only admins can use: says so, and whom to ask. */
export function AdminOnly() {
  const t = useT(adminMessages);
  return (
    <Banner tone="info" title={t('staffAccounts.adminOnly.title')} className="wpd-admin-only">
      {t('staffAccounts.adminOnly.text')}
    </Banner>
  );
}

export interface ConfirmDialogProps<T extends object> {
  /** What is to be confirmed: the dialog is open while there is something. */
  subject: T | null;
  /** The question the dialog asks; it names the dialog. */
  title: string;
  /** What the confirming button says: the step it takes. */
  confirmLabel: string;
  /** 'danger' for a step that takes something away (a refund, a refusal, a deactivation). */
  confirmVariant?: 'primary' | 'danger';
  /** What the button that backs out says: Cancel unless given. */
  cancelLabel?: string;
  onConfirm: (subject: T) => void;
  /** Cancel, Escape, the close button or a click beside the dialog. */
  onCancel: (subject: T) => void;
  /** What the step does, shown above the buttons. */
  children: (subject: T) => ReactNode;
}

/**
 * A question asked before a step that is not easily undone: what it does, then a button that takes it and Cancel.
 * The focus moves into the dialog and goes back to what opened it.
 */
export function ConfirmDialog<T extends object>({
  subject,
  title,
  confirmLabel,
  confirmVariant = 'primary',
  cancelLabel,
  onConfirm,
  onCancel,
  children,
}: ConfirmDialogProps<T>) {
  const t = useT(adminMessages);
  return (
    <Modal
      open={subject !== null}
      onClose={() => {
        if (subject !== null) onCancel(subject);
      }}
      title={title}
    >
      {subject !== null ? (
        <div className="wpd-confirm">
          {children(subject)}
          <div className="wp-actions wpd-confirm__actions">
            <Button variant={confirmVariant} onClick={() => onConfirm(subject)}>
              {confirmLabel}
            </Button>
            <Button variant="secondary" onClick={() => onCancel(subject)}>
              {cancelLabel ?? t('confirm.cancel')}
            </Button>
          </div>
        </div>
      ) : null}
    </Modal>
  );
}
