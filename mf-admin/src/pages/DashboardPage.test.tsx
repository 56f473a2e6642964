import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { APPLICATION_STATUSES } from '@waypoint/contracts';
import { dashboard, failedJob, listOf, row } from '../test/fixtures';
import { callsTo, currentPath, failure, mockApi, ok, renderAdmin } from '../test/renderAdmin';

const DASHBOARD = 'GET /api/admin/dashboard';

describe('admin dashboard', () => {
  it('shows what came in less the refunds of each period, and both amounts where something was refunded', async () => {
    mockApi({
      [DASHBOARD]: ok(
        dashboard({
          paid: { todayCents: 0, last7DaysCents: 98000, last30DaysCents: 1234500 },
          refunded: { todayCents: 5000, last7DaysCents: 5000, last30DaysCents: 5000 },
        }),
      ),
    });
    await renderAdmin('/admin');

    const paid = await screen.findByRole('region', { name: 'Amount paid' });
    expect(paid).toHaveTextContent('Payments less the refunds settled in the same period.');
    // A day with a refund and no payment came out below zero.
    expect(paid).toHaveTextContent('Today-€50.00€0.00 paid, €50.00 refunded');
    expect(paid).toHaveTextContent('Last 7 days€930.00€980.00 paid, €50.00 refunded');
    expect(paid).toHaveTextContent('Last 30 days€12,295.00€12,345.00 paid, €50.00 refunded');
  });

  it('shows counts by status, the amounts paid, the recent applications and when it was updated', async () => {
    const named = row({ status: 'UNDER_REVIEW' });
    const guest = row({
      user: null,
      guestEmail: 'guest@example.com',
      submittedAt: null,
      status: 'DRAFT',
      visaType: { id: 'visit', name: 'Standard Visitor visa' },
    });
    mockApi({ [DASHBOARD]: ok(dashboard({ applications: [named, guest] })) });
    await renderAdmin('/admin');

    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText(/Last updated/)).toHaveTextContent(
      /^Last updated: 21 Nov 2026, \d\d:\d\d$/,
    );

    const counts = screen.getByRole('region', { name: 'Applications by status' });
    expect(within(counts).getByRole('link', { name: 'Submitted 12 applications' })).toHaveAttribute(
      'href',
      '/admin/applications?status=SUBMITTED',
    );
    expect(
      within(counts).getByRole('link', { name: 'Under review 2 applications' }),
    ).toBeInTheDocument();
    expect(
      within(counts).getByRole('link', { name: 'Approved 30 applications' }),
    ).toBeInTheDocument();
    expect(
      within(counts).getByRole('link', { name: 'Changes requested 1 applications' }),
    ).toHaveAttribute('href', '/admin/applications?status=CHANGES_REQUESTED');
    expect(
      within(counts).getByRole('link', { name: 'Submitted to the UK government 5 applications' }),
    ).toHaveAttribute('href', '/admin/applications?status=LODGED');
    // Every status is counted, in the order of the lifecycle, refunded orders too.
    expect(
      within(counts)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(APPLICATION_STATUSES.map((status) => `/admin/applications?status=${status}`));
    expect(within(counts).getByRole('link', { name: 'Refunded 2 applications' })).toHaveAttribute(
      'href',
      '/admin/applications?status=REFUNDED',
    );

    const paid = screen.getByRole('region', { name: 'Amount paid' });
    expect(paid).toHaveTextContent('Today€123.45');
    expect(paid).toHaveTextContent('Last 7 days€980.00');
    expect(paid).toHaveTextContent('Last 30 days€12,345.00');
    // Nothing refunded: the amounts alone.
    expect(paid).not.toHaveTextContent('refunded');

    const table = screen.getByRole('table', { name: 'Recent applications' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Application', 'Applicant', 'Visa type', 'Status', 'Submitted']);
    const [first, second] = within(table).getAllByRole('row').slice(1) as [
      HTMLElement,
      HTMLElement,
    ];
    expect(first).toHaveTextContent(`#${named.reference}`);
    expect(first).toHaveTextContent('Ada Lovelace');
    expect(first).toHaveTextContent('Under review');
    expect(first).toHaveTextContent('21 Nov 2026');
    expect(second).toHaveTextContent('guest@example.com');
    expect(second).toHaveTextContent('Standard Visitor visa');
    expect(second).toHaveTextContent('Not submitted');
    expect(within(first).getByRole('link', { name: `#${named.reference}` })).toHaveAttribute(
      'href',
      `/admin/applications/${named.id}`,
    );
  });

  it('shows the operations figures, calm at zero and marked when something needs attention', async () => {
    mockApi({
      [DASHBOARD]: [
        ok(dashboard()),
        ok(
          dashboard({
            operations: { paymentsAwaitingReconciliation: 3, failedEmails: 2, failedJobs: 0 },
          }),
        ),
      ],
    });
    await renderAdmin('/admin');
    await screen.findByText(/Last updated/);

    let operations = screen.getByRole('region', { name: 'Operations' });
    expect(operations).toHaveTextContent('Payments awaiting reconciliation: 0');
    expect(operations).toHaveTextContent(
      'Card payments that succeeded but whose order is not completed yet. They are completed automatically within minutes.',
    );
    expect(within(operations).getByRole('link', { name: 'Failed emails: 0' })).toHaveAttribute(
      'href',
      '/admin/emails',
    );
    expect(within(operations).queryByText('Needs attention')).not.toBeInTheDocument();
    // No background job failed: nothing is said of them.
    expect(operations).not.toHaveTextContent(/background job/);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Refresh' }));
    operations = screen.getByRole('region', { name: 'Operations' });
    await waitFor(() =>
      expect(operations).toHaveTextContent('Payments awaiting reconciliation: 3 Needs attention'),
    );
    expect(within(operations).getByRole('link', { name: 'Failed emails: 2' })).toHaveAttribute(
      'href',
      '/admin/emails',
    );
    expect(operations).toHaveTextContent('Failed emails: 2 Needs attention');
    expect(within(operations).getAllByText('Needs attention')).toHaveLength(2);
  });

  it('adds the failed background jobs to the failed emails, linking to their list', async () => {
    const sent = mockApi({
      [DASHBOARD]: [
        ok(
          dashboard({
            operations: { paymentsAwaitingReconciliation: 0, failedEmails: 0, failedJobs: 1 },
          }),
        ),
        ok(
          dashboard({
            operations: { paymentsAwaitingReconciliation: 0, failedEmails: 2, failedJobs: 3 },
          }),
        ),
      ],
      'GET /api/admin/emails': ok({ emails: [], total: 0 }),
      'GET /api/admin/jobs': ok({ jobs: [failedJob()], total: 1 }),
    });
    await renderAdmin('/admin');
    await screen.findByText(/Last updated/);

    let operations = screen.getByRole('region', { name: 'Operations' });
    expect(
      within(operations).getByRole('link', { name: '1 background job failed too' }),
    ).toHaveAttribute('href', '/admin/emails#failed-jobs');
    // In the failed emails' card, below their figure.
    expect(
      within(operations).getByRole('link', { name: '1 background job failed too' }).closest('li'),
    ).toHaveTextContent(/^Failed emails: 0\s*1 background job failed too/);

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    operations = screen.getByRole('region', { name: 'Operations' });
    const link = await within(operations).findByRole('link', {
      name: '3 background jobs failed too',
    });
    expect(link).toHaveAttribute('href', '/admin/emails#failed-jobs');

    await user.click(link);
    expect(currentPath()).toBe('/admin/emails#failed-jobs');
    const heading = await screen.findByRole('heading', {
      name: 'Background jobs that failed',
      level: 2,
    });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(callsTo(sent, 'GET /api/admin/jobs')).toHaveLength(1);
  });

  it('counts the work queue, each figure a link to the list with its filter', async () => {
    const sent = mockApi({
      [DASHBOARD]: ok(dashboard({ queue: { overdue: 3, dueToday: 5, unassigned: 7, mine: 1 } })),
      'GET /api/admin/applications': ok(listOf([row()])),
    });
    await renderAdmin('/admin');
    const queue = await screen.findByRole('region', { name: 'Work queue' });
    expect(
      within(queue)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Overdue 3 applications', '/admin/applications?due=overdue'],
      ['Due today 5 applications', '/admin/applications?due=today'],
      ['Unassigned 7 applications', '/admin/applications?assignee=none'],
      ['Assigned to me 1 applications', '/admin/applications?assignee=me'],
    ]);
    // Overdue work is marked in words as well as in colour.
    expect(within(queue).getAllByText('Needs attention')).toHaveLength(1);
    expect(within(queue).getByText('Needs attention').closest('li')).toHaveTextContent('Overdue');

    await userEvent.setup().click(within(queue).getByRole('link', { name: /^Unassigned/ }));
    expect(currentPath()).toBe('/admin/applications?assignee=none');
    await waitFor(() =>
      expect(callsTo(sent, 'GET /api/admin/applications').map((call) => call.query)).toEqual([
        [
          ['assignee', 'none'],
          ['page', '1'],
        ],
      ]),
    );
    expect(await screen.findByRole('combobox', { name: 'Assigned to' })).toHaveValue('none');
  });

  it('marks nothing when no work is overdue, and leaves the queue out for a server without it', async () => {
    mockApi({
      [DASHBOARD]: [
        ok(dashboard({ queue: { overdue: 0, dueToday: 0, unassigned: 2, mine: 0 } })),
        ok(dashboard()),
      ],
    });
    await renderAdmin('/admin');
    const queue = await screen.findByRole('region', { name: 'Work queue' });
    expect(within(queue).getByRole('link', { name: 'Overdue 0 applications' })).toBeInTheDocument();
    expect(within(queue).queryByText('Needs attention')).not.toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Work queue' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('region', { name: 'Operations' })).toBeInTheDocument();
  });

  it('loads again on Refresh', async () => {
    const sent = mockApi({ [DASHBOARD]: ok(dashboard()) });
    await renderAdmin('/admin');
    await screen.findByText(/Last updated/);
    expect(screen.getByRole('table', { name: 'Recent applications' })).toHaveTextContent(
      'No applications yet.',
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Refresh' }));
    expect(callsTo(sent, DASHBOARD)).toHaveLength(2);
  });

  it('shows a failed load with Retry', async () => {
    mockApi({ [DASHBOARD]: [failure(500), ok(dashboard())] });
    await renderAdmin('/admin');
    expect(await screen.findByText(/The dashboard could not be loaded/)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(/Last updated/)).toBeInTheDocument();
  });
});

describe('admin layout', () => {
  it('has one staff menu with Dashboard, Applications and Failed emails, and no second menu button', async () => {
    mockApi({ [DASHBOARD]: ok(dashboard()), 'GET /api/admin/applications': failure(500) });
    await renderAdmin('/admin');
    // One navigation of the area (a side menu, a row of links on small screens): no drawer of its own.
    expect(screen.getAllByRole('navigation', { name: 'Admin' })).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /menu/i })).not.toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Admin' });
    expect(within(menu).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(menu).getByRole('link', { name: 'Failed emails' })).toHaveAttribute(
      'href',
      '/admin/emails',
    );
    const user = userEvent.setup();

    await user.click(within(menu).getByRole('link', { name: 'Applications' }));
    expect(currentPath()).toBe('/admin/applications');
    expect(
      within(screen.getByRole('navigation', { name: 'Admin' })).getByRole('link', {
        name: 'Applications',
      }),
    ).toHaveAttribute('aria-current', 'page');
    expect(
      await screen.findByRole('heading', { name: 'Applications', level: 1 }),
    ).toBeInTheDocument();
  });
});
