import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  orderTimeline,
  submittedNoticeState,
  type ApplicationStatus,
  type DraftSummary,
  type OrderSummary,
} from '@waypoint/contracts';
import { formatDateTime } from '@waypoint/ui';
import {
  currentPath,
  failure,
  file,
  mockApi,
  ok,
  renderAccount,
  traveller,
} from '../../test/renderAccount';

function order(id: string, status: ApplicationStatus, extra: Partial<OrderSummary> = {}) {
  const resume: Partial<Record<ApplicationStatus, string>> = {
    DRAFT: `/application/checkout?applicationId=${id}`,
    IN_PROGRESS: `/application/${id}/general-info`,
  };
  const summary: OrderSummary = {
    id,
    reference: id.slice(-8).toUpperCase(),
    status,
    createdAt: '2026-11-21T12:00:00.000Z',
    paidAt: null,
    submittedAt: null,
    decidedAt: null,
    decisionReason: null,
    totalCents: 4200,
    currency: 'EUR',
    travelerCount: 1,
    visaType: { id: 'eta', name: 'United Kingdom ETA' },
    country: { id: 'FR', name: 'France', flagEmoji: '🇫🇷' },
    timeline: orderTimeline({
      status,
      paidAt: null,
      submittedAt: null,
      reviewStartedAt: null,
      decidedAt: null,
    }),
    resumePath: resume[status] ?? null,
    viewPath: status === 'DRAFT' || status === 'IN_PROGRESS' ? null : `/application/${id}/review`,
    refunds: [],
    ...extra,
  };
  return summary;
}

const orders = [
  order('0b1c2d3e-0000-4000-8000-00000000ab12', 'IN_PROGRESS', {
    travelerCount: 3,
    visaType: { id: 'visit', name: 'Standard Visitor visa' },
  }),
  order('0b1c2d3e-0000-4000-8000-00000000cd34', 'DRAFT', { createdAt: '2026-01-05T12:00:00Z' }),
  order('0b1c2d3e-0000-4000-8000-00000000ef56', 'SUBMITTED', {
    visaType: { id: 'eta', name: '' },
    travelerCount: 3,
    travelerSummary: '2 adults, 1 child',
  }),
  order('0b1c2d3e-0000-4000-8000-0000000a1b2c', 'APPROVED'),
  order('0b1c2d3e-0000-4000-8000-0000000d3e4f', 'REJECTED', {
    decisionReason: 'The passport photo page could not be read.',
  }),
];

const NO_DRAFT = ok({ draft: null });

const savedDraft: DraftSummary = {
  savedAt: '2026-11-20T09:30:00.000Z',
  expiresAt: '2026-12-20T09:30:00.000Z',
  currentStep: 3,
  resumePath: '/application/passport-info',
  visaType: { id: 'uk-eta', name: 'United Kingdom ETA' },
  country: { id: 'FR', name: 'France', flagEmoji: '🇫🇷' },
  travelerCount: 2,
  travelerNames: ['Ada Lovelace', 'Charles Babbage'],
};

/** The order cards of the open tab (not the steps of their timelines). */
function cards() {
  return within(screen.getByRole('tabpanel'))
    .queryAllByRole('listitem')
    .filter((item) => item.classList.contains('wpa-order'));
}

