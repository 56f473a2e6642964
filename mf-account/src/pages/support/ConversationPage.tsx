import type { TSupportConversation } from '@waypoint/contracts';
import { Link, RequireAuth, selectAuth, useAppSelector, useParams } from '@waypoint/platform';
import { Spinner, useT } from '@waypoint/ui';
import { accountMessages } from '../../i18n/catalog';
import { ConversationThread } from './ConversationThread';
import { ConversationStatus } from './SupportStatus';
import { useGetSupportConversationQuery } from './supportApi';
import './support.css';

/** What the conversation is about: its topic and order, and its status. */
function ConversationFacts({ conversation }: { conversation: TSupportConversation }) {
  const t = useT(accountMessages);
  return (
    <p className="wpa-conversation__facts">
      {t(`support.topic.${conversation.topic}`)}
      {' · '}
      {conversation.orderReference
        ? t('support.mine.order', { reference: conversation.orderReference })
        : t('support.mine.general')}{' '}
      <ConversationStatus status={conversation.status} />
    </p>
  );
}

/** One of the signed-in traveller's conversations with support: its messages and a reply box. */
export function ConversationPage() {
  const t = useT(accountMessages);
  const { id = '' } = useParams();
  const signedIn = useAppSelector(selectAuth).isAuthenticated;
  // The same call as the thread's (one request): the heading names the conversation once it has arrived.
  const { data } = useGetSupportConversationQuery(id, { skip: !signedIn });
  const title = data
    ? t('support.conversation.title', { reference: data.reference })
    : t('support.conversation.heading');
  const loading = <Spinner label={t('support.thread.loading')} showLabel />;
  return (
    <div className="wp-container wpa-contact">
      <title>{t('form.pageTitle', { title })}</title>
      <p className="wpa-back">
        <Link to="/contact">
          <span aria-hidden="true" className="wp-directional">
            ←
          </span>{' '}
          {t('support.conversation.back')}
        </Link>
      </p>
      <h1>{title}</h1>
      <RequireAuth loading={loading}>
        {signedIn ? (
          <>
            {data ? <ConversationFacts conversation={data} /> : null}
            <ConversationThread id={id} />
          </>
        ) : (
          loading
        )}
      </RequireAuth>
    </div>
  );
}
