import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FailedEmail } from '@waypoint/contracts';
import { failedEmail } from '../test/fixtures';
import { callsTo, failure, mockApi, ok, renderAdmin } from '../test/renderAdmin';

const EMAILS = 'GET /api/admin/emails';

function listOf(emails: FailedEmail[], total = emails.length) {
  return ok({ emails, total });
}

function requeueKey(email: FailedEmail) {
  return `POST /api/admin/emails/${email.id}/requeue`;
}

function bodyRows() {
  const table = screen.getByRole('table', { name: 'Failed emails' });
  // The first row is the header row.
  return within(table).getAllByRole('row').slice(1);
}

/** Opens the page, waits for the list, and presses Send again for the email to `to`. */
async function sendAgainTo(to: string) {
  await renderAdmin('/admin/emails');
  await screen.findByRole('table', { name: 'Failed emails' });
  await userEvent.setup().click(screen.getByRole('button', { name: `Send again to ${to}` }));
}

describe('failed emails', () => {
  it('lists each email that failed every retry, with a Send again button named for its recipient', async () => {
    const payment = failedEmail({ to: 'ada@example.com' });
    const reset = failedEmail({
      to: 'bob@example.com',
      template: 'password-reset',
      description: 'Password reset',
      attempts: 3,
      lastError: null,
      createdAt: '2026-11-20T08:30:00.000Z',
    });
    mockApi({ [EMAILS]: listOf([payment, reset]) });
    await renderAdmin('/admin/emails');

    expect(
      await screen.findByRole('heading', { name: 'Failed emails', level: 1 }),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Admin' })).getByRole('link', {
        name: 'Failed emails',
      }),
    ).toHaveAttribute('aria-current', 'page');
    const table = await screen.findByRole('table', { name: 'Failed emails' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Recipient', 'Message', 'Attempts', 'Last error', 'Created', 'Action']);
    expect(screen.getByText('2 failed emails.')).toBeInTheDocument();

    const [first, second] = bodyRows() as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('rowheader')).toHaveTextContent('ada@example.com');
    const firstCells = within(first).getAllByRole('cell');
    expect(firstCells[0]).toHaveTextContent('Payment confirmation');
    expect(firstCells[1]).toHaveTextContent('5');
    expect(firstCells[2]).toHaveTextContent('SMTP 421: service not available');
    expect(firstCells[3]).toHaveTextContent(/^21 Nov 2026, \d\d:\d\d$/);

    expect(within(second).getByRole('rowheader')).toHaveTextContent('bob@example.com');
    const secondCells = within(second).getAllByRole('cell');
    expect(secondCells[0]).toHaveTextContent('Password reset');
    expect(secondCells[1]).toHaveTextContent('3');
    expect(secondCells[2]).toHaveTextContent('No error recorded');
    expect(secondCells[3]).toHaveTextContent(/^2[01] Nov 2026, \d\d:\d\d$/);

    const button = within(second).getByRole('button', { name: 'Send again to bob@example.com' });
    expect(button).toHaveTextContent('Send again');
    expect(button).toHaveAccessibleDescription('Password reset');
  });

  it('sends an email again: its row goes, the page says so, and the list is reloaded', async () => {
    const payment = failedEmail({ to: 'ada@example.com' });
    const reset = failedEmail({ to: 'bob@example.com', description: 'Password reset' });
    const sent = mockApi({
      [EMAILS]: [listOf([payment, reset]), listOf([payment])],
      [requeueKey(reset)]: ok({ id: reset.id, status: 'PENDING' }),
    });
    await sendAgainTo('bob@example.com');

    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('The email to bob@example.com will be sent again.');
    await waitFor(() => expect(status.parentElement).toHaveFocus());
    expect(
      screen.queryByRole('button', { name: 'Send again to bob@example.com' }),
    ).not.toBeInTheDocument();
    expect(bodyRows()).toHaveLength(1);
    expect(bodyRows()[0]).toHaveTextContent('ada@example.com');

    const [requeue] = callsTo(sent, requeueKey(reset));
    expect(requeue?.body).toEqual({});
    await waitFor(() => expect(callsTo(sent, EMAILS)).toHaveLength(2));
    expect(screen.getByText('1 failed email.')).toBeInTheDocument();
  });

  it('shows a refused Send again in an alert and keeps the row', async () => {
    const payment = failedEmail({ to: 'ada@example.com' });
    mockApi({
      [EMAILS]: listOf([payment]),
      [requeueKey(payment)]: failure(500, 'Internal server error'),
    });
    await sendAgainTo('ada@example.com');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The email to ada@example.com could not be sent again. Please try again.',
    );
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Send again to ada@example.com' }),
    ).toBeInTheDocument();
  });

  it('reloads the list when the email is no longer failed', async () => {
    const payment = failedEmail({ to: 'ada@example.com' });
    const sent = mockApi({
      [EMAILS]: [listOf([payment]), listOf([])],
      [requeueKey(payment)]: failure(404, 'No such email'),
    });
    await sendAgainTo('ada@example.com');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The email to ada@example.com is no longer among the failed emails',
    );
    expect(
      await screen.findByText('No failed emails. Every email has been sent.'),
    ).toBeInTheDocument();
    expect(callsTo(sent, EMAILS)).toHaveLength(2);
  });

  it('says so, once, when no email has failed', async () => {
    mockApi({ [EMAILS]: listOf([]) });
    await renderAdmin('/admin/emails');
    expect(
      await screen.findByText('No failed emails. Every email has been sent.'),
    ).toBeInTheDocument();
    expect(screen.getAllByText(/No failed emails/)).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says when only the most recent are shown', async () => {
    mockApi({ [EMAILS]: listOf([failedEmail(), failedEmail()], 140) });
    await renderAdmin('/admin/emails');
    expect(await screen.findByText('The 2 most recent of 140 failed emails.')).toBeInTheDocument();
  });

  it('shows a failed load with Retry', async () => {
    mockApi({ [EMAILS]: [failure(500), listOf([failedEmail({ to: 'ada@example.com' })])] });
    await renderAdmin('/admin/emails');
    expect(await screen.findByText(/The failed emails could not be loaded/)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByRole('button', { name: 'Send again to ada@example.com' }),
    ).toBeInTheDocument();
  });

  it('tells an admin whose session ended to sign in again', async () => {
    mockApi({ [EMAILS]: failure(401, 'Not signed in') });
    await renderAdmin('/admin/emails');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your session has ended. Sign in again to see the failed emails.',
    );
  });
});
