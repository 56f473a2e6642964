import { useT } from '@waypoint/ui';
import { adminMessages } from '../i18n/catalog';
import { useGetSupportInboxQuery } from './supportApi';
import './Support.css';

/**
 * How many conversations wait for an answer, beside Support in the staff menu: the inbox's own first page (the same
 * call, so opening the inbox asks for nothing more), kept current by replies and closes. Nothing when none wait,
 * or until it is known.
 */
export function SupportMenuCount() {
  const t = useT(adminMessages);
  const { data } = useGetSupportInboxQuery({ status: 'open', page: 1 });
  const open = data?.counts.open ?? 0;
  if (open <= 0) return null;
  return (
    <span className="wp-badge wpd-menu-count">
      <span aria-hidden="true">{open}</span>
      <span className="wp-visually-hidden"> {t('menu.supportOpen', { count: open })}</span>
    </span>
  );
}
