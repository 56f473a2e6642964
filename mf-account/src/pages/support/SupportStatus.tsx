import type { TSupportStatus } from '@waypoint/contracts';
import { useT } from '@waypoint/ui';
import { accountMessages } from '../../i18n/catalog';

/** A conversation's status as a badge: open (waiting for an answer), answered, closed. */
export function ConversationStatus({ status }: { status: TSupportStatus }) {
  const t = useT(accountMessages);
  return (
    <span className={`wp-badge wpa-support-status wpa-support-status--${status}`}>
      {t(`support.status.${status}`)}
    </span>
  );
}
