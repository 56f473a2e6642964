import { useEffect, useRef, useState } from 'react';
import type { ApplicationStatus } from '@waypoint/contracts';
import { useT } from '@waypoint/ui';
import { statusMessages } from './status/catalog';
import { useStatusLabel } from '@waypoint/platform/i18n';

/**
 * A visually hidden live region that tells screen reader users when an order they are looking at changes
 * status while the page is open ("Status changed to Under review"), however the change arrived (a live event or
 * a poll). The first statuses the page shows are not announced.
 */
export function LiveStatusAnnouncer({
  orders,
}: {
  orders: readonly { id: string; reference: string; status: ApplicationStatus }[] | undefined;
}) {
  const t = useT(statusMessages);
  const statusLabel = useStatusLabel();
  const seen = useRef<Map<string, ApplicationStatus> | null>(null);
  const [message, setMessage] = useState('');

  useEffect(() => {
    if (!orders) return;
    const previous = seen.current;
    seen.current = new Map(orders.map((o) => [o.id, o.status]));
    if (!previous) return;
    const changed = orders.filter((o) => previous.has(o.id) && previous.get(o.id) !== o.status);
    if (changed.length === 0) return;
    setMessage(
      changed
        .map((o) =>
          orders.length > 1
            ? t('live.orderStatusChanged', {
                reference: o.reference,
                status: statusLabel(o.status),
              })
            : t('live.statusChanged', { status: statusLabel(o.status) }),
        )
        .join(' '),
    );
  }, [orders, t, statusLabel]);

  return (
    <div className="wp-visually-hidden" role="status" aria-live="polite" aria-atomic="true">
      {message}
    </div>
  );
}
