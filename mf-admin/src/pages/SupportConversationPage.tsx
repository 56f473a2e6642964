import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  ZSupportReplyRequestSchema,
  type TAdminSupportConversation,
  type TSupportMessage,
} from '@waypoint/contracts';
import {
  Link,
  fieldErrorsFromIssues,
  isApiError,
  useFormErrors,
  useParams,
  type FormFields,
} from '@waypoint/platform';
import { useApiText } from '@waypoint/platform/i18n';
import {
  Button,
  ErrorBox,
  ErrorSummary,
  FieldChrome,
  Spinner,
  cx,
  useLocale,
  useT,
} from '@waypoint/ui';
import { LoadError } from '../components/common';
import { formatDateTime } from '../format';
import { adminMessages, type AdminMessage } from '../i18n/catalog';
import { SupportStatusBadge, supportLoadMessages } from './SupportCommon';
import {
  useCloseSupportConversationMutation,
  useGetStaffSupportConversationQuery,
  useReplyAsStaffMutation,
} from './supportApi';
import './Support.css';

const FIELDS: FormFields = { message: 'support-reply' };

/** What staff did last, said in the page's live region: a reply sent, the conversation closed, or a failure. */
type Outcome = { kind: 'replied' | 'closed' } | { kind: 'failed'; reason: string };

/** Why a step did not work: the server's own words for a refused request (4xx), none for anything else. */
function failureOf(error: unknown): Outcome {
  const refused = isApiError(error) && error.status >= 400 && error.status < 500;
  return { kind: 'failed', reason: refused ? error.message : '' };
}

type Translate = (key: AdminMessage, values?: Record<string, string | number>) => string;

/** Who wrote a message, as staff read it: the traveller by name, staff by their first name. */
function authorOf(
  message: TSupportMessage,
  conversation: TAdminSupportConversation,
  t: Translate,
): string {
  if (message.author === 'staff')
    return message.authorName
      ? t('support.author.staffNamed', { name: message.authorName })
      : t('support.author.staff');
  return conversation.travellerName || t('support.author.traveller');
}

function Messages({ conversation }: { conversation: TAdminSupportConversation }) {
  const t = useT(adminMessages);
  const locale = useLocale();
  return (
    <ol className="wpd-thread" aria-label={t('support.messages')}>
      {conversation.messages.map((message) => (
        <li
          key={message.id}
          className={cx('wpd-thread__message', `wpd-thread__message--${message.author}`)}
        >
          <p className="wpd-thread__meta">
            <span className="wpd-strong">{authorOf(message, conversation, t)}</span>
            <time dateTime={message.createdAt}>{formatDateTime(message.createdAt, locale)}</time>
          </p>
          <p className="wpd-thread__body">{message.body}</p>
        </li>
      ))}
    </ol>
  );
}

function ReplyForm({
  conversation,
  onOutcome,
}: {
  conversation: TAdminSupportConversation;
  onOutcome: (outcome: Outcome) => void;
}) {
  const t = useT(adminMessages);
  const [reply, { isLoading }] = useReplyAsStaffMutation();
  const [text, setText] = useState('');
  const { errors, summary, attempt, showErrors, clearErrors } = useFormErrors(FIELDS);
  const error = errors.message ?? null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading) return;
    const parsed = ZSupportReplyRequestSchema.safeParse({ message: text });
    if (!parsed.success) {
      showErrors(fieldErrorsFromIssues(parsed.error.issues));
      return;
    }
    clearErrors();
    const result = await reply({ id: conversation.id, message: parsed.data.message });
    if ('data' in result && result.data) {
      setText('');
      onOutcome({ kind: 'replied' });
      return;
    }
    const refused = 'error' in result && isApiError(result.error) ? result.error : undefined;
    if (refused?.fieldErrors?.message) {
      showErrors({ message: refused.fieldErrors.message });
      return;
    }
    onOutcome(failureOf('error' in result ? result.error : undefined));
  };

  return (
    <form noValidate className="wpd-support-reply" onSubmit={(event) => void submit(event)}>
      <ErrorSummary errors={summary} focusKey={attempt} />
      <FieldChrome
        id="support-reply"
        label={t('support.reply.label')}
        hint={conversation.hasAccount ? t('support.reply.hint') : t('support.reply.hintGuest')}
        error={error}
        required
      >
        <textarea
          id="support-reply"
          className={cx('wp-input', 'wpd-textarea', error && 'wp-input--error')}
          rows={6}
          required
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby={`support-reply-hint${error ? ' support-reply-error' : ''}`}
          onChange={(event) => setText(event.target.value)}
        />
      </FieldChrome>
      <div className="wp-actions">
        <Button type="submit" busy={isLoading} busyLabel={t('support.reply.sending')}>
          {t('support.reply.submit')}
        </Button>
      </div>
    </form>
  );
}

