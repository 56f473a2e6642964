import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FailedEmail, FailedJob } from '@waypoint/contracts';
import { failedEmail, failedJob } from '../test/fixtures';
import { callsTo, failure, mockApi, ok, renderAdmin } from '../test/renderAdmin';

const EMAILS = 'GET /api/admin/emails';
const JOBS = 'GET /api/admin/jobs';

function jobsOf(jobs: FailedJob[], total = jobs.length) {
  return ok({ jobs, total });
}

/** No background job has failed: the page is the failed e-mails alone. */
const NO_JOBS = { [JOBS]: jobsOf([]) };

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
    mockApi({ ...NO_JOBS, [EMAILS]: listOf([payment, reset]) });
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
      ...NO_JOBS,
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
      ...NO_JOBS,
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
      ...NO_JOBS,
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
    mockApi({ ...NO_JOBS, [EMAILS]: listOf([]) });
    await renderAdmin('/admin/emails');
    expect(
      await screen.findByText('No failed emails. Every email has been sent.'),
    ).toBeInTheDocument();
    expect(screen.getAllByText(/No failed emails/)).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says when only the most recent are shown', async () => {
    mockApi({ ...NO_JOBS, [EMAILS]: listOf([failedEmail(), failedEmail()], 140) });
    await renderAdmin('/admin/emails');
    expect(await screen.findByText('The 2 most recent of 140 failed emails.')).toBeInTheDocument();
  });

  it('shows a failed load with Retry', async () => {
    mockApi({
      ...NO_JOBS,
      [EMAILS]: [failure(500), listOf([failedEmail({ to: 'ada@example.com' })])],
    });
    await renderAdmin('/admin/emails');
    expect(await screen.findByText(/The failed emails could not be loaded/)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByRole('button', { name: 'Send again to ada@example.com' }),
    ).toBeInTheDocument();
  });

  it('tells an admin whose session ended to sign in again', async () => {
    mockApi({ ...NO_JOBS, [EMAILS]: failure(401, 'Not signed in') });
    await renderAdmin('/admin/emails');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your session has ended. Sign in again to see the failed emails.',
    );
  });
});

