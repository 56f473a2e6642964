import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  orderTimeline,
  type OrderSummary,
  type TSupportConversation,
  type TSupportConversationSummary,
} from '@waypoint/contracts';
import { callsTo, mockApi, ok, renderAccount, traveller } from '../../test/renderAccount';

const PAID = '0b1c2d3e-0000-4000-8000-00000000ab12';
const OTHER = '0b1c2d3e-0000-4000-8000-00000000ef56';
const CONVERSATION = 'c0000000-0000-4000-8000-000000000001';

function order(id: string): OrderSummary {
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
  };
}

const answered: TSupportConversation = {
  id: CONVERSATION,
  reference: 'S-7K3P9Q',
  topic: 'documents',
  status: 'answered',
  applicationId: PAID,
  orderReference: '0000AB12',
  createdAt: '2026-11-22T09:00:00.000Z',
  updatedAt: '2026-11-22T10:00:00.000Z',
  messages: [
    {
      id: 'm1',
      author: 'traveller',
      authorName: null,
      body: 'Is my photo all right?',
      createdAt: '2026-11-22T09:00:00.000Z',
    },
    {
      id: 'm2',
      author: 'staff',
      authorName: 'Anna',
      body: 'Yes, it meets the rules.',
      createdAt: '2026-11-22T10:00:00.000Z',
    },
  ],
};

const summary: TSupportConversationSummary = {
  id: answered.id,
  reference: answered.reference,
  topic: answered.topic,
  status: answered.status,
  applicationId: answered.applicationId,
  orderReference: answered.orderReference,
  createdAt: answered.createdAt,
  updatedAt: answered.updatedAt,
  lastMessageAt: answered.updatedAt,
  travellerName: 'Ada Lovelace',
  email: 'ada@example.com',
};

/** The card of an order, by its reference; fails until it is shown. */
function card(reference: string): HTMLElement {
  const found = screen
    .getAllByRole('listitem')
    .find((item) => within(item).queryByRole('heading', { name: `Order #${reference}` }));
  if (!found) throw new Error(`No card for order #${reference}`);
  return found;
}

describe("an order's messages in My orders", () => {
  it('shows a Messages disclosure only on the orders with conversations, and a way to ask about each', async () => {
    const sent = mockApi({
      'GET /api/applications/my-applications': ok([order(PAID), order(OTHER)]),
      'GET /api/applications/my-draft': ok({ draft: null }),
      'GET /api/support/conversations': ok({ items: [summary] }),
      [`GET /api/support/conversations/${CONVERSATION}`]: ok(answered),
    });
    await renderAccount('/orders', { user: traveller });

    const withMessages = await waitFor(() => card('0000AB12'));
    const messages = await within(withMessages).findByText(/^Messages \(1\)/);
    expect(messages).toHaveTextContent('Messages (1) – 1 answered');
    expect(within(card('0000EF56')).queryByText(/^Messages/)).not.toBeInTheDocument();
    expect(
      within(card('0000EF56')).getByRole('link', {
        name: 'Ask about this order (order #0000EF56)',
      }),
    ).toHaveAttribute('href', `/contact?order=${OTHER}`);
    // One list for the page, whatever the number of orders; the messages load when opened.
    expect(callsTo(sent, 'GET /api/support/conversations')).toHaveLength(1);
    expect(callsTo(sent, `GET /api/support/conversations/${CONVERSATION}`)).toHaveLength(0);

    const user = userEvent.setup();
    await user.click(messages);
    const thread = await within(withMessages).findByRole('region', {
      name: /S-7K3P9Q: Documents and photos/,
    });
    expect(await within(thread).findByText('Yes, it meets the rules.')).toBeInTheDocument();
    expect(within(thread).getByText('Waypoint support (Anna)')).toBeInTheDocument();
    expect(within(thread).getByText('You')).toBeInTheDocument();
    expect(
      within(thread).getByRole('textbox', { name: /Reply about S-7K3P9Q/ }),
    ).toBeInTheDocument();
  });

  it('sends a reply from the order and shows it in the thread', async () => {
    const reopened: TSupportConversation = {
      ...answered,
      status: 'open',
      messages: [
        ...answered.messages,
        {
          id: 'm3',
          author: 'traveller',
          authorName: null,
          body: 'Thanks, Anna.',
          createdAt: '2026-11-22T11:00:00.000Z',
        },
      ],
    };
    const sent = mockApi({
      'GET /api/applications/my-applications': ok([order(PAID)]),
      'GET /api/applications/my-draft': ok({ draft: null }),
      'GET /api/support/conversations': [
        ok({ items: [summary] }),
        ok({ items: [{ ...summary, status: 'open' }] }),
      ],
      [`GET /api/support/conversations/${CONVERSATION}`]: ok(answered),
      [`POST /api/support/conversations/${CONVERSATION}/messages`]: ok(reopened),
    });
    await renderAccount('/orders', { user: traveller });
    const user = userEvent.setup();
    await user.click(await screen.findByText(/^Messages \(1\)/));
    const reply = await screen.findByRole('textbox', { name: /Reply about S-7K3P9Q/ });
    await user.type(reply, 'Thanks, Anna.');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));

    expect(await screen.findByText('Your reply has been sent.')).toBeInTheDocument();
    expect(screen.getByText('Thanks, Anna.')).toBeInTheDocument();
    expect(
      callsTo(sent, `POST /api/support/conversations/${CONVERSATION}/messages`).map(
        (call) => call.body,
      ),
    ).toEqual([{ message: 'Thanks, Anna.' }]);
  });
});
