import { useId, useMemo, useState, type FormEvent } from 'react';
import {
  ClientErrorText,
  SUPPORT_MESSAGE_MAX_LENGTH,
  ZSupportReplyRequestSchema,
  type TSupportConversation,
  type TSupportMessage,
} from '@waypoint/contracts';
import {
  fieldErrorsFromIssues,
  fieldErrorsOf,
  knownFieldErrors,
  useFormErrors,
} from '@waypoint/platform';
import { useApiText } from '@waypoint/platform/i18n';
import {
  Button,
  ErrorBox,
  ErrorSummary,
  FieldChrome,
  Spinner,
  cx,
  formatDateTime,
  useLocale,
  useT,
} from '@waypoint/ui';
import { errorText } from '../../components/forms';
import { accountMessages } from '../../i18n/catalog';
import {
  useGetSupportConversationQuery,
  useReplyToSupportConversationMutation,
} from './supportApi';
import './support.css';

/** "You", or "Waypoint support (Anna)": who wrote a message, as its traveller reads it. */
function useAuthorName() {
  const t = useT(accountMessages);
  return (message: TSupportMessage) =>
    message.author === 'traveller'
      ? t('support.author.you')
      : message.authorName
        ? t('support.author.staffNamed', { name: message.authorName })
        : t('support.author.staff');
}

/** The messages of a conversation, oldest first: who wrote each, when, and what. */
export function MessageList({ messages }: { messages: readonly TSupportMessage[] }) {
  const locale = useLocale();
  const authorName = useAuthorName();
  return (
    <ol className="wpa-thread">
      {messages.map((message) => (
        <li
          key={message.id}
          className={cx('wpa-thread__message', `wpa-thread__message--${message.author}`)}
        >
          <p className="wpa-thread__meta">
            <span className="wpa-thread__author">{authorName(message)}</span>{' '}
            <time dateTime={message.createdAt}>{formatDateTime(message.createdAt, locale)}</time>
          </p>
          <p className="wpa-thread__body">{message.body}</p>
        </li>
      ))}
    </ol>
  );
}

const REPLY_FIELDS = { message: 'message' };

/**
 * The traveller's reply to a conversation. Sending reopens an answered or closed one; the thread above takes the
 * conversation as the API answers it, and a status message says the reply was sent.
 */
function ReplyForm({ conversation }: { conversation: TSupportConversation }) {
  const t = useT(accountMessages);
  const apiText = useApiText();
  const id = useId();
  const fieldId = `${id}-reply`;
  const fields = useMemo(() => ({ message: fieldId }), [fieldId]);
  const [reply, { isLoading }] = useReplyToSupportConversationMutation();
  const [text, setText] = useState('');
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { errors, summary, attempt, showErrors, clearErrors } = useFormErrors(fields);
  const error = errors.message ?? null;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading) return;
    setSent(false);
    setFailure(null);
    const parsed = ZSupportReplyRequestSchema.safeParse({ message: text });
    if (!parsed.success) {
      showErrors(fieldErrorsFromIssues(parsed.error.issues));
      return;
    }
    clearErrors();
    try {
      await reply({ id: conversation.id, message: parsed.data.message }).unwrap();
      setText('');
      setSent(true);
    } catch (caught) {
      const onFields = knownFieldErrors(fieldErrorsOf(caught), REPLY_FIELDS);
      if (Object.keys(onFields).length > 0) showErrors(onFields);
      else setFailure(errorText(caught, ClientErrorText.requestFailed));
    }
  };

  return (
    <form className="wp-stack wpa-thread__reply" noValidate onSubmit={(e) => void onSubmit(e)}>
      <ErrorSummary errors={summary} focusKey={attempt} />
      {failure ? <ErrorBox>{apiText(failure)}</ErrorBox> : null}
      <div role="status" className="wpa-thread__sent">
        {sent ? <p>{t('support.reply.sent')}</p> : null}
      </div>
      <MessageField
        id={fieldId}
        label={t('support.reply.label', { reference: conversation.reference })}
        hint={conversation.status === 'open' ? undefined : t('support.reply.reopens')}
        value={text}
        error={error}
        onChange={(value) => {
          setText(value);
          setSent(false);
        }}
      />
      <Button
        type="submit"
        variant="secondary"
        busy={isLoading}
        busyLabel={t('support.reply.sending')}
      >
        {t('support.reply.submit')}
      </Button>
    </form>
  );
}

/**
 * A message box with its count of characters left, announced politely only near the limit (a count read out on
 * every key would drown what is typed).
 */
export function MessageField({
  id,
  label,
  hint,
  value,
  error,
  required = true,
  onChange,
}: {
  id: string;
  label: string;
  hint?: string | undefined;
  value: string;
  error: string | null;
  required?: boolean;
  onChange: (value: string) => void;
}) {
  const t = useT(accountMessages);
  const left = SUPPORT_MESSAGE_MAX_LENGTH - value.length;
  const countId = `${id}-count`;
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : '', countId]
    .filter(Boolean)
    .join(' ');
  return (
    <FieldChrome id={id} label={label} hint={hint} error={error} required={required}>
      <textarea
        id={id}
        className={cx('wp-input', 'wpa-textarea', error && 'wp-input--error')}
        rows={6}
        required={required}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
      />
      <p
        id={countId}
        className={cx('wpa-count', left < 0 && 'wpa-count--over')}
        aria-live={left <= 200 ? 'polite' : 'off'}
      >
        {left >= 0
          ? t('support.count.left', { count: left })
          : t('support.count.over', { count: -left })}
      </p>
    </FieldChrome>
  );
}

/** One conversation, loaded by its id: its messages and a reply box. */
export function ConversationThread({ id }: { id: string }) {
  const t = useT(accountMessages);
  const apiText = useApiText();
  const { data, error, isError, isLoading, refetch } = useGetSupportConversationQuery(id, {
    refetchOnMountOrArgChange: true,
  });
  if (isLoading) return <Spinner label={t('support.thread.loading')} showLabel />;
  if (isError || !data)
    return (
      <p className="wpa-load-failed" role="alert">
        {apiText(errorText(error, t('support.thread.loadFailed')))}{' '}
        <Button variant="link" onClick={() => void refetch()}>
          {t('orders.tryAgain')}
        </Button>
      </p>
    );
  return (
    <div className="wpa-conversation">
      <MessageList messages={data.messages} />
      <ReplyForm conversation={data} />
    </div>
  );
}
