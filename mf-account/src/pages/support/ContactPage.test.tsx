import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ApiMessages,
  orderTimeline,
  type OrderSummary,
  type TSupportConversation,
  type TSupportConversationSummary,
} from '@waypoint/contracts';
import { activateLocale } from '@waypoint/ui';
import {
  callsTo,
  currentPath,
  failure,
  mockApi,
  ok,
  renderAccount,
  traveller,
} from '../../test/renderAccount';

const CREATE = 'POST /api/support/conversations';
const MINE = 'GET /api/support/conversations';
const ORDERS = 'GET /api/applications/my-applications';

const PAID_ID = '0b1c2d3e-0000-4000-8000-00000000ab12';

function paidOrder(id: string, extra: Partial<OrderSummary> = {}): OrderSummary {
  return {
    id,
    reference: id.slice(-8).toUpperCase(),
    status: 'SUBMITTED',
    createdAt: '2026-11-21T12:00:00.000Z',
    paidAt: '2026-11-21T12:05:00.000Z',
    submittedAt: null,
    decidedAt: null,
    decisionReason: null,
    totalCents: 4200,
    currency: 'EUR',
    travelerCount: 1,
    visaType: { id: 'eta', name: 'United Kingdom ETA' },
    country: { id: 'FR', name: 'France', flagEmoji: '🇫🇷' },
    timeline: orderTimeline({
      status: 'SUBMITTED',
      paidAt: null,
      submittedAt: null,
      reviewStartedAt: null,
      decidedAt: null,
    }),
    resumePath: null,
    viewPath: `/application/${id}/review`,
    refunds: [],
    ...extra,
  };
}

function conversation(extra: Partial<TSupportConversation> = {}): TSupportConversation {
  return {
    id: 'c0000000-0000-4000-8000-000000000001',
    reference: 'S-7K3P9Q',
    topic: 'payment',
    status: 'open',
    applicationId: PAID_ID,
    orderReference: '0000AB12',
    createdAt: '2026-11-22T09:00:00.000Z',
    updatedAt: '2026-11-22T09:00:00.000Z',
    messages: [
      {
        id: 'm1',
        author: 'traveller',
        authorName: null,
        body: 'Was I charged twice?',
        createdAt: '2026-11-22T09:00:00.000Z',
      },
    ],
    ...extra,
  };
}

function summaryOf(
  c: TSupportConversation,
  extra: Partial<TSupportConversationSummary> = {},
): TSupportConversationSummary {
  const { messages, ...rest } = c;
  return {
    ...rest,
    lastMessageAt: messages.at(-1)?.createdAt ?? c.updatedAt,
    travellerName: 'Ada Lovelace',
    email: 'ada@example.com',
    ...extra,
  };
}

afterEach(async () => {
  await act(() => activateLocale('en'));
});

