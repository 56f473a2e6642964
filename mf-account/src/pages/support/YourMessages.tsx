import { Link } from '@waypoint/platform';
import { Button, Spinner, formatDateTime, useLocale, useT } from '@waypoint/ui';
import { accountMessages } from '../../i18n/catalog';
import { conversationPath } from './paths';
import { ConversationStatus } from './SupportStatus';
import { useGetMySupportConversationsQuery } from './supportApi';

/** A signed-in traveller's conversations with support, latest activity first, each a link to read and answer it. */
export function YourMessages() {
  const t = useT(accountMessages);
  const locale = useLocale();
  const { data, isLoading, isError, refetch } = useGetMySupportConversationsQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const items = data?.items ?? [];
  return (
    <section className="wpa-your-messages" aria-labelledby="your-messages-heading">
      <h2 id="your-messages-heading">{t('support.mine.title')}</h2>
      {isLoading ? (
        <Spinner label={t('support.mine.loading')} showLabel />
      ) : isError ? (
        <p className="wpa-load-failed" role="alert">
          {t('support.mine.loadFailed')}{' '}
          <Button variant="link" onClick={() => void refetch()}>
            {t('orders.tryAgain')}
          </Button>
        </p>
      ) : items.length === 0 ? (
        <p className="wpa-note">{t('support.mine.empty')}</p>
      ) : (
        <ul className="wpa-conversations">
          {items.map((item) => (
            <li key={item.id} className="wp-card wpa-conversations__item">
              <p className="wpa-conversations__head">
                <Link to={conversationPath(item.id)} className="wpa-inline-link">
                  {t('support.mine.link', {
                    reference: item.reference,
                    topic: t(`support.topic.${item.topic}`),
                  })}
                </Link>{' '}
                <ConversationStatus status={item.status} />
              </p>
              <p className="wpa-conversations__facts">
                {item.orderReference
                  ? t('support.mine.order', { reference: item.orderReference })
                  : t('support.mine.general')}
                {' · '}
                {t('support.mine.lastActivity', {
                  date: formatDateTime(item.lastMessageAt, locale),
                })}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