describe('my orders', () => {
  it('sends a guest to log in, remembering the page', async () => {
    mockApi({});
    await renderAccount('/orders');
    expect(currentPath()).toBe('/auth/login?redirect=%2Forders');
  });

  it('shows the page while the session is checked, and asks for the orders only once someone is signed in', async () => {
    let answerProfile: () => void = () => undefined;
    const calls = mockApi({
      'GET /api/auth/profile': () =>
        new Promise((resolve) => {
          answerProfile = () => resolve(ok(traveller));
        }),
      'GET /api/applications/my-applications': ok(orders),
      'GET /api/applications/my-draft': NO_DRAFT,
    });
    await renderAccount('/orders', { checkSession: true });
    // What the HTML rendered at build time shows: the heading, the tabs and the list loading.
    expect(screen.getByRole('heading', { level: 1, name: 'My orders' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Active applications' })).toBeInTheDocument();
    expect(within(screen.getByRole('tabpanel')).getByText('Loading your orders…')).toBeVisible();
    expect(calls.map((call) => call.path)).toEqual(['/api/auth/profile']);

    answerProfile();
    expect(await screen.findByRole('heading', { name: 'Order #0000AB12' })).toBeInTheDocument();
    expect(currentPath()).toBe('/orders');
  });

  it('sends a guest to log in once the session check says nobody is signed in', async () => {
    mockApi({ 'GET /api/auth/profile': failure(401, 'Not signed in') });
    await renderAccount('/orders', { checkSession: true });
    await waitFor(() => expect(currentPath()).toBe('/auth/login?redirect=%2Forders'));
  });

  it('shows the active orders as cards, with their details and a way to continue', async () => {
    mockApi({
      'GET /api/applications/my-applications': ok(orders),
      'GET /api/applications/my-draft': NO_DRAFT,
    });
    await renderAccount('/orders', { user: traveller });
    const active = screen.getByRole('tab', { name: 'Active applications' });
    expect(active).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Old applications' })).toHaveAttribute(
      'aria-selected',
      'false',
    );
    expect(await screen.findByRole('heading', { name: 'Order #0000AB12' })).toBeInTheDocument();
    expect(screen.getByRole('tabpanel', { name: 'Active applications' })).toBeInTheDocument();
    expect(cards()).toHaveLength(3);

    const [inProgress, draft, submitted] = cards() as [HTMLElement, HTMLElement, HTMLElement];
    expect(inProgress).toHaveTextContent('Order #0000AB12');
    expect(inProgress).toHaveTextContent('Standard Visitor visa');
    expect(inProgress).toHaveTextContent('In progress');
    expect(inProgress).toHaveTextContent('3 adults');
    expect(inProgress).toHaveTextContent('21 November 2026');
    const resume = within(inProgress).getByRole('link', { name: /Continue application/ });
    expect(resume).toHaveTextContent(/^Continue application for order #0000AB12\s*$/);
    expect(resume.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    expect(resume).toHaveAttribute('href', `/application/${orders[0]?.id}/general-info`);

    expect(draft).toHaveTextContent('Awaiting payment');
    expect(draft).toHaveTextContent('1 adult');
    expect(draft).toHaveTextContent('5 January 2026');
    expect(within(draft).getByRole('link', { name: /Continue application/ })).toHaveAttribute(
      'href',
      `/application/checkout?applicationId=${orders[1]?.id}`,
    );

    expect(submitted).toHaveTextContent('Submitted');
    expect(submitted).toHaveTextContent('United Kingdom ETA');
    // Ages as the server counts them on the arrival date, not everyone an adult.
    expect(submitted).toHaveTextContent('2 adults, 1 child');
    expect(
      within(submitted).queryByRole('link', { name: /Continue application/ }),
    ).not.toBeInTheDocument();
    expect(within(submitted).getByRole('link', { name: /View application/ })).toHaveAttribute(
      'href',
      '/application/0b1c2d3e-0000-4000-8000-00000000ef56/review',
    );
  });

  it('switches to the old orders with the keyboard', async () => {
    mockApi({
      'GET /api/applications/my-applications': ok(orders),
      'GET /api/applications/my-draft': NO_DRAFT,
    });
    await renderAccount('/orders', { user: traveller });
    await screen.findByRole('heading', { name: 'Order #0000AB12' });
    const user = userEvent.setup();

    await user.click(screen.getByRole('tab', { name: 'Active applications' }));
    await user.keyboard('{ArrowRight}');
    const old = screen.getByRole('tab', { name: 'Old applications' });
    expect(old).toHaveFocus();
    expect(old).toHaveAttribute('aria-selected', 'true');
    expect(old).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('tab', { name: 'Active applications' })).toHaveAttribute(
      'tabindex',
      '-1',
    );
    expect(screen.getByRole('tabpanel', { name: 'Old applications' })).toBeInTheDocument();

    const [approved, rejected] = cards() as [HTMLElement, HTMLElement];
    expect(cards()).toHaveLength(2);
    expect(approved).toHaveTextContent('Order #000A1B2C');
    expect(approved).toHaveTextContent('Approved');
    expect(rejected).toHaveTextContent('Rejected');
    expect(rejected).toHaveTextContent('Reason: The passport photo page could not be read.');
    expect(screen.queryByRole('link', { name: /Continue application/ })).not.toBeInTheDocument();
    // A decided order can still be read.
    expect(within(approved).getByRole('link', { name: /View application/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/application\/.+\/review$/),
    );

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Active applications' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(old).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Active applications' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  it('makes each tab a link to its own address, which opens that tab', async () => {
    mockApi({
      'GET /api/applications/my-applications': ok(orders),
      'GET /api/applications/my-draft': NO_DRAFT,
    });
    await renderAccount('/orders?tab=old', { user: traveller });
    await screen.findByRole('heading', { name: 'Order #000A1B2C' });
    const active = screen.getByRole('tab', { name: 'Active applications' });
    const old = screen.getByRole('tab', { name: 'Old applications' });
    expect(active).toHaveAttribute('href', '/orders?tab=active');
    expect(old).toHaveAttribute('href', '/orders?tab=old');
    expect(old).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Old applications' })).toBeInTheDocument();

    await userEvent.setup().click(active);
    expect(active).toHaveAttribute('aria-selected', 'true');
    expect(currentPath()).toBe('/orders?tab=active');
    expect(await screen.findByRole('heading', { name: 'Order #0000AB12' })).toBeInTheDocument();
  });

  it('shows what was refunded on an order, and lists an order refunded in full with the old ones', async () => {
    mockApi({
      'GET /api/applications/my-applications': ok([
        order('0b1c2d3e-0000-4000-8000-00000000ab12', 'REFUNDED', {
          refunds: [{ kind: 'full', amountCents: 4200, refundedAt: '2026-11-24T10:00:00.000Z' }],
          // As the API says of an order refunded in full.
          resumePath: null,
          viewPath: '/application/0b1c2d3e-0000-4000-8000-00000000ab12/review',
        }),
        order('0b1c2d3e-0000-4000-8000-00000000ef56', 'SUBMITTED', {
          refunds: [
            { kind: 'service_fee', amountCents: 1500, refundedAt: '2026-11-25T10:00:00.000Z' },
          ],
        }),
      ]),
      'GET /api/applications/my-draft': NO_DRAFT,
    });
    await renderAccount('/orders', { user: traveller });
    // A service fee refund leaves the order active, with its status.
    await screen.findByRole('heading', { name: 'Order #0000EF56' });
    expect(cards()).toHaveLength(1);
    const [feeBack] = cards() as [HTMLElement];
    expect(feeBack).toHaveTextContent('Submitted');
    expect(feeBack).toHaveTextContent('Service fee refunded: €15.00 on 25 November 2026');
    expect(feeBack).not.toHaveTextContent('Refunded €');

    // Refunded in full, an order is closed: an old one, marked Refunded, to read and not to continue.
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Old applications' }));
    const [refunded] = cards() as [HTMLElement];
    expect(cards()).toHaveLength(1);
    expect(refunded).toHaveTextContent('Order #0000AB12Refunded');
    expect(refunded).not.toHaveTextContent('In progress');
    expect(refunded).toHaveTextContent('Refunded €42.00 on 24 November 2026');
    expect(within(refunded).getByRole('link', { name: /^View application/ })).toHaveAttribute(
      'href',
      '/application/0b1c2d3e-0000-4000-8000-00000000ab12/review',
    );
  });

  it('says when there are no applications at all, and leads to starting one', async () => {
    mockApi({
      'GET /api/applications/my-applications': ok([]),
      'GET /api/applications/my-draft': NO_DRAFT,
    });
    await renderAccount('/orders', { user: traveller });
    expect(
      await screen.findByRole('heading', { name: 'You have no applications yet' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start an application' })).toHaveAttribute('href', '/');
    expect(screen.queryByText(/could not be loaded/)).not.toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('tab', { name: 'Old applications' }));
    expect(screen.getByRole('heading', { name: 'No old applications' })).toBeInTheDocument();
    expect(screen.getByText("You don't have any completed applications yet.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start an application' })).toHaveAttribute('href', '/');
  });

  it('says when a tab is empty while the other is not', async () => {
    mockApi({
      'GET /api/applications/my-applications': ok(orders.slice(3)),
      'GET /api/applications/my-draft': NO_DRAFT,
    });
    await renderAccount('/orders', { user: traveller });
    expect(
      await screen.findByRole('heading', { name: 'No active applications' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText("You don't have any active applications at the moment."),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start an application' })).toBeInTheDocument();
    // The decided ones are not lost: the page says where they are, with a way there.
    const status = within(screen.getByRole('tabpanel')).getAllByRole('status')[0]!;
    expect(status).toHaveTextContent(
      'Applications that have been decided or refunded are under Old applications.',
    );
    await userEvent
      .setup()
      .click(within(status).getByRole('link', { name: 'Show Old applications' }));
    const old = screen.getByRole('tab', { name: 'Old applications' });
    expect(old).toHaveAttribute('aria-selected', 'true');
    expect(old).toHaveFocus();
    expect(cards()).toHaveLength(2);
  });

  it('says nothing of the other tab while there are active orders, or no old ones', async () => {
    mockApi({
      'GET /api/applications/my-applications': ok(orders.slice(0, 3)),
      'GET /api/applications/my-draft': NO_DRAFT,
    });
    await renderAccount('/orders', { user: traveller });
    await screen.findByRole('heading', { name: 'Order #0000AB12' });
    expect(screen.queryByRole('link', { name: 'Show Old applications' })).not.toBeInTheDocument();
    expect(screen.queryByText(/are under Old applications/)).not.toBeInTheDocument();
  });

  it('shows a saved application first among the active ones, continuing at its saved step', async () => {
    mockApi({
      'GET /api/applications/my-applications': ok([]),
      'GET /api/applications/my-draft': ok({ draft: savedDraft }),
    });
    await renderAccount('/orders', { user: traveller });
    const heading = await screen.findByRole('heading', { name: 'Saved application' });
    const card = heading.closest('li') as HTMLElement;
    expect(card).toHaveTextContent('Not finished');
    expect(card).toHaveTextContent('United Kingdom ETA · France');
    expect(card.querySelector('img')).toHaveAttribute('src', '/flags/fr.svg');
    expect(card).toHaveTextContent('Ada Lovelace, Charles Babbage');
    expect(card).toHaveTextContent('Passport information (step 3 of 5)');
    expect(card).toHaveTextContent('20 November 2026');
    expect(card).toHaveTextContent('We keep your answers until 20 December 2026.');
    const resume = within(card).getByRole('link', { name: /Continue application/ });
    expect(resume).toHaveAttribute('href', '/application/passport-info');
    expect(
      screen.queryByRole('heading', { name: 'You have no applications yet' }),
    ).not.toBeInTheDocument();

    // Not among the old ones.
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Old applications' }));
    expect(screen.queryByRole('heading', { name: 'Saved application' })).not.toBeInTheDocument();
  });

  it('lists a saved application above the orders', async () => {
    mockApi({
      'GET /api/applications/my-applications': ok(orders),
      'GET /api/applications/my-draft': ok({ draft: { ...savedDraft, travelerNames: [] } }),
    });
    await renderAccount('/orders', { user: traveller });
    await screen.findByRole('heading', { name: 'Saved application' });
    expect(cards()).toHaveLength(4);
    expect(cards()[0]).toHaveTextContent('Saved application');
    expect(cards()[0]).toHaveTextContent('2 adults');
  });

  it('treats a reply that is not a list as no orders', async () => {
    mockApi({
      'GET /api/applications/my-applications': ok({ applications: orders }),
      'GET /api/applications/my-draft': NO_DRAFT,
    });
    await renderAccount('/orders', { user: traveller });
    expect(
      await screen.findByRole('heading', { name: 'You have no applications yet' }),
    ).toBeInTheDocument();
  });

  it('leaves the list empty when loading fails, and loads again on request', async () => {
    mockApi({
      'GET /api/applications/my-applications': [failure(500), ok(orders)],
      'GET /api/applications/my-draft': NO_DRAFT,
    });
    await renderAccount('/orders', { user: traveller });
    expect(await screen.findByText(/Your orders could not be loaded/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'No active applications' })).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Order #0000AB12' })).toBeInTheDocument();
    expect(screen.queryByText(/Your orders could not be loaded/)).not.toBeInTheDocument();
  });
});

describe('my orders: after the final submit', () => {
  const id = '0b1c2d3e-0000-4000-8000-00000000ef56';
  const submittedOrder = order(id, 'SUBMITTED', { submittedAt: '2026-11-21T12:00:00.000Z' });
  const application = {
    id,
    reference: '0000EF56',
    processingOptionId: 'uk-eta-express',
    processingName: 'Express',
    processingHours: 24,
    submittedAt: '2026-11-21T12:00:00.000Z',
  };

  it('confirms, once, that the application went to the team, what happens next and by when', async () => {
    mockApi({
      'GET /api/applications/my-applications': ok([submittedOrder]),
      'GET /api/applications/my-draft': NO_DRAFT,
    });
    const { unmount } = await renderAccount('/orders', {
      user: traveller,
      state: submittedNoticeState(application),
    });
    const status = screen.getAllByRole('status')[0]!;
    const notice = await within(status).findByRole('region', {
      name: 'Application sent to the Waypoint team',
    });
    expect(notice).toHaveTextContent('Thank you. Order #0000EF56 is now with our team.');
    // Due at the submission plus the speed's hours, written on the reader's clock.
    const due = formatDateTime('2026-11-22T12:00:00.000Z', 'en');
    expect(notice).toHaveTextContent(
      `We check your application, then submit it to the UK government by ${due} (Express processing).`,
    );
    expect(within(notice).getByText(due)).toHaveAttribute('dateTime', '2026-11-22T12:00:00.000Z');
    expect(notice).toHaveTextContent(
      'We will email you if anything needs changing, and once it has been submitted.',
    );
    // Above the tabs, on the address the specs expect.
    expect(
      notice.compareDocumentPosition(screen.getByRole('tablist')) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(currentPath()).toBe('/orders');
    // Read once: the router state is gone, so a reload does not say it again.
    await waitFor(() =>
      expect((window.history.state as { usr?: unknown } | null)?.usr ?? null).toBeNull(),
    );
    expect(notice).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Dismiss this message' }));
    expect(
      screen.queryByRole('region', { name: 'Application sent to the Waypoint team' }),
    ).not.toBeInTheDocument();
    unmount();

    const reloaded = (window.history.state as { usr?: unknown } | null)?.usr;
    await renderAccount('/orders', { user: traveller, state: reloaded });
    await screen.findByRole('heading', { name: 'Order #0000EF56' });
    expect(screen.queryByText(/Application sent to the Waypoint team/)).not.toBeInTheDocument();
  });

  it('words the wait by the speed when the submission time is not known', async () => {
    mockApi({
      'GET /api/applications/my-applications': ok([submittedOrder]),
      'GET /api/applications/my-draft': NO_DRAFT,
    });
    await renderAccount('/orders', {
      user: traveller,
      state: submittedNoticeState({
        ...application,
        processingOptionId: undefined,
        processingName: 'Standard',
        processingHours: 72,
        submittedAt: null,
      }),
    });
    const notice = await screen.findByRole('region', {
      name: 'Application sent to the Waypoint team',
    });
    expect(notice).toHaveTextContent(
      'We check your application, then submit it to the UK government within 72 hours of receiving it (Standard processing).',
    );
  });

  it('shows nothing for any other router state', async () => {
    mockApi({
      'GET /api/applications/my-applications': ok([submittedOrder]),
      'GET /api/applications/my-draft': NO_DRAFT,
    });
    await renderAccount('/orders', {
      user: traveller,
      state: { notice: 'something-else', reference: 'X' },
    });
    await screen.findByRole('heading', { name: 'Order #0000EF56' });
    expect(screen.queryByText(/Application sent/)).not.toBeInTheDocument();
  });
});

// Receipts
describe('my orders: receipts', () => {
  const paid = order('0b1c2d3e-0000-4000-8000-00000000ab12', 'IN_PROGRESS', {
    paidAt: '2026-11-21T12:05:00.000Z',
    receipt: { number: '2026-000123', issuedAt: '2026-11-21T12:05:00.000Z' },
  });
  const unpaid = order('0b1c2d3e-0000-4000-8000-00000000cd34', 'DRAFT', { receipt: null });

  it('offers the receipt of a paid order as a download named with its number, and none for an unpaid one', async () => {
    mockApi({
      'GET /api/applications/my-applications': ok([paid, unpaid]),
      'GET /api/applications/my-draft': NO_DRAFT,
    });
    await renderAccount('/orders', { user: traveller });
    await screen.findByRole('heading', { name: 'Order #0000AB12' });
    const [paidCard, unpaidCard] = cards() as [HTMLElement, HTMLElement];
    const link = within(paidCard).getByRole('link', {
      name: 'Download invoice 2026-000123 (PDF)',
    });
    expect(link).toHaveAttribute(
      'href',
      '/api/application/0b1c2d3e-0000-4000-8000-00000000ab12/receipt',
    );
    expect(link).toHaveAttribute('download');
    expect(within(unpaidCard).queryByRole('link', { name: /receipt/i })).not.toBeInTheDocument();
  });
});

describe('live status', () => {
  /** The browser's EventSource, driven by the test. */
  class FakeEventSource {
    static readonly CLOSED = 2;
    static latest: FakeEventSource | null = null;
    readyState = 0;
    onopen: (() => void) | null = null;
    onmessage: ((message: MessageEvent<string>) => void) | null = null;
    onerror: (() => void) | null = null;
    constructor(readonly url: string) {
      FakeEventSource.latest = this;
    }
    close() {
      this.readyState = FakeEventSource.CLOSED;
    }
  }

  beforeEach(() => {
    (globalThis as { EventSource?: unknown }).EventSource = FakeEventSource;
  });
  afterEach(() => {
    delete (globalThis as { EventSource?: unknown }).EventSource;
    FakeEventSource.latest = null;
  });

  const id = '0b1c2d3e-0000-4000-8000-00000000ef56';
  const times = {
    paidAt: '2026-11-20T09:15:00.000Z',
    submittedAt: '2026-11-21T10:30:00.000Z',
    decidedAt: null,
  };

  it('shows a status changed by staff and its timeline step without reloading, and announces it', async () => {
    const submitted = order(id, 'SUBMITTED', {
      ...times,
      timeline: orderTimeline({ status: 'SUBMITTED', ...times, reviewStartedAt: null }),
    });
    const reviewed = order(id, 'UNDER_REVIEW', {
      ...times,
      timeline: orderTimeline({
        status: 'UNDER_REVIEW',
        ...times,
        reviewStartedAt: '2026-11-22T14:05:00.000Z',
      }),
    });
    const calls = mockApi({
      'GET /api/applications/my-applications': [ok([submitted]), ok([reviewed])],
      'GET /api/applications/my-draft': NO_DRAFT,
    });
    await renderAccount('/orders', { user: traveller });
    const timeline = await screen.findByRole('list', { name: 'Progress of order #0000EF56' });
    const steps = () => within(timeline).getAllByRole('listitem');
    expect(steps()[1]).toHaveAttribute('aria-current', 'step');
    expect(steps()[2]).toHaveTextContent('Review started Not yet');
    expect(FakeEventSource.latest?.url).toBe('/api/events');

    act(() => {
      FakeEventSource.latest?.onopen?.();
      FakeEventSource.latest?.onmessage?.(
        new MessageEvent('message', {
          data: JSON.stringify({ type: 'status', applicationId: id, status: 'UNDER_REVIEW' }),
        }),
      );
    });
    expect(await within(cards()[0]!).findByText('Under review')).toBeInTheDocument();
    await waitFor(() => expect(steps()[2]).toHaveAttribute('aria-current', 'step'));
    expect(steps()[2]!.querySelector('time')).toHaveAttribute(
      'dateTime',
      '2026-11-22T14:05:00.000Z',
    );
    expect(screen.getByText('Status changed to Under review')).toHaveClass('wp-visually-hidden');
    expect(calls.filter((call) => call.path === '/api/applications/my-applications')).toHaveLength(
      2,
    );
  });

  it('fetches the order again when it is submitted to the UK government, showing its reference without reloading', async () => {
    const reviewTimes = { ...times, reviewStartedAt: '2026-11-22T14:05:00.000Z' };
    const reviewed = order(id, 'UNDER_REVIEW', {
      ...times,
      timeline: orderTimeline({ status: 'UNDER_REVIEW', ...reviewTimes }),
    });
    const lodged = order(id, 'LODGED', {
      ...times,
      timeline: orderTimeline({
        status: 'LODGED',
        ...reviewTimes,
        lodgedAt: '2026-11-24T16:45:00.000Z',
      }),
      lodging: { reference: 'GWF012345678', lodgedOn: '2026-11-24' },
    } as Partial<OrderSummary>);
    const calls = mockApi({
      'GET /api/applications/my-applications': [ok([reviewed]), ok([lodged])],
      'GET /api/applications/my-draft': NO_DRAFT,
    });
    await renderAccount('/orders', { user: traveller });
    await screen.findByRole('heading', { name: 'Order #0000EF56' });
    expect(cards()[0]).not.toHaveTextContent('Home Office reference');

    act(() => {
      FakeEventSource.latest?.onopen?.();
      FakeEventSource.latest?.onmessage?.(
        new MessageEvent('message', {
          data: JSON.stringify({ type: 'status', applicationId: id, status: 'LODGED' }),
        }),
      );
    });
    await waitFor(() =>
      expect(cards()[0]).toHaveTextContent('Home Office reference: GWF012345678'),
    );
    expect(cards()[0]).toHaveTextContent('Submitted to the UK government on 24 November 2026');
    expect(screen.getByText('Status changed to Submitted to the UK government')).toHaveClass(
      'wp-visually-hidden',
    );
    expect(calls.filter((call) => call.path === '/api/applications/my-applications')).toHaveLength(
      2,
    );
  });

  /** Sends one live event down the open stream. */
  function send(event: object) {
    act(() => {
      FakeEventSource.latest?.onopen?.();
      FakeEventSource.latest?.onmessage?.(
        new MessageEvent('message', { data: JSON.stringify(event) }),
      );
    });
  }

  it('shows a service fee refund on the order as soon as it is settled, without reloading', async () => {
    const submitted = order(id, 'SUBMITTED', times);
    const refunded = order(id, 'SUBMITTED', {
      ...times,
      refunds: [{ kind: 'service_fee', amountCents: 1500, refundedAt: '2026-11-25T10:00:00.000Z' }],
    });
    const calls = mockApi({
      'GET /api/applications/my-applications': [ok([submitted]), ok([refunded])],
      'GET /api/applications/my-draft': NO_DRAFT,
    });
    await renderAccount('/orders', { user: traveller });
    await screen.findByRole('heading', { name: 'Order #0000EF56' });
    expect(cards()[0]).not.toHaveTextContent('refunded');

    // What the API sends when a refund settles: the order's status, unchanged by a service fee refund.
    send({ type: 'status', applicationId: id, status: 'SUBMITTED' });
    await waitFor(() =>
      expect(cards()[0]).toHaveTextContent('Service fee refunded: €15.00 on 25 November 2026'),
    );
    expect(cards()[0]).toHaveTextContent('Submitted');
    expect(calls.filter((call) => call.path === '/api/applications/my-applications')).toHaveLength(
      2,
    );
    // Its status did not change: nothing is announced as a change of status.
    expect(screen.queryByText(/Status changed to/)).not.toBeInTheDocument();
  });

  it('moves an order refunded in full to Old applications while the page is open, and says where it went', async () => {
    const other = '0b1c2d3e-0000-4000-8000-00000000ab12';
    const calls = mockApi({
      'GET /api/applications/my-applications': [
        ok([order(other, 'IN_PROGRESS'), order(id, 'SUBMITTED', times)]),
        ok([
          order(other, 'IN_PROGRESS'),
          order(id, 'REFUNDED', {
            ...times,
            refunds: [{ kind: 'full', amountCents: 4200, refundedAt: '2026-11-24T10:00:00.000Z' }],
            viewPath: `/application/${id}/review`,
          }),
        ]),
      ],
      'GET /api/applications/my-draft': NO_DRAFT,
    });
    await renderAccount('/orders', { user: traveller });
    await screen.findByRole('heading', { name: 'Order #0000EF56' });
    expect(cards()).toHaveLength(2);
    expect(screen.queryByRole('link', { name: 'Show Old applications' })).not.toBeInTheDocument();

    send({ type: 'status', applicationId: id, status: 'REFUNDED' });
    const panel = screen.getByRole('tabpanel');
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(within(panel).getByRole('heading', { name: 'Order #0000AB12' })).toBeInTheDocument();
    // The Active tab says where it went, in its status region (written once the list has changed).
    await waitFor(() =>
      expect(within(panel).getAllByRole('status')[0]).toHaveTextContent(
        'Order #0000EF56: Refunded. It is now under Old applications.',
      ),
    );
    expect(screen.getByText('Order #0000EF56: status changed to Refunded')).toHaveClass(
      'wp-visually-hidden',
    );
    expect(calls.filter((call) => call.path === '/api/applications/my-applications')).toHaveLength(
      2,
    );

    await userEvent.setup().click(
      within(within(panel).getAllByRole('status')[0]!).getByRole('link', {
        name: 'Show Old applications',
      }),
    );
    expect(screen.getByRole('tab', { name: 'Old applications' })).toHaveFocus();
    const [refunded] = cards() as [HTMLElement];
    expect(refunded).toHaveTextContent('Refunded €42.00 on 24 November 2026');

    // Seen there: back on the Active tab, the notice has done its work.
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Active applications' }));
    expect(screen.queryByText(/It is now under Old applications/)).not.toBeInTheDocument();
  });

  it('says where a decided order went when it was the last active one', async () => {
    mockApi({
      'GET /api/applications/my-applications': [
        ok([order(id, 'LODGED', times)]),
        ok([order(id, 'APPROVED', { ...times, decidedAt: '2026-11-26T10:00:00.000Z' })]),
      ],
      'GET /api/applications/my-draft': NO_DRAFT,
    });
    await renderAccount('/orders', { user: traveller });
    await screen.findByRole('heading', { name: 'Order #0000EF56' });

    send({ type: 'status', applicationId: id, status: 'APPROVED' });
    expect(
      await screen.findByRole('heading', { name: 'No active applications' }),
    ).toBeInTheDocument();
    const status = () => within(screen.getByRole('tabpanel')).getAllByRole('status')[0]!;
    await waitFor(() =>
      expect(status()).toHaveTextContent(
        'Order #0000EF56: Approved. It is now under Old applications.',
      ),
    );
    expect(within(status()).getByRole('link', { name: 'Show Old applications' })).toBeVisible();
  });
});

describe('my orders: casework', () => {
  const id = '0b1c2d3e-0000-4000-8000-00000000ab12';
  const ADA = 'a1b2c3d4-0000-4000-8000-000000000001';
  const CHARLES = 'a1b2c3d4-0000-4000-8000-000000000002';
  const decided = {
    paidAt: '2026-11-20T09:15:00.000Z',
    submittedAt: '2026-11-21T10:30:00.000Z',
    reviewStartedAt: '2026-11-22T14:05:00.000Z',
    lodgedAt: '2026-11-24T16:45:00.000Z',
  };
  const lodging = { reference: '1234567890123456', lodgedOn: '2026-11-24' };
  const decision = (documentId: string) => ({
    id: documentId,
    contentType: 'application/pdf',
    filename: null,
    url: `/api/application/${id}/decision-documents/${documentId}`,
  });

  /** What the browser was handed to save: the file's name and bytes. */
  function savedFiles() {
    const saved: { filename: string; text: Promise<string> }[] = [];
    const blobs = new Map<string, Blob>();
    URL.createObjectURL = (blob: Blob) => {
      const url = `blob:test/${blobs.size}`;
      blobs.set(url, blob);
      return url;
    };
    URL.revokeObjectURL = (url: string) => void blobs.delete(url);
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ filename: this.download, text: blobs.get(this.href)!.text() });
    });
    return saved;
  }
  afterEach(() => jest.restoreAllMocks());

  it('marks the orders waiting for the traveller as Action needed, in words, with the way to act', async () => {
    mockApi({
      'GET /api/applications/my-applications': ok([
        order(id, 'CHANGES_REQUESTED', {
          resumePath: `/application/${id}/review`,
          viewPath: `/application/${id}/review`,
          changeRequest: {
            requestedAt: '2026-11-23T09:00:00.000Z',
            resubmittedAt: null,
            items: [
              {
                travelerId: ADA,
                section: 'applicants-photo',
                message: 'Plain background',
                resolved: false,
              },
              { travelerId: ADA, section: 'work', message: 'Your job title', resolved: true },
              { travelerId: null, section: 'general-info', message: 'Phone', resolved: false },
            ],
          },
        } as Partial<OrderSummary>),
        order('0b1c2d3e-0000-4000-8000-00000000cd34', 'IN_PROGRESS'),
        order('0b1c2d3e-0000-4000-8000-00000000ef56', 'UNDER_REVIEW'),
      ]),
      'GET /api/applications/my-draft': NO_DRAFT,
    });
    await renderAccount('/orders', { user: traveller });
    await screen.findByRole('heading', { name: 'Order #0000AB12' });
    const [changes, inProgress, inReview] = cards() as [HTMLElement, HTMLElement, HTMLElement];

    const badge = within(changes).getByText('Changes requested');
    expect(badge).toHaveClass('wpa-status--changes_requested');
    expect(changes).toHaveTextContent('Action needed');
    expect(changes).toHaveTextContent(
      'We need some changes before we can submit your application to the UK government.',
    );
    expect(changes).toHaveTextContent('2 changes left to make');
    const makeChanges = within(changes).getByRole('link', { name: /Make the changes/ });
    expect(makeChanges).toHaveTextContent(/^Make the changes for order #0000AB12\s*$/);
    expect(makeChanges).toHaveAttribute('href', `/application/${id}/review`);
    expect(within(changes).queryByRole('link', { name: /View application/ })).toBeNull();

    expect(inProgress).toHaveTextContent('Action needed');
    expect(within(inProgress).getByRole('link', { name: /Continue application/ })).toBeVisible();
    expect(inReview).toHaveTextContent('Under review');
    expect(inReview).not.toHaveTextContent('Action needed');
  });

  it('shows the day a lodged order was submitted to the UK government, and its Home Office reference', async () => {
    mockApi({
      'GET /api/applications/my-applications': ok([
        order(id, 'LODGED', {
          ...decided,
          decidedAt: null,
          timeline: orderTimeline({ status: 'LODGED', ...decided, decidedAt: null }),
          productKind: 'ETA',
          lodging,
        } as Partial<OrderSummary>),
      ]),
      'GET /api/applications/my-draft': NO_DRAFT,
    });
    await renderAccount('/orders', { user: traveller });
    await screen.findByRole('heading', { name: 'Order #0000AB12' });
    const [card] = cards() as [HTMLElement];
    expect(
      within(card).getByText('Submitted to the UK government', { selector: '.wp-badge' }),
    ).toHaveClass('wpa-status--lodged');
    expect(card).not.toHaveTextContent('Action needed');
    expect(card).toHaveTextContent('Submitted to the UK government on 24 November 2026');
    expect(card.querySelector('time[datetime="2026-11-24"]')).not.toBeNull();
    expect(card).toHaveTextContent('Home Office reference: 1234-5678-9012-3456');
    const steps = within(
      within(card).getByRole('list', { name: 'Progress of order #0000AB12' }),
    ).getAllByRole('listitem');
    expect(steps[3]).toHaveTextContent('Submitted to the UK government');
    expect(steps[3]).toHaveAttribute('aria-current', 'step');
  });

  it('shows each traveller’s ETA with its validity, passport, decision to download and what to show at the border', async () => {
    const saved = savedFiles();
    const sent = mockApi({
      'GET /api/applications/my-applications': ok([
        order(id, 'APPROVED', {
          ...decided,
          decidedAt: '2026-11-26T11:00:00.000Z',
          productKind: 'ETA',
          lodging,
          travelers: [
            { id: ADA, firstName: 'Ada', lastName: 'Lovelace' },
            { id: CHARLES, firstName: 'Charles', lastName: 'Babbage' },
          ],
          outcome: {
            outcome: 'APPROVED',
            recordedAt: '2026-11-26T11:00:00.000Z',
            reason: null,
            document: null,
            grants: [
              {
                travelerId: ADA,
                kind: 'ETA',
                reference: '9876543210987654',
                validFrom: '2026-11-26',
                validUntil: '2028-11-26',
                passportLast4: '4567',
                document: decision('d0c00000-0000-4000-8000-000000000001'),
              },
              {
                travelerId: CHARLES,
                kind: 'ETA',
                reference: '1111222233334444',
                validFrom: '2026-11-26',
                validUntil: '2028-05-01',
                passportLast4: 'X9Z8',
                document: null,
              },
            ],
          },
        } as Partial<OrderSummary>),
      ]),
      'GET /api/applications/my-draft': NO_DRAFT,
      [`GET /api/application/${id}/decision-documents/d0c00000-0000-4000-8000-000000000001`]: file(
        '%PDF-eta',
        'eta-ada-lovelace.pdf',
        'application/pdf',
      ),
    });
    await renderAccount('/orders', { user: traveller });
    await screen.findByRole('heading', { name: 'No active applications' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Old applications' }));
    const [card] = cards() as [HTMLElement];
    expect(card).toHaveTextContent('Approved');

    const ada = within(card).getByRole('region', { name: 'ETA for Ada Lovelace' });
    expect(within(ada).getByRole('heading', { level: 3 })).toHaveTextContent(
      'ETA for Ada Lovelace',
    );
    expect(ada).toHaveTextContent('Reference9876-5432-1098-7654');
    expect(ada).toHaveTextContent('Valid from 26 November 2026 until 26 November 2028');
    expect(ada).toHaveTextContent('Linked to the passport ending 4567');
    const border = within(ada).getByRole('heading', { name: 'At the border', level: 4 });
    expect(border.parentElement).toHaveTextContent(
      'Travel with the passport this ETA is linked to.You do not need to print anything.The ETA allows visits of up to 6 months.',
    );
    const download = within(ada).getByRole('link', {
      name: 'Download the decision (ETA for Ada Lovelace, order #0000AB12) (PDF)',
    });
    expect(download).toHaveAttribute(
      'href',
      `/api/application/${id}/decision-documents/d0c00000-0000-4000-8000-000000000001`,
    );
    await user.click(download);
    await waitFor(() => expect(saved.map((f) => f.filename)).toEqual(['eta-ada-lovelace.pdf']));
    expect(await saved[0]!.text).toBe('%PDF-eta');
    expect(
      sent.filter((call) => call.path.includes('/decision-documents/')).map((call) => call.method),
    ).toEqual(['GET']);

    const charles = within(card).getByRole('region', { name: 'ETA for Charles Babbage' });
    expect(charles).toHaveTextContent('Reference1111-2222-3333-4444');
    expect(charles).toHaveTextContent('Linked to the passport ending X9Z8');
    expect(within(charles).queryByRole('link', { name: /Download the decision/ })).toBeNull();
  });

  it('says so when a decision cannot be downloaded, and names a visa without the ETA’s border note', async () => {
    savedFiles();
    mockApi({
      'GET /api/applications/my-applications': ok([
        order(id, 'APPROVED', {
          productKind: 'VISA',
          outcome: {
            outcome: 'APPROVED',
            recordedAt: '2026-11-26T11:00:00.000Z',
            reason: null,
            document: null,
            grants: [
              {
                travelerId: ADA,
                kind: 'VISA',
                reference: 'GWF012345678',
                validFrom: '2026-12-01',
                validUntil: '2027-06-01',
                passportLast4: '0042',
                document: decision('d0c00000-0000-4000-8000-000000000002'),
              },
            ],
          },
        } as Partial<OrderSummary>),
      ]),
      'GET /api/applications/my-draft': NO_DRAFT,
      [`GET /api/application/${id}/decision-documents/d0c00000-0000-4000-8000-000000000002`]:
        failure(500),
    });
    await renderAccount('/orders', { user: traveller });
    await screen.findByRole('heading', { name: 'No active applications' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Old applications' }));
    // Without the travellers' names, a single grant is the traveller's own.
    const visa = within(cards()[0]!).getByRole('region', { name: 'Your visa' });
    expect(visa).toHaveTextContent('ReferenceGWF012345678');
    expect(visa).toHaveTextContent('Valid from 1 December 2026 until 1 June 2027');
    expect(within(visa).queryByRole('heading', { name: 'At the border' })).toBeNull();
    await user.click(within(visa).getByRole('link', { name: /^Download the decision/ }));
    expect(await within(visa).findByRole('alert')).toHaveTextContent(
      'The document could not be downloaded. Please try again.',
    );
  });

  it('shows the reason of a refusal and its letter', async () => {
    mockApi({
      'GET /api/applications/my-applications': ok([
        order(id, 'REJECTED', {
          decisionReason: 'The passport photo page could not be read.',
          outcome: {
            outcome: 'REJECTED',
            recordedAt: '2026-11-26T11:00:00.000Z',
            reason: 'The passport photo page could not be read.',
            grants: [],
            document: decision('d0c00000-0000-4000-8000-000000000003'),
          },
        } as Partial<OrderSummary>),
      ]),
      'GET /api/applications/my-draft': NO_DRAFT,
    });
    await renderAccount('/orders', { user: traveller });
    await screen.findByRole('heading', { name: 'No active applications' });
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Old applications' }));
    const [card] = cards() as [HTMLElement];
    expect(card).toHaveTextContent('Reason: The passport photo page could not be read.');
    expect(
      within(card).getByRole('link', {
        name: 'Download the refusal letter for order #0000AB12 (PDF)',
      }),
    ).toHaveAttribute(
      'href',
      `/api/application/${id}/decision-documents/d0c00000-0000-4000-8000-000000000003`,
    );
    expect(within(card).queryByRole('region', { name: /ETA|visa/ })).toBeNull();
  });
});
