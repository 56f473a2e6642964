import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type {
  TAdminSupportConversation,
  TAdminSupportListResponse,
  TSupportConversationSummary,
} from '@waypoint/contracts';
import { detail } from '../test/fixtures';
import { callsTo, currentPath, failure, mockApi, ok, renderAdmin } from '../test/renderAdmin';

const INBOX = 'GET /api/admin/support';
const ID = 'c0000000-0000-4000-8000-000000000001';
const ONE = `GET /api/admin/support/${ID}`;
const REPLY = `POST /api/admin/support/${ID}/replies`;
const CLOSE = `POST /api/admin/support/${ID}/close`;

function item(extra: Partial<TSupportConversationSummary> = {}): TSupportConversationSummary {
  return {
    id: ID,
    reference: 'S-7K3P9Q',
    topic: 'payment',
    status: 'open',
    applicationId: 'app-1',
    orderReference: 'AB12CD34',
    createdAt: '2026-11-22T09:00:00.000Z',
    updatedAt: '2026-11-22T09:00:00.000Z',
    lastMessageAt: '2026-11-22T09:00:00.000Z',
    travellerName: 'Ada Lovelace',
    email: 'ada@example.com',
    ...extra,
  };
}

function inbox(
  items: TSupportConversationSummary[],
  extra: Partial<TAdminSupportListResponse> = {},
): TAdminSupportListResponse {
  return {
    items,
    total: items.length,
    page: 1,
    pageSize: 25,
    counts: { open: 3, answered: 1, closed: 7 },
    ...extra,
  };
}

