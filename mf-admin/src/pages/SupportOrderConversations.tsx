import { Link } from '@waypoint/platform';
import { Spinner, useLocale, useT } from '@waypoint/ui';
import { LoadError } from '../components/common';
import { formatDateTime } from '../format';
import { adminMessages } from '../i18n/catalog';
import { SupportStatusBadge, supportConversationPath, supportLoadMessages } from './SupportCommon';
import { useGetApplicationSupportQuery } from './supportApi';

/** The order's conversations with support, on its detail page: each a link to read and answer it. */
export function SupportOrderConversations({ applicationId }: { applicationId: string }) {
  const t = useT(adminMessages);
  const locale = useLocale();
  const { data, error, isError, isLoading, refetch } = useGetApplicationSupportQuery(
    applicationId,
    { refetchOnMountOrArgChange: true },
  );
  return (
    <section className="wp-card wpd-section" aria-labelledby="support-order-heading">
      <h2 id="support-order-heading">{t('support.order.heading')}</h2>
      {isLoading ? (
        <Spinner label={t('support.order.loading')} showLabel />
      ) : isError ? (
        // Part of the page: the application itself loaded, so this is not announced as the page's failure.
        <LoadError
          messages={supportLoadMessages('order')}
          error={error}
          onRetry={() => void refetch()}
          live={false}
        />
      ) : !data || data.items.length === 0 ? (
        <p className="wpd-muted">{t('support.order.none')}</p>
      ) : (
        <ul className="wpd-support-order">
          {data.items.map((item) => (
            <li key={item.id}>
              <Link to={supportConversationPath(item.id)}>
                {t('support.order.link', {
                  reference: item.reference,
                  topic: t(`support.topic.${item.topic}`),
                })}
              </Link>{' '}
              <SupportStatusBadge status={item.status} />{' '}
              <span className="wpd-muted">
                {t('support.order.lastActivity', {
                  date: formatDateTime(item.lastMessageAt, locale),
                })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