describe('contact us, as a guest', () => {
  it('asks for the order number, the email, the topic and the message, each error linked from the summary', async () => {
    const sent = mockApi({});
    await renderAccount('/contact');
    expect(await screen.findByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Contact us – Waypoint'));
    expect(screen.getByRole('link', { name: 'help centre' })).toHaveAttribute(
      'href',
      '/help/contact',
    );
    expect(screen.getByRole('link', { name: 'log in' })).toHaveAttribute(
      'href',
      '/auth/login?redirect=%2Fcontact',
    );
    // No orders of an account to choose from.
    expect(screen.queryByRole('combobox', { name: 'Which order?' })).not.toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Send message' }));

    const summary = await screen.findByRole('alert');
    await waitFor(() => expect(summary).toHaveFocus());
    const links = within(summary).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Enter the order number',
      'Enter the email address you used for this order',
      'Choose what your question is about',
      'Please write your message',
    ]);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '#contact-order-reference',
      '#contact-email',
      '#contact-topic',
      '#contact-message',
    ]);
    expect(screen.getByRole('textbox', { name: /Order number/ })).toHaveAccessibleDescription(
      expect.stringContaining('Enter the order number'),
    );
    expect(callsTo(sent, CREATE)).toEqual([]);
  });

  it('says an order number of the wrong shape before sending anything', async () => {
    const sent = mockApi({});
    await renderAccount('/contact');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /Order number/ }), '12-34');
    await user.type(screen.getByRole('textbox', { name: /Email address/ }), 'ada@example.com');
    await user.selectOptions(
      screen.getByRole('combobox', { name: /What is your question about/ }),
      'Payment',
    );
    await user.type(screen.getByRole('textbox', { name: /Your message/ }), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      ApiMessages['support.orderReferenceFormat'],
    );
    expect(callsTo(sent, CREATE)).toEqual([]);
  });

  it('sends the message about the order and shows the reference to quote', async () => {
    const sent = mockApi({ [CREATE]: ok({ reference: 'S-7K3P9Q' }) });
    await renderAccount('/contact');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /Order number/ }), '#3f9a2c7b');
    await user.type(screen.getByRole('textbox', { name: /Email address/ }), 'ada@example.com');
    await user.selectOptions(
      screen.getByRole('combobox', { name: /What is your question about/ }),
      'Refund',
    );
    const message = screen.getByRole('textbox', { name: /Your message/ });
    await user.type(message, 'When will my refund arrive?');
    expect(screen.getByText('You have 3,973 characters left')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    const heading = await screen.findByRole('heading', { level: 2, name: 'Message sent' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText('S-7K3P9Q')).toBeInTheDocument();
    expect(
      screen.getByText(
        "We usually answer within one working day. We've sent a copy to your email.",
      ),
    ).toBeInTheDocument();
    // A guest reads the answers in their e-mail: no link to a conversation.
    expect(screen.queryByRole('link', { name: 'View your conversation' })).not.toBeInTheDocument();
    expect(callsTo(sent, CREATE).map((call) => call.body)).toEqual([
      {
        topic: 'refund',
        message: 'When will my refund arrive?',
        orderReference: '3F9A2C7B',
        email: 'ada@example.com',
      },
    ]);

    await user.click(screen.getByRole('button', { name: 'Send another message' }));
    expect(screen.getByRole('textbox', { name: /Order number/ })).toHaveValue('');
  });

  it('says at the order number when the number and the email match no order', async () => {
    mockApi({
      [CREATE]: failure(404, ApiMessages['support.orderNotFound'], {
        messageKey: 'support.orderNotFound',
      }),
    });
    await renderAccount('/contact');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /Order number/ }), '3F9A2C7B');
    await user.type(screen.getByRole('textbox', { name: /Email address/ }), 'bob@example.com');
    await user.selectOptions(
      screen.getByRole('combobox', { name: /What is your question about/ }),
      'Payment',
    );
    await user.type(screen.getByRole('textbox', { name: /Your message/ }), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link')).toHaveTextContent(
      'We could not find an order with that number and email address',
    );
    expect(within(summary).getByRole('link')).toHaveAttribute('href', '#contact-order-reference');
    expect(screen.queryByRole('heading', { name: 'Message sent' })).not.toBeInTheDocument();
  });

  it('says so when too many messages were sent, keeping what was typed', async () => {
    mockApi({
      [CREATE]: failure(429, ApiMessages['request.rateLimited'], {
        messageKey: 'request.rateLimited',
      }),
    });
    await renderAccount('/contact');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /Order number/ }), '3F9A2C7B');
    await user.type(screen.getByRole('textbox', { name: /Email address/ }), 'ada@example.com');
    await user.selectOptions(
      screen.getByRole('combobox', { name: /What is your question about/ }),
      'Something else',
    );
    await user.type(screen.getByRole('textbox', { name: /Your message/ }), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    expect(await screen.findByText(ApiMessages['request.rateLimited'])).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Your message/ })).toHaveValue('Hello');
  });
});

