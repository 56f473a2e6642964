import type { TSupportStatus } from '@waypoint/contracts';
import { useT } from '@waypoint/ui';
import type { LoadErrorMessages } from '../components/common';
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
 * What a support page says when its load failed (see LoadError): an ended session offers to sign in again and come
 * back; anything else, a refusal included, offers to try again.
 */
export const supportLoadMessages = (what: SupportLoadTarget): LoadErrorMessages => ({
  sessionEnded: 'support.load.sessionEnded',
  failed: `support.load.failed.${what}`,
  retry: 'support.load.retry',
});