describe('failed background jobs', () => {
  const ORDER_ID = '0b1c2d3e-0000-4000-8000-0000ab12cd34';

  function retryKey(job: FailedJob) {
    return `POST /api/admin/jobs/${job.queue}/${job.id}/retry`;
  }

  function jobRows() {
    const table = screen.getByRole('table', { name: 'Failed jobs' });
    // The first row is the header row.
    return within(table).getAllByRole('row').slice(1);
  }

  /** Opens the page, waits for the jobs, and presses Run again for the job named `name`. */
  async function runAgain(name: string) {
    await renderAdmin('/admin/emails');
    await screen.findByRole('table', { name: 'Failed jobs' });
    await userEvent.setup().click(screen.getByRole('button', { name: `Run again: ${name}` }));
  }

  it('shows nothing of them when none has failed', async () => {
    const sent = mockApi({ ...NO_JOBS, [EMAILS]: listOf([failedEmail()]) });
    await renderAdmin('/admin/emails');
    await screen.findByRole('table', { name: 'Failed emails' });
    await waitFor(() => expect(callsTo(sent, JOBS)).toHaveLength(1));

    expect(
      screen.queryByRole('heading', { name: 'Background jobs that failed' }),
    ).not.toBeInTheDocument();
    expect(document.getElementById('failed-jobs')).toBeNull();
    expect(screen.getAllByRole('table')).toHaveLength(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('lists each job in words, with its order, attempts, when it failed and its last error', async () => {
    const read = failedJob({ applicationId: ORDER_ID });
    const prune = failedJob({
      queue: 'sessions-prune',
      applicationId: null,
      attempts: 1,
      lastError: null,
      failedAt: null,
    });
    mockApi({ [EMAILS]: listOf([]), [JOBS]: jobsOf([read, prune]) });
    await renderAdmin('/admin/emails');

    const section = await screen.findByRole('region', { name: 'Background jobs that failed' });
    expect(section).toHaveAttribute('id', 'failed-jobs');
    expect(
      within(section).getByRole('heading', { name: 'Background jobs that failed', level: 2 }),
    ).toBeInTheDocument();
    expect(within(section).getByText('2 failed jobs.')).toBeInTheDocument();
    const table = within(section).getByRole('table', { name: 'Failed jobs' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Job', 'Order', 'Attempts', 'Last error', 'Failed', 'Action']);

    const [first, second] = jobRows() as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('rowheader')).toHaveTextContent('Reading a passport page');
    const firstCells = within(first).getAllByRole('cell');
    expect(within(firstCells[0]!).getByRole('link', { name: '#AB12CD34' })).toHaveAttribute(
      'href',
      `/admin/applications/${ORDER_ID}`,
    );
    expect(firstCells[1]).toHaveTextContent('3');
    expect(firstCells[2]).toHaveTextContent('Timeout reading the machine-readable zone');
    expect(firstCells[3]).toHaveTextContent(/^21 Nov 2026, \d\d:\d\d$/);
    const button = within(first).getByRole('button', {
      name: 'Run again: Reading a passport page',
    });
    expect(button).toHaveTextContent('Run again');
    expect(button).toHaveAccessibleDescription('#AB12CD34');

    expect(within(second).getByRole('rowheader')).toHaveTextContent('Removing expired sign-ins');
    const secondCells = within(second).getAllByRole('cell');
    expect(secondCells[0]).toHaveTextContent('No order');
    expect(within(secondCells[0]!).queryByRole('link')).not.toBeInTheDocument();
    expect(secondCells[1]).toHaveTextContent('1');
    expect(secondCells[2]).toHaveTextContent('No error recorded');
    expect(secondCells[3]).toHaveTextContent('Unknown');
    expect(
      within(second).getByRole('button', { name: 'Run again: Removing expired sign-ins' }),
    ).toBeInTheDocument();

    // The e-mails above are as they always are.
    expect(screen.getByText('No failed emails. Every email has been sent.')).toBeInTheDocument();
  });

  it('says when only the most recent are shown', async () => {
    mockApi({ [EMAILS]: listOf([]), [JOBS]: jobsOf([failedJob(), failedJob()], 60) });
    await renderAdmin('/admin/emails');
    expect(await screen.findByText('The 2 most recent of 60 failed jobs.')).toBeInTheDocument();
  });

  it('runs a job again: its row goes, the page says so, and the list is reloaded', async () => {
    const read = failedJob();
    const reminders = failedJob({ queue: 'reminders', applicationId: null });
    const sent = mockApi({
      [EMAILS]: listOf([]),
      [JOBS]: [jobsOf([read, reminders]), jobsOf([reminders])],
      [retryKey(read)]: ok({ id: read.id, status: 'retry' }),
    });
    await runAgain('Reading a passport page');

    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('The job “Reading a passport page” will be run again.');
    await waitFor(() => expect(status.parentElement).toHaveFocus());
    expect(
      screen.queryByRole('button', { name: 'Run again: Reading a passport page' }),
    ).not.toBeInTheDocument();
    expect(jobRows()).toHaveLength(1);
    expect(jobRows()[0]).toHaveTextContent('Sending expiry reminders');

    const [retry] = callsTo(sent, `POST /api/admin/jobs/passport-read/${read.id}/retry`);
    expect(retry?.body).toEqual({});
    await waitFor(() => expect(callsTo(sent, JOBS)).toHaveLength(2));
    expect(screen.getByText('1 failed job.')).toBeInTheDocument();
  });

  it('keeps saying so once the last job has been run again', async () => {
    const read = failedJob();
    mockApi({
      [EMAILS]: listOf([]),
      [JOBS]: [jobsOf([read]), jobsOf([])],
      [retryKey(read)]: ok({ id: read.id, status: 'retry' }),
    });
    await runAgain('Reading a passport page');

    expect(await screen.findByRole('status')).toHaveTextContent(
      'The job “Reading a passport page” will be run again.',
    );
    expect(screen.queryByRole('table', { name: 'Failed jobs' })).not.toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'Background jobs that failed' }),
    ).toBeInTheDocument();
  });

  it('shows the server’s reason when the job is no longer failed, and reloads the list', async () => {
    const read = failedJob();
    const sent = mockApi({
      [EMAILS]: listOf([]),
      [JOBS]: [jobsOf([read, failedJob({ queue: 'drafts-prune' })]), jobsOf([failedJob()])],
      [retryKey(read)]: failure(404, 'No such failed job: it may have been run again already.', {
        messageKey: 'failedJob.notFound',
      }),
    });
    await runAgain('Reading a passport page');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'The job “Reading a passport page” could not be run again. No such failed job: it may have been run again already.',
    );
    await waitFor(() => expect(alert.closest('.wpd-outcome')).toHaveFocus());
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    await waitFor(() => expect(callsTo(sent, JOBS)).toHaveLength(2));
    await waitFor(() => expect(jobRows()).toHaveLength(1));
  });

  it('asks to try again when running a job again failed on the server', async () => {
    const read = failedJob();
    mockApi({
      [EMAILS]: listOf([]),
      [JOBS]: jobsOf([read]),
      [retryKey(read)]: failure(500, 'Internal server error'),
    });
    await runAgain('Reading a passport page');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The job “Reading a passport page” could not be run again. Please try again.',
    );
    expect(
      screen.getByRole('button', { name: 'Run again: Reading a passport page' }),
    ).toBeInTheDocument();
  });

  it('shows a failed load of the jobs with Retry, under the e-mails', async () => {
    mockApi({
      [EMAILS]: listOf([]),
      [JOBS]: [failure(500), jobsOf([failedJob()])],
    });
    await renderAdmin('/admin/emails');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The failed background jobs could not be loaded.',
    );
    expect(screen.getByText('No failed emails. Every email has been sent.')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByRole('button', { name: 'Run again: Reading a passport page' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('moves the focus to the jobs when opened at #failed-jobs', async () => {
    mockApi({ [EMAILS]: listOf([failedEmail()]), [JOBS]: jobsOf([failedJob()]) });
    await renderAdmin('/admin/emails#failed-jobs');
    const heading = await screen.findByRole('heading', {
      name: 'Background jobs that failed',
      level: 2,
    });
    await waitFor(() => expect(heading).toHaveFocus());
  });
});
