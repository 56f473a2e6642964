import { Suspense, lazy, useState } from 'react';
import type { OrderSummary, TSupportConversationSummary } from '@waypoint/contracts';
import { Link, selectAuth, useAppSelector } from '@waypoint/platform';
import { Spinner, rich, useT } from '@waypoint/ui';
import { accountMessages } from '../../i18n/catalog';
import { askAboutOrderPath } from './paths';
import { ConversationStatus } from './SupportStatus';
import { useGetMySupportConversationsQuery } from './supportApi';
import './support.css';

// The thread and its reply form (with the reply's schema) download when Messages is first opened: My orders, a
// first page, carries no zod (docs/front-end.md).
const ConversationThread = lazy(() =>
  import('./ConversationThread').then((module) => ({ default: module.ConversationThread })),
);

const hidden = (text: string) => <span className="wp-visually-hidden">{text}</span>;

/** One conversation about the order: its reference, topic and status, then its messages and a reply box. */
function OrderConversation({ conversation }: { conversation: TSupportConversationSummary }) {
  const t = useT(accountMessages);
  return (
    <section
      className="wpa-order__conversation"
      aria-labelledby={`conversation-${conversation.id}`}
    >
      <h3 id={`conversation-${conversation.id}`} className="wpa-order__conversation-title">
        {t('support.order.conversation', {
          reference: conversation.reference,
          topic: t(`support.topic.${conversation.topic}`),
        })}{' '}
        <ConversationStatus status={conversation.status} />
      </h3>
      <Suspense fallback={<Spinner label={t('support.thread.loading')} showLabel />}>
        <ConversationThread id={conversation.id} />
      </Suspense>
    </section>
  );
}

/**
 * An order's conversations with support, in a Messages disclosure whose messages load when it is opened, and a
 * link to ask about the order. Nothing for an unpaid order.
 */
export function OrderMessages({ order }: { order: OrderSummary }) {
  const t = useT(accountMessages);
  const signedIn = useAppSelector(selectAuth).isAuthenticated;
  // One call for the whole page (every order's card asks for the same list), after the page has rendered.
  const { data } = useGetMySupportConversationsQuery(undefined, {
    skip: !signedIn || order.status === 'DRAFT',
  });
  const [open, setOpen] = useState(false);
  if (order.status === 'DRAFT') return null;
  const conversations = (data?.items ?? []).filter((item) => item.applicationId === order.id);
  const waiting = conversations.filter((item) => item.status === 'answered').length;
  return (
    <div className="wpa-order__support">
      {conversations.length > 0 ? (
        <details
          className="wpa-order__messages"
          open={open}
          onToggle={(event) => setOpen(event.currentTarget.open)}
        >
          <summary>
            {t('support.order.messages', { count: conversations.length })}
            {waiting > 0 ? ` ${t('support.order.answered', { count: waiting })}` : ''}
          </summary>
          {open
            ? conversations.map((conversation) => (
                <OrderConversation key={conversation.id} conversation={conversation} />
              ))
            : null}
        </details>
      ) : null}
      <p className="wpa-order__ask">
        <Link to={askAboutOrderPath(order.id)} className="wpa-inline-link">
          {rich(t('support.order.ask', { reference: order.reference }), { hidden })}
        </Link>
      </p>
    </div>
  );
}
