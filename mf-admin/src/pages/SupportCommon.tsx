import type { TSupportStatus } from '@waypoint/contracts';
import { Link, isApiError, loginRedirectPath, useLocation } from '@waypoint/platform';
import { useApiText } from '@waypoint/platform/i18n';
import { Button, rich, useT } from '@waypoint/ui';
import { adminMessages } from '../i18n/catalog';

/** Where staff read and answer one conversation. */
export const supportConversationPath = (id: string) => `/admin/support/${encodeURIComponent(id)}`;

/** Open (waiting for staff), answered (waiting for the traveller) or closed, as a badge. */
export function SupportStatusBadge({ status }: { status: TSupportStatus }) {
  const t = useT(adminMessages);
  return (
    <span className={`wp-badge wpd-support-status wpd-support-status--${status}`}>
      {t(`support.status.${status}`)}
    </span>
  );
}

/** What a support page loads: the inbox, one conversation, or an order's conversations. */
export type SupportLoadTarget = 'inbox' | 'conversation' | 'order';

/**
 * A load that failed, as the staff pages say it (see LoadError): an ended session offers to sign in again and come
 * back; a refused one says so; anything else offers to try again.
 */
export function SupportLoadError({
  what,
  error,
  onRetry,
  live = true,
}: {
  what: SupportLoadTarget;
  error: unknown;
  onRetry: () => void;
  /** False for a part of a page (announced by the page's own load, not again). */
  live?: boolean;
}) {
  const t = useT(adminMessages);
  const apiText = useApiText();
  const location = useLocation();
  const status = isApiError(error) ? error.status : 0;
  const role = live ? 'alert' : undefined;
  if (status === 401) {
    const here = `${location.pathname}${location.search}${location.hash}`;
    return (
      <p className="wpd-load-failed" role={role}>
        {rich(t('support.load.sessionEnded'), {
          link: (text) => <Link to={loginRedirectPath(here)}>{text}</Link>,
        })}
      </p>
    );
  }
  const detail =
    isApiError(error) && status >= 400 && status < 500 ? ` ${apiText(error.message)}` : '';
  return (
    <p className="wpd-load-failed" role={role}>
      {`${t(`support.load.failed.${what}`)}${detail}`}{' '}
      <Button variant="secondary" size="small" onClick={onRetry}>
        {t('support.load.retry')}
      </Button>
    </p>
  );
}