/** What the conversation is: who wrote, about what and which order, and where it stands; and Close. */
function Facts({
  conversation,
  onOutcome,
}: {
  conversation: TAdminSupportConversation;
  onOutcome: (outcome: Outcome) => void;
}) {
  const t = useT(adminMessages);
  const locale = useLocale();
  const [close, { isLoading }] = useCloseSupportConversationMutation();
  const onClose = async () => {
    if (isLoading) return;
    const result = await close(conversation.id);
    if ('data' in result && result.data) onOutcome({ kind: 'closed' });
    else onOutcome(failureOf('error' in result ? result.error : undefined));
  };
  return (
    <aside
      className="wp-card wpd-section wpd-support-aside"
      aria-labelledby="support-facts-heading"
    >
      <h2 id="support-facts-heading">{t('support.facts.heading')}</h2>
      <dl className="wpd-facts">
        <div>
          <dt>{t('support.column.status')}</dt>
          <dd>
            <SupportStatusBadge status={conversation.status} />
          </dd>
        </div>
        <div>
          <dt>{t('support.column.traveller')}</dt>
          <dd>
            {conversation.travellerName || t('support.guest')}
            {conversation.hasAccount ? null : (
              <span className="wpd-sub">{t('support.guestNote')}</span>
            )}
          </dd>
        </div>
        <div>
          <dt>{t('support.column.email')}</dt>
          <dd>
            <bdi className="wpd-wrap">{conversation.email}</bdi>
          </dd>
        </div>
        <div>
          <dt>{t('support.column.topic')}</dt>
          <dd>{t(`support.topic.${conversation.topic}`)}</dd>
        </div>
        <div>
          <dt>{t('support.column.order')}</dt>
          <dd>
            {conversation.applicationId && conversation.orderReference ? (
              <Link to={`/admin/applications/${encodeURIComponent(conversation.applicationId)}`}>
                #{conversation.orderReference}
              </Link>
            ) : (
              <span className="wpd-muted">{t('support.noOrder')}</span>
            )}
          </dd>
        </div>
        <div>
          <dt>{t('support.facts.started')}</dt>
          <dd>
            <time dateTime={conversation.createdAt}>
              {formatDateTime(conversation.createdAt, locale)}
            </time>
          </dd>
        </div>
      </dl>
      {conversation.status === 'closed' ? null : (
        <Button
          variant="secondary"
          busy={isLoading}
          busyLabel={t('support.close.busy')}
          onClick={() => void onClose()}
        >
          {t('support.close')}
        </Button>
      )}
    </aside>
  );
}

/** One conversation for staff: its messages, a reply form, and what it is about, with Close. */
export function SupportConversationPage() {
  const { id = '' } = useParams();
  const t = useT(adminMessages);
  const apiText = useApiText();
  const { currentData, error, isError, isFetching, refetch } = useGetStaffSupportConversationQuery(
    id,
    { refetchOnMountOrArgChange: true },
  );
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // The button just pressed may go (Close): the focus moves to what happened.
  const outcomeRef = useRef<HTMLDivElement>(null);
  const focusOutcome = useRef(false);
  useEffect(() => {
    if (!focusOutcome.current) return;
    focusOutcome.current = false;
    outcomeRef.current?.focus();
  });
  const show = (next: Outcome) => {
    setOutcome(next);
    focusOutcome.current = true;
  };

  const reference = currentData?.reference;
  return (
    <>
      <title>
        {reference ? t('support.conversation.title', { reference }) : t('support.heading')}
      </title>
      <p className="wpd-back">
        <Link to="/admin/support">
          <span aria-hidden="true" className="wp-directional">
            ←
          </span>{' '}
          {t('support.back')}
        </Link>
      </p>
      <h1>
        {reference
          ? t('support.conversation.heading', { reference })
          : t('support.conversation.headingNoReference')}
      </h1>
      <div ref={outcomeRef} tabIndex={-1} className="wpd-outcome">
        <div role="status" className="wpd-live">
          {outcome?.kind === 'replied' ? (
            <p className="wpd-result">{t('support.replied')}</p>
          ) : outcome?.kind === 'closed' ? (
            <p className="wpd-result">{t('support.closed')}</p>
          ) : null}
        </div>
        {outcome?.kind === 'failed' ? (
          <ErrorBox>
            <p>{outcome.reason ? apiText(outcome.reason) : t('support.failed')}</p>
          </ErrorBox>
        ) : null}
      </div>
      {isError && !currentData ? (
        <LoadError
          messages={supportLoadMessages('conversation')}
          error={error}
          onRetry={() => void refetch()}
        />
      ) : null}
      {!currentData && isFetching ? (
        <Spinner label={t('support.conversation.loading')} showLabel />
      ) : null}
      {currentData ? (
        <div className="wpd-support-layout">
          <div className="wpd-support-main">
            <section className="wp-card wpd-section" aria-labelledby="support-messages-heading">
              <h2 id="support-messages-heading">{t('support.messages')}</h2>
              <Messages conversation={currentData} />
              <ReplyForm conversation={currentData} onOutcome={show} />
            </section>
          </div>
          <Facts conversation={currentData} onOutcome={show} />
        </div>
      ) : null}
    </>
  );
}
