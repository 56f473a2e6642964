import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  SUPPORT_TOPICS,
  SupportText,
  ZCreateSupportConversationRequestSchema,
  type FieldErrors,
  type OrderSummary,
  type TCreateSupportConversationRequest,
  type TCreateSupportConversationResponse,
  type TSupportTopic,
} from '@waypoint/contracts';
import {
  Link,
  fieldErrorsFromIssues,
  fieldErrorsOf,
  isApiError,
  knownFieldErrors,
  loginRedirectPath,
  selectAuth,
  useAppSelector,
  useFormErrors,
  useSearchParams,
} from '@waypoint/platform';
import { useErrorText } from '@waypoint/platform/i18n';
import {
  Button,
  ErrorBox,
  ErrorSummary,
  Select,
  Spinner,
  TextField,
  rich,
  useT,
} from '@waypoint/ui';
import { EmailField } from '../../components/forms';
import { accountMessages } from '../../i18n/catalog';
import { useGetMyApplicationsQuery } from '../../state';
import { MessageField } from './ConversationThread';
import { HELP_CONTACT_PATH, conversationPath } from './paths';
import { useCreateSupportConversationMutation } from './supportApi';
import { YourMessages } from './YourMessages';
import './support.css';

/** The fields of a guest's form and of a signed-in traveller's, in the order each form shows them. */
const GUEST_FIELDS = {
  orderReference: 'contact-order-reference',
  email: 'contact-email',
  topic: 'contact-topic',
  message: 'contact-message',
};
const TRAVELLER_FIELDS = {
  topic: 'contact-topic',
  applicationId: 'contact-order',
  message: 'contact-message',
};

/** A guest writes about an order: both its number and its e-mail address are needed to find it. */
function guestProblems(orderReference: string, email: string): FieldErrors {
  const problems: FieldErrors = {};
  if (!orderReference.trim()) problems.orderReference = SupportText.orderReferenceRequired;
  if (!email.trim()) problems.email = SupportText.emailRequired;
  return problems;
}

function ContactForm({
  signedIn,
  onSent,
}: {
  signedIn: boolean;
  onSent: (reply: TCreateSupportConversationResponse) => void;
}) {
  const t = useT(accountMessages);
  const errorText = useErrorText();
  const [params] = useSearchParams();
  const fields = signedIn ? TRAVELLER_FIELDS : GUEST_FIELDS;
  const { errors, summary, attempt, showErrors, clearErrors } = useFormErrors(fields);
  const [failure, setFailure] = useState<string | null>(null);
  const [topic, setTopic] = useState('');
  const [message, setMessage] = useState('');
  const [orderReference, setOrderReference] = useState('');
  const [email, setEmail] = useState('');
  const orders = useGetMyApplicationsQuery(undefined, { skip: !signedIn });
  const paidOrders: OrderSummary[] = (orders.data ?? []).filter(
    (order) => order.status !== 'DRAFT',
  );
  // "Ask about this order" opens the page with that order chosen; until the orders arrive, it is kept as asked.
  const [applicationId, setApplicationId] = useState(() => params.get('order') ?? '');
  const chosen = paidOrders.some((order) => order.id === applicationId) ? applicationId : '';
  const [create, { isLoading }] = useCreateSupportConversationMutation();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading) return;
    setFailure(null);
    const body: TCreateSupportConversationRequest = signedIn
      ? { topic: topic as TSupportTopic, message, ...(chosen ? { applicationId: chosen } : {}) }
      : { topic: topic as TSupportTopic, message, orderReference, email };
    const parsed = ZCreateSupportConversationRequestSchema.safeParse({
      ...body,
      // An empty answer is a missing one (said below for a guest), not a malformed one.
      ...(signedIn ? {} : { orderReference: orderReference.trim() || undefined }),
      ...(signedIn ? {} : { email: email.trim() || undefined }),
    });
    const problems = {
      ...(signedIn ? {} : guestProblems(orderReference, email)),
      ...(parsed.success ? {} : fieldErrorsFromIssues(parsed.error.issues)),
    };
    if (!parsed.success || Object.keys(problems).length > 0) {
      showErrors(knownFieldErrors(problems, fields));
      return;
    }
    clearErrors();
    try {
      onSent(await create(parsed.data).unwrap());
    } catch (caught) {
      const onFields = knownFieldErrors(fieldErrorsOf(caught), fields);
      if (Object.keys(onFields).length > 0) {
        showErrors(onFields);
      } else if (!signedIn && isApiError(caught) && caught.status === 404) {
        // The order number and the e-mail address match no order: said at the order number.
        showErrors({ orderReference: caught.message });
      } else {
        setFailure(errorText(isApiError(caught) ? caught : { message: '' }) || t('contact.failed'));
      }
    }
  };

  const topicField = (
    <Select
      id={fields.topic}
      label={t('contact.topic')}
      placeholder={t('contact.topic.placeholder')}
      options={SUPPORT_TOPICS.map((value) => ({ value, label: t(`support.topic.${value}`) }))}
      value={topic}
      error={errors.topic}
      required
      onChange={setTopic}
    />
  );
  const messageField = (
    <MessageField
      id={fields.message}
      label={t('contact.message')}
      hint={t('contact.message.hint')}
      value={message}
      error={errors.message ?? null}
      onChange={setMessage}
    />
  );

  return (
    <>
      <ErrorSummary errors={summary} focusKey={attempt} />
      {failure ? <ErrorBox>{failure}</ErrorBox> : null}
      <form className="wp-stack wpa-contact__form" noValidate onSubmit={(e) => void onSubmit(e)}>
        {signedIn ? (
          <>
            {topicField}
            <Select
              id={TRAVELLER_FIELDS.applicationId}
              label={t('contact.order')}
              hint={orders.isLoading ? t('contact.order.loading') : undefined}
              options={[
                { value: '', label: t('contact.order.none') },
                ...paidOrders.map((order) => ({
                  value: order.id,
                  label: t('contact.order.option', { reference: order.reference }),
                })),
              ]}
              value={chosen}
              error={errors.applicationId}
              onChange={setApplicationId}
            />
            {messageField}
          </>
        ) : (
          <>
            <p className="wpa-note">
              {rich(t('contact.guest.intro'), {
                login: (text) => (
                  <Link to={loginRedirectPath('/contact')} className="wpa-inline-link">
                    {text}
                  </Link>
                ),
              })}
            </p>
            <TextField
              id={GUEST_FIELDS.orderReference}
              label={t('contact.orderReference')}
              hint={t('contact.orderReference.hint')}
              autoComplete="off"
              spellCheck={false}
              autoCapitalize="characters"
              required
              value={orderReference}
              error={errors.orderReference}
              onChange={(event) => setOrderReference(event.target.value)}
            />
            <EmailField
              id={GUEST_FIELDS.email}
              label={t('contact.email')}
              hint={t('contact.email.hint')}
              autoComplete="email"
              required
              value={email}
              error={errors.email}
              onChange={(event) => setEmail(event.target.value)}
            />
            {topicField}
            {messageField}
            <p className="wpa-note">
              {rich(t('contact.guest.noOrder'), {
                help: (text) => (
                  <Link to={HELP_CONTACT_PATH} className="wpa-inline-link">
                    {text}
                  </Link>
                ),
              })}
            </p>
          </>
        )}
        <Button type="submit" busy={isLoading} busyLabel={t('contact.sending')}>
          {t('contact.send')}
        </Button>
      </form>
    </>
  );
}