describe('contact us, signed in', () => {
  it('offers the traveller their paid orders, with the order chosen from "Ask about this order"', async () => {
    const sent = mockApi({
      [ORDERS]: ok([
        paidOrder(PAID_ID),
        paidOrder('0b1c2d3e-0000-4000-8000-00000000cd34', { status: 'DRAFT' }),
      ]),
      [MINE]: ok({ items: [] }),
      [CREATE]: ok(conversation()),
    });
    await renderAccount(`/contact?order=${PAID_ID}`, { user: traveller });

    const which = await screen.findByRole('combobox', { name: 'Which order?' });
    await waitFor(() => expect(which).toHaveValue(PAID_ID));
    // The unpaid order is not one to ask about; a general question is.
    expect(
      within(which)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Not about an order', 'Order #0000AB12']);
    expect(screen.queryByRole('textbox', { name: /Order number/ })).not.toBeInTheDocument();
    expect(await screen.findByText('You have not written to us yet.')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.selectOptions(
      screen.getByRole('combobox', { name: /What is your question about/ }),
      'Payment',
    );
    await user.type(screen.getByRole('textbox', { name: /Your message/ }), 'Was I charged twice?');
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    await screen.findByRole('heading', { level: 2, name: 'Message sent' });
    expect(screen.getByRole('link', { name: 'View your conversation' })).toHaveAttribute(
      'href',
      '/contact/c0000000-0000-4000-8000-000000000001',
    );
    expect(callsTo(sent, CREATE).map((call) => call.body)).toEqual([
      { topic: 'payment', message: 'Was I charged twice?', applicationId: PAID_ID },
    ]);
    // The list of their messages is loaded again, with the new one.
    await waitFor(() => expect(callsTo(sent, MINE).length).toBeGreaterThanOrEqual(2));
  });

  it('sends a general question without an order, and counts the characters over the limit', async () => {
    const sent = mockApi({
      [ORDERS]: ok([paidOrder(PAID_ID)]),
      [MINE]: ok({ items: [] }),
      [CREATE]: ok(conversation({ applicationId: null, orderReference: null })),
    });
    await renderAccount('/contact', { user: traveller });
    const user = userEvent.setup();
    const message = await screen.findByRole('textbox', { name: /Your message/ });
    await user.selectOptions(
      screen.getByRole('combobox', { name: /What is your question about/ }),
      'My account',
    );
    await user.click(message);
    await user.paste('x'.repeat(4002));
    expect(screen.getByText('You have 2 characters too many')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A message can be at most 4,000 characters.',
    );
    expect(callsTo(sent, CREATE)).toEqual([]);

    await user.clear(message);
    await user.type(message, 'How do I change my email address?');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    await screen.findByRole('heading', { level: 2, name: 'Message sent' });
    expect(callsTo(sent, CREATE).map((call) => call.body)).toEqual([
      { topic: 'account', message: 'How do I change my email address?' },
    ]);
  });

  it("lists the traveller's conversations, each a link to read and answer it", async () => {
    const answered = conversation({ status: 'answered' });
    mockApi({
      [ORDERS]: ok([paidOrder(PAID_ID)]),
      [MINE]: ok({ items: [summaryOf(answered)] }),
    });
    await renderAccount('/contact', { user: traveller });
    const list = await screen.findByRole('region', { name: 'Your messages' });
    const link = await within(list).findByRole('link', { name: 'S-7K3P9Q: Payment' });
    expect(link).toHaveAttribute('href', `/contact/${answered.id}`);
    expect(list).toHaveTextContent('Answered');
    expect(list).toHaveTextContent('Order #0000AB12');
  });

  it('is in Arabic, right to left', async () => {
    mockApi({ [ORDERS]: ok([]), [MINE]: ok({ items: [] }) });
    await act(() => activateLocale('ar'));
    await renderAccount('/contact', { user: traveller });
    expect(await screen.findByRole('heading', { level: 1, name: 'اتصل بنا' })).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'أي طلب؟' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
  });
});

describe('a conversation', () => {
  const ID = 'c0000000-0000-4000-8000-000000000001';
  const ONE = `GET /api/support/conversations/${ID}`;
  const REPLY = `POST /api/support/conversations/${ID}/messages`;

  it('shows the messages with who wrote them, and sends a reply that reopens it', async () => {
    const answered = conversation({
      status: 'answered',
      messages: [
        ...conversation().messages,
        {
          id: 'm2',
          author: 'staff',
          authorName: 'Anna',
          body: 'No, the second charge was released.',
          createdAt: '2026-11-22T10:00:00.000Z',
        },
      ],
    });
    const reopened = conversation({
      status: 'open',
      messages: [
        ...answered.messages,
        {
          id: 'm3',
          author: 'traveller',
          authorName: null,
          body: 'Thank you!',
          createdAt: '2026-11-22T11:00:00.000Z',
        },
      ],
    });
    const sent = mockApi({ [ONE]: ok(answered), [REPLY]: ok(reopened), [MINE]: ok({ items: [] }) });
    await renderAccount(`/contact/${ID}`, { user: traveller });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Conversation S-7K3P9Q' }),
    ).toBeVisible();
    const messages = await screen.findAllByRole('listitem');
    expect(messages[0]).toHaveTextContent(/^You.*Was I charged twice\?$/);
    expect(messages[1]).toHaveTextContent(/^Waypoint support \(Anna\).*No, the second charge/);
    expect(screen.getByText('Answered')).toBeInTheDocument();

    const user = userEvent.setup();
    const reply = screen.getByRole('textbox', { name: /Reply about S-7K3P9Q/ });
    expect(reply).toHaveAccessibleDescription(
      expect.stringContaining('Sending a reply opens the conversation again.'),
    );
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please write your message');

    await user.type(reply, 'Thank you!');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('Your reply has been sent.')).toBeInTheDocument();
    // The conversation is fetched again after the reply: its new message and status follow the notice.
    expect(await screen.findByText('Thank you!')).toBeInTheDocument();
    expect(await screen.findByText('Waiting for an answer')).toBeInTheDocument();
    expect(reply).toHaveValue('');
    expect(callsTo(sent, REPLY).map((call) => call.body)).toEqual([{ message: 'Thank you!' }]);
  });

  it('sends a guest to log in', async () => {
    mockApi({});
    await renderAccount(`/contact/${ID}`);
    await waitFor(() =>
      expect(currentPath()).toBe(`/auth/login?redirect=${encodeURIComponent(`/contact/${ID}`)}`),
    );
  });
});