function conversation(extra: Partial<TAdminSupportConversation> = {}): TAdminSupportConversation {
  return {
    id: ID,
    reference: 'S-7K3P9Q',
    topic: 'payment',
    status: 'open',
    applicationId: 'app-1',
    orderReference: 'AB12CD34',
    createdAt: '2026-11-22T09:00:00.000Z',
    updatedAt: '2026-11-22T09:00:00.000Z',
    travellerName: null,
    email: 'guest@example.com',
    hasAccount: false,
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

describe('the Support inbox', () => {
  it('lists the open conversations with counts of each status, from the staff menu', async () => {
    const sent = mockApi({ [INBOX]: ok(inbox([item()])) });
    await renderAdmin('/admin/support');

    expect(await screen.findByRole('heading', { level: 1, name: 'Support' })).toBeVisible();
    expect(
      within(screen.getByRole('navigation', { name: 'Admin' })).getByRole('link', {
        name: 'Support (3 open conversations)',
      }),
    ).toHaveAttribute('aria-current', 'page');
    const filter = screen.getByRole('navigation', { name: 'Conversations by status' });
    await waitFor(() =>
      expect(
        within(filter)
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual(['Open (3)', 'Answered (1)', 'Closed (7)']),
    );
    expect(within(filter).getByRole('link', { name: 'Open (3)' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    const table = screen.getByRole('table', { name: 'Support conversations: Open' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Reference', 'Traveller', 'Email', 'Topic', 'Order', 'Last activity', 'Status']);
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByRole('link', { name: 'S-7K3P9Q' })).toHaveAttribute(
      'href',
      `/admin/support/${ID}`,
    );
    const cells = within(row).getAllByRole('cell');
    expect(cells[0]).toHaveTextContent('Ada Lovelace');
    expect(cells[1]).toHaveTextContent('ada@example.com');
    expect(cells[2]).toHaveTextContent('Payment');
    expect(within(cells[3]!).getByRole('link', { name: '#AB12CD34' })).toHaveAttribute(
      'href',
      '/admin/applications/app-1',
    );
    expect(cells[4]).toHaveTextContent(/^22 Nov 2026, \d\d:\d\d$/);
    expect(cells[5]).toHaveTextContent('Open');
    expect(callsTo(sent, INBOX)[0]?.query).toEqual([
      ['status', 'open'],
      ['page', '1'],
    ]);
  });

  it('filters by status and moves through the pages', async () => {
    const sent = mockApi({
      [INBOX]: [
        ok(inbox([item()], { total: 30 })),
        ok(inbox([item({ status: 'answered' })], { total: 30 })),
        ok(inbox([item({ status: 'answered' })], { total: 30, page: 2 })),
      ],
    });
    await renderAdmin('/admin/support');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Answered (1)' }));
    expect(currentPath()).toBe('/admin/support?status=answered');
    expect(
      await screen.findByRole('table', { name: 'Support conversations: Answered' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Showing 1–25 of 30')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(currentPath()).toBe('/admin/support?status=answered&page=2');
    expect(await screen.findByText('Showing 26–30 of 30')).toBeInTheDocument();
    expect(callsTo(sent, INBOX).map((call) => call.query)).toEqual([
      [
        ['status', 'open'],
        ['page', '1'],
      ],
      [
        ['status', 'answered'],
        ['page', '1'],
      ],
      [
        ['status', 'answered'],
        ['page', '2'],
      ],
    ]);
  });

  it('says when nothing is open', async () => {
    mockApi({ [INBOX]: ok(inbox([], { counts: { open: 0, answered: 2, closed: 5 } })) });
    await renderAdmin('/admin/support');
    expect(
      await screen.findByText('No open conversations. Every question has an answer.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows a failed load with Try again', async () => {
    mockApi({ [INBOX]: [failure(500), ok(inbox([item()]))] });
    await renderAdmin('/admin/support');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The conversations could not be loaded.',
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'S-7K3P9Q' })).toBeInTheDocument();
  });
});

describe('a conversation for staff', () => {
  it('shows the messages and what the conversation is about, and sends a reply', async () => {
    const answered = conversation({
      status: 'answered',
      messages: [
        ...conversation().messages,
        {
          id: 'm2',
          author: 'staff',
          authorName: 'Sam',
          body: 'No, the second charge was released.',
          createdAt: '2026-11-22T10:00:00.000Z',
        },
      ],
    });
    const sent = mockApi({ [ONE]: ok(conversation()), [REPLY]: ok(answered) });
    await renderAdmin(`/admin/support/${ID}`);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Conversation S-7K3P9Q' }),
    ).toBeVisible();
    const about = screen.getByRole('complementary', { name: 'About this conversation' });
    expect(about).toHaveTextContent('TravellerGuestNo account: replies reach them by email only.');
    expect(about).toHaveTextContent('Emailguest@example.com');
    expect(within(about).getByRole('link', { name: '#AB12CD34' })).toHaveAttribute(
      'href',
      '/admin/applications/app-1',
    );
    const messages = screen.getByRole('list', { name: 'Messages' });
    expect(within(messages).getAllByRole('listitem')[0]).toHaveTextContent(
      /^Traveller.*Was I charged twice\?$/,
    );

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please write your message');
    expect(callsTo(sent, REPLY)).toEqual([]);

    await user.type(
      screen.getByRole('textbox', { name: /Your reply/ }),
      'No, the second charge was released.',
    );
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Reply sent. The traveller is told by email.',
    );
    expect(within(messages).getAllByRole('listitem')[1]).toHaveTextContent(
      /^Sam \(Waypoint support\).*No, the second charge was released\.$/,
    );
    expect(within(about).getByText('Answered')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Your reply/ })).toHaveValue('');
    expect(callsTo(sent, REPLY).map((call) => call.body)).toEqual([
      { message: 'No, the second charge was released.' },
    ]);
  });

  it('closes the conversation and says so', async () => {
    const sent = mockApi({
      [ONE]: ok(conversation({ travellerName: 'Ada Lovelace', hasAccount: true })),
      [CLOSE]: ok(conversation({ status: 'closed' })),
    });
    await renderAdmin(`/admin/support/${ID}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Close conversation' }));

    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent(
      'Conversation closed. A new message from the traveller opens it again.',
    );
    await waitFor(() => expect(status.parentElement).toHaveFocus());
    expect(screen.queryByRole('button', { name: 'Close conversation' })).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('complementary', { name: 'About this conversation' })).getByText(
        'Closed',
      ),
    ).toBeInTheDocument();
    expect(callsTo(sent, CLOSE).map((call) => call.body)).toEqual([{}]);
  });

  it('shows a refused close in an alert', async () => {
    mockApi({ [ONE]: ok(conversation()), [CLOSE]: failure(500, 'Internal server error') });
    await renderAdmin(`/admin/support/${ID}`);
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Close conversation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'That did not work. Please try again.',
    );
    expect(screen.getByRole('button', { name: 'Close conversation' })).toBeInTheDocument();
  });
});

describe("an order's conversations on the application detail", () => {
  it('lists them, each a link to read and answer it', async () => {
    mockApi({
      'GET /api/admin/applications/app-1': ok(detail('SUBMITTED', ['UNDER_REVIEW'])),
      'GET /api/admin/applications/app-1/support': ok({
        items: [item({ status: 'answered' })],
      }),
    });
    await renderAdmin('/admin/applications/app-1');
    const section = await screen.findByRole('region', { name: 'Support conversations' });
    const link = await within(section).findByRole('link', { name: 'S-7K3P9Q: Payment' });
    expect(link).toHaveAttribute('href', `/admin/support/${ID}`);
    expect(section).toHaveTextContent('Answered');
  });

  it('says when the traveller has not written about the order', async () => {
    mockApi({
      'GET /api/admin/applications/app-1': ok(detail('SUBMITTED', ['UNDER_REVIEW'])),
      'GET /api/admin/applications/app-1/support': ok({ items: [] }),
    });
    await renderAdmin('/admin/applications/app-1');
    expect(
      await screen.findByText('The traveller has not written to support about this order.'),
    ).toBeInTheDocument();
  });
});