/** After sending: the reference to quote, when to expect an answer, and (signed in) where the conversation is. */
function Confirmation({
  reply,
  onAnother,
}: {
  reply: TCreateSupportConversationResponse;
  onAnother: () => void;
}) {
  const t = useT(accountMessages);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="wpa-contact__sent">
      <div className="wpa-panel">
        <h2 className="wpa-panel__title" ref={heading} tabIndex={-1}>
          {t('contact.sent.title')}
        </h2>
        <p className="wpa-panel__body">
          {t('contact.sent.reference')}
          <br />
          <strong>
            <bdi dir="ltr">{reply.reference}</bdi>
          </strong>
        </p>
      </div>
      <p>{t('contact.sent.next')}</p>
      <p className="wpa-contact__sent-actions">
        {'messages' in reply ? (
          <Link to={conversationPath(reply.id)} className="wpa-inline-link">
            {t('contact.sent.view')}
          </Link>
        ) : null}
        <Button variant="link" onClick={onAnother}>
          {t('contact.sent.another')}
        </Button>
      </p>
    </div>
  );
}

/**
 * Contact us: a signed-in traveller writes about one of their orders or in general, and reads their conversations;
 * a guest names the order by its number and the e-mail address it was paid with.
 */
export function ContactPage() {
  const t = useT(accountMessages);
  const auth = useAppSelector(selectAuth);
  const signedIn = auth.isAuthenticated && auth.user !== null;
  // While the session is first checked, the form waits: which one it is depends on who is signed in.
  const checking = auth.isLoading && !signedIn;
  const [sent, setSent] = useState<TCreateSupportConversationResponse | null>(null);
  return (
    <div className="wp-container wpa-contact">
      <title>{t('form.pageTitle', { title: t('contact.title') })}</title>
      <h1>{t('contact.title')}</h1>
      {sent ? null : <p className="wpa-contact__lead">{t('contact.lead')}</p>}
      {sent ? (
        <Confirmation reply={sent} onAnother={() => setSent(null)} />
      ) : checking ? (
        <Spinner label={t('contact.checking')} showLabel />
      ) : (
        <ContactForm key={signedIn ? 'traveller' : 'guest'} signedIn={signedIn} onSent={setSent} />
      )}
      {signedIn ? <YourMessages /> : null}
    </div>
  );
}
