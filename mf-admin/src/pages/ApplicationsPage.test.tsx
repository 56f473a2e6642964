import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { APPLICATION_STATUSES, AdminText, ApiMessages } from '@waypoint/contracts';
import { formatDateTime } from '../format';
import { listOf, row } from '../test/fixtures';
import {
  callsTo,
  currentPath,
  failure,
  mockApi,
  ok,
  renderAdmin,
  type SentRequest,
} from '../test/renderAdmin';

const LIST = 'GET /api/admin/applications';
const STAFF = 'GET /api/admin/staff';
const BULK = 'POST /api/admin/applications/assignee';

const SAM = {
  id: '5a0e0000-0000-4000-8000-000000000001',
  name: 'Sam Staff',
  email: 'sam@waypoint.test',
};
const ALEX = {
  id: '5a0e0000-0000-4000-8000-000000000002',
  name: 'Alex Smith',
  email: 'alex@waypoint.test',
};
const BO = { id: '5a0e0000-0000-4000-8000-000000000003', name: 'Bo Li', email: 'bo@waypoint.test' };
const staffList = ok({ staff: [ALEX, BO, SAM], me: SAM.id });

/** The day, month and year a date filter shows (as numbers, '' for a part not chosen). */
function dateShown(name: string) {
  const group = screen.getByRole('group', { name });
  return ['Day', 'Month', 'Year'].map(
    (part) => (within(group).getByRole('combobox', { name: part }) as HTMLSelectElement).value,
  );
}

/** Chooses a whole date (YYYY-MM-DD) in a date filter, day, month and year as a member of staff does. */
async function chooseDate(user: ReturnType<typeof userEvent.setup>, name: string, iso: string) {
  const group = screen.getByRole('group', { name });
  const [year, month, day] = iso.split('-').map((part) => String(Number(part)));
  await user.selectOptions(within(group).getByRole('combobox', { name: 'Day' }), day!);
  await user.selectOptions(within(group).getByRole('combobox', { name: 'Month' }), month!);
  await user.selectOptions(within(group).getByRole('combobox', { name: 'Year' }), year!);
}

function listCalls(sent: SentRequest[]) {
  return callsTo(sent, LIST).map((call) => call.query);
}

function bodyRows() {
  const table = screen.getByRole('table', { name: 'Applications' });
  // The first row is the header row.
  return within(table).getAllByRole('row').slice(1);
}

describe('applications list', () => {
  it('shows each application with the columns of the spec', async () => {
    const dueAt = '2026-11-24T12:00:00.000Z';
    const account = row({
      travelerCount: 3,
      totalCents: 12600,
      totalAmount: 126,
      due: { at: dueAt, state: 'overdue', hours: 72 },
      assignee: ALEX,
    });
    const guest = row({
      user: null,
      guestEmail: 'guest@example.com',
      totalCents: 0,
      totalAmount: 0,
      status: 'DRAFT',
      submittedAt: null,
      country: { id: 'US', name: 'United States', flagEmoji: '🇺🇸' },
      visaType: { id: 'visit', name: 'Standard Visitor visa' },
      due: null,
      assignee: null,
    });
    mockApi({ [LIST]: ok(listOf([account, guest])) });
    await renderAdmin('/admin/applications');

    expect(await screen.findByRole('table', { name: 'Applications' })).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual([
      'Select all applications on this page',
      'Application',
      'Applicant',
      'Travellers',
      'Amount',
      'Status',
      'Due · assigned to',
      'Submitted',
      'Actions',
    ]);
    screen
      .getAllByRole('columnheader')
      .forEach((cell) => expect(cell).toHaveAttribute('scope', 'col'));

    const [first, second] = bodyRows() as [HTMLElement, HTMLElement];
    // The first cell of each row is its box to select it.
    const [select, ...firstCells] = within(first).getAllByRole('cell');
    expect(within(select!).getByRole('checkbox')).toHaveAccessibleName(
      `Select application #${account.reference}`,
    );
    expect(within(first).getByRole('rowheader')).toHaveTextContent(
      `#${account.reference}FranceUnited Kingdom ETA`,
    );
    expect(within(first).getByRole('rowheader').querySelector('img')).toHaveAttribute(
      'src',
      '/flags/fr.svg',
    );
    expect(firstCells[0]).toHaveTextContent('Ada Lovelace');
    expect(firstCells[0]).toHaveTextContent('ada@example.com');
    expect(firstCells[1]).toHaveTextContent('3');
    expect(firstCells[2]).toHaveTextContent('€126.00');
    expect(firstCells[3]).toHaveTextContent('Submitted');
    // When it is due, where it stands, and who works on it.
    expect(firstCells[4]).toHaveTextContent(`${formatDateTime(dueAt)} OverdueAlex Smith`);
    expect(within(firstCells[4]!).getByText(formatDateTime(dueAt))).toHaveAttribute(
      'datetime',
      dueAt,
    );
    expect(firstCells[5]).toHaveTextContent('21 Nov 2026');

    const secondCells = within(second).getAllByRole('cell').slice(1);
    expect(within(second).getByRole('rowheader')).toHaveTextContent(
      'United StatesStandard Visitor visa',
    );
    expect(secondCells[0]).toHaveTextContent('Guest');
    expect(secondCells[0]).toHaveTextContent('guest@example.com');
    expect(secondCells[2]).toHaveTextContent('€0.00');
    expect(secondCells[3]).toHaveTextContent('Awaiting payment');
    // No due date before it is submitted: a dash, read out in words; nobody works on it.
    expect(secondCells[4]).toHaveTextContent(/^—No due dateUnassigned$/);
    expect(secondCells[5]).toHaveTextContent('Not submitted');

    expect(
      within(first).getByRole('link', { name: `View application #${account.reference}` }),
    ).toHaveAttribute('href', `/admin/applications/${account.id}`);
    expect(
      within(first).getByRole('link', { name: `Change status of #${account.reference}` }),
    ).toHaveAttribute('href', `/admin/applications/${account.id}#decision`);
  });

  it('sorts by a column header: ascending, then descending, from page 1, with aria-sort', async () => {
    const sent = mockApi({ [LIST]: ok(listOf([row()], { page: 2, total: 30 })) });
    await renderAdmin('/admin/applications?status=SUBMITTED&page=2');
    const table = await screen.findByRole('table', { name: 'Applications' });
    // The work queue's order: due soonest first, which the API applies when none is named.
    expect(table).toHaveAccessibleDescription('Applications by due date, soonest first.');
    expect(listCalls(sent)[0]).toEqual([
      ['status', 'SUBMITTED'],
      ['page', '2'],
    ]);
    // Only the columns the server can order by have a sort button; Due is the order.
    const sortButtons = within(table).getAllByRole('button');
    expect(sortButtons.map((button) => button.textContent)).toEqual([
      'Travellers',
      'Amount',
      'Status',
      'Due · assigned to',
      'Submitted',
    ]);
    expect(table.querySelectorAll('th[aria-sort]')).toHaveLength(1);
    expect(within(table).getByRole('columnheader', { name: 'Due · assigned to' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('due:asc');

    const user = userEvent.setup();
    await user.click(within(table).getByRole('button', { name: 'Submitted' }));
    expect(currentPath()).toBe('/admin/applications?status=SUBMITTED&sort=submitted&order=asc');
    await waitFor(() =>
      expect(listCalls(sent).at(-1)).toEqual([
        ['status', 'SUBMITTED'],
        ['sort', 'submitted'],
        ['order', 'asc'],
        ['page', '1'],
      ]),
    );
    const submitted = within(table).getByRole('columnheader', { name: 'Submitted' });
    expect(submitted).toHaveAttribute('aria-sort', 'ascending');
    expect(table).toHaveAccessibleDescription('Applications sorted by date submitted, ascending.');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('submitted:asc');

    await user.click(within(table).getByRole('button', { name: 'Submitted' }));
    expect(currentPath()).toBe('/admin/applications?status=SUBMITTED&sort=submitted&order=desc');
    expect(submitted).toHaveAttribute('aria-sort', 'descending');

    // Another column takes over the order.
    await user.click(within(table).getByRole('button', { name: 'Amount' }));
    expect(within(table).getByRole('columnheader', { name: 'Amount' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    expect(submitted).not.toHaveAttribute('aria-sort');

    // Due: soonest first is the default (nothing in the URL), then latest first.
    const due = within(table).getByRole('columnheader', { name: 'Due · assigned to' });
    await user.click(within(table).getByRole('button', { name: 'Due · assigned to' }));
    expect(currentPath()).toBe('/admin/applications?status=SUBMITTED');
    expect(due).toHaveAttribute('aria-sort', 'ascending');
    await waitFor(() =>
      expect(listCalls(sent).at(-1)).toEqual([
        ['status', 'SUBMITTED'],
        ['page', '1'],
      ]),
    );
    await user.click(within(table).getByRole('button', { name: 'Due · assigned to' }));
    expect(currentPath()).toBe('/admin/applications?status=SUBMITTED&sort=due&order=desc');
    expect(due).toHaveAttribute('aria-sort', 'descending');
    expect(table).toHaveAccessibleDescription('Applications by due date, latest first.');
    await waitFor(() =>
      expect(listCalls(sent).at(-1)).toEqual([
        ['status', 'SUBMITTED'],
        ['sort', 'due'],
        ['order', 'desc'],
        ['page', '1'],
      ]),
    );
  });

  it('orders with the Sort by list too, and back to the work queue order leaves the URL clean', async () => {
    const sent = mockApi({ [LIST]: ok(listOf([row()])) });
    await renderAdmin('/admin/applications?sort=amount&order=desc');
    await screen.findByRole('table', { name: 'Applications' });
    expect(listCalls(sent)[0]).toEqual([
      ['sort', 'amount'],
      ['order', 'desc'],
      ['page', '1'],
    ]);
    const sortBy = screen.getByRole('combobox', { name: 'Sort by' });
    expect(sortBy).toHaveValue('amount:desc');
    expect(
      within(sortBy)
        .getAllByRole('option')
        .slice(0, 3)
        .map((option) => option.textContent),
    ).toEqual(['Due, soonest first', 'Due, latest first', 'Newest first']);
    const user = userEvent.setup();
    await user.selectOptions(sortBy, 'Oldest first');
    expect(currentPath()).toBe('/admin/applications?sort=created&order=asc');
    // Newest first is no longer the default: it stays in the URL.
    await user.selectOptions(sortBy, 'Newest first');
    expect(currentPath()).toBe('/admin/applications?sort=created&order=desc');
    await waitFor(() =>
      expect(listCalls(sent).at(-1)).toEqual([
        ['sort', 'created'],
        ['order', 'desc'],
        ['page', '1'],
      ]),
    );
    await user.selectOptions(sortBy, 'Due, soonest first');
    expect(currentPath()).toBe('/admin/applications');
    await waitFor(() => expect(listCalls(sent).at(-1)).toEqual([['page', '1']]));
    // The export never carries the order (it is always newest first).
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/admin/applications/export.csv',
    );
  });

  it('reads the filters and page from the URL and sends only the ones set', async () => {
    const sent = mockApi({ [LIST]: ok(listOf([row()], { page: 2, total: 30, pages: 2 })) });
    await renderAdmin(
      '/admin/applications?status=UNDER_REVIEW&search=ada&dateTo=2026-11-30&page=2',
    );
    await screen.findByRole('table', { name: 'Applications' });

    expect(listCalls(sent)).toEqual([
      [
        ['search', 'ada'],
        ['status', 'UNDER_REVIEW'],
        ['dateTo', '2026-11-30'],
        ['page', '2'],
      ],
    ]);
    expect(screen.getByRole('searchbox', { name: /Search/ })).toHaveValue('ada');
    expect(screen.getByRole('searchbox', { name: /Search/ })).toHaveAttribute(
      'placeholder',
      'Search by email, name...',
    );
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('UNDER_REVIEW');
    // Day, month and year fields, in that order whatever the browser's language.
    expect(dateShown('From date')).toEqual(['', '', '']);
    expect(dateShown('To date')).toEqual(['30', '11', '2026']);
  });

  it('offers every status, and a status change goes back to page 1 in the URL', async () => {
    const sent = mockApi({ [LIST]: ok(listOf([row()], { page: 3, total: 100 })) });
    await renderAdmin('/admin/applications?search=ada&page=3');
    await screen.findByRole('table', { name: 'Applications' });
    const status = screen.getByRole('combobox', { name: 'Status' });
    expect(
      within(status)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'All',
      'Awaiting payment',
      'In progress',
      'Submitted',
      'Under review',
      'Changes requested',
      'Submitted to the UK government',
      'Approved',
      'Rejected',
      'Refunded',
    ]);
    // Every status of the lifecycle, in its order.
    expect(
      within(status)
        .getAllByRole('option')
        .slice(1)
        .map((option) => option.getAttribute('value')),
    ).toEqual([...APPLICATION_STATUSES]);

    await userEvent.setup().selectOptions(status, 'UNDER_REVIEW');
    expect(currentPath()).toBe('/admin/applications?search=ada&status=UNDER_REVIEW');
    await waitFor(() =>
      expect(listCalls(sent).at(-1)).toEqual([
        ['search', 'ada'],
        ['status', 'UNDER_REVIEW'],
        ['page', '1'],
      ]),
    );
  });

  it('searches once typing pauses, and resets the page', async () => {
    const sent = mockApi({ [LIST]: ok(listOf([row()], { page: 2, total: 30 })) });
    await renderAdmin('/admin/applications?page=2');
    await screen.findByRole('table', { name: 'Applications' });
    const user = userEvent.setup();

    await user.type(screen.getByRole('searchbox', { name: /Search/ }), 'lovelace');
    // Nothing is sent while typing.
    expect(currentPath()).toBe('/admin/applications?page=2');
    await waitFor(() => expect(currentPath()).toBe('/admin/applications?search=lovelace'));
    await waitFor(() =>
      expect(listCalls(sent)).toEqual([
        [['page', '2']],
        [
          ['search', 'lovelace'],
          ['page', '1'],
        ],
      ]),
    );
  });

  it('sends a search typed while the address changed under the page with the address as it is, not as last drawn', async () => {
    mockApi({ [LIST]: ok(listOf([row()])) });
    await renderAdmin('/admin/applications?status=SUBMITTED&dateFrom=2025-12-01');
    await screen.findByRole('table', { name: 'Applications' });
    const user = userEvent.setup();

    await user.type(screen.getByRole('searchbox', { name: /Search/ }), 'lovelace');
    // The address changes before the page is drawn again, as when "Clear filters" is drawn in a transition that
    // has not finished when typing pauses.
    window.history.pushState(null, '', '/admin/applications');
    // The search goes with the address's filters (none): the old status and date do not come back.
    await waitFor(() => expect(currentPath()).toBe('/admin/applications?search=lovelace'));
  });

  it('applies the search at once on Enter and clears all filters on request', async () => {
    const sent = mockApi({ [LIST]: ok(listOf([row()])) });
    await renderAdmin('/admin/applications?status=SUBMITTED');
    await screen.findByRole('table', { name: 'Applications' });
    const user = userEvent.setup();

    await user.type(screen.getByRole('searchbox', { name: /Search/ }), 'AB12{Enter}');
    expect(currentPath()).toBe('/admin/applications?search=AB12&status=SUBMITTED');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(currentPath()).toBe('/admin/applications');
    expect(screen.getByRole('searchbox', { name: /Search/ })).toHaveValue('');
    await waitFor(() => expect(listCalls(sent).at(-1)).toEqual([['page', '1']]));
  });

  it('filters by whole dates only, and says when a date is unfinished', async () => {
    const sent = mockApi({ [LIST]: ok(listOf([row()])) });
    await renderAdmin('/admin/applications?page=4');
    await screen.findByRole('table', { name: 'Applications' });
    const user = userEvent.setup();

    const from = screen.getByRole('group', { name: 'From date' });
    await user.selectOptions(within(from).getByRole('combobox', { name: 'Day' }), '10');
    expect(
      within(from).getByText('Choose the day, month and year of a real date, or clear all three'),
    ).toBeInTheDocument();
    expect(currentPath()).toBe('/admin/applications?page=4');
    await user.selectOptions(within(from).getByRole('combobox', { name: 'Month' }), '11');
    await user.selectOptions(within(from).getByRole('combobox', { name: 'Year' }), '2026');
    expect(currentPath()).toBe('/admin/applications?dateFrom=2026-11-10');
    expect(within(from).queryByText(/real date/)).not.toBeInTheDocument();
    await waitFor(() =>
      expect(listCalls(sent).at(-1)).toEqual([
        ['dateFrom', '2026-11-10'],
        ['page', '1'],
      ]),
    );
  });

  it('keeps the table when the "from" date is after the "to" date, says so on the field, and asks the server nothing', async () => {
    const sent = mockApi({
      [LIST]: (call) =>
        ok(
          listOf([
            row({ id: new URLSearchParams(call.query).get('dateFrom') ? 'app-from' : 'app-all' }),
          ]),
        ),
    });
    await renderAdmin('/admin/applications?dateFrom=2026-11-10');
    await screen.findByRole('table', { name: 'Applications' });
    const shownRows = bodyRows().length;
    const calls = callsTo(sent, LIST).length;
    const user = userEvent.setup();

    await chooseDate(user, 'To date', '2026-11-01');
    expect(currentPath()).toBe('/admin/applications?dateFrom=2026-11-10&dateTo=2026-11-01');
    const from = screen.getByRole('group', { name: 'From date' });
    expect(await within(from).findByText(AdminText.dateOrder)).toBeInTheDocument();
    expect(AdminText.dateOrder).toBe("The 'from' date must be on or before the 'to' date");
    expect(within(from).getByRole('combobox', { name: 'Day' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    // The last results stay, and the range the server would refuse is not sent.
    expect(screen.getByRole('table', { name: 'Applications' })).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(shownRows);
    expect(callsTo(sent, LIST)).toHaveLength(calls);

    // A valid range again: the list follows it.
    await chooseDate(user, 'To date', '2026-11-20');
    await waitFor(() =>
      expect(listCalls(sent).at(-1)).toEqual([
        ['dateFrom', '2026-11-10'],
        ['dateTo', '2026-11-20'],
        ['page', '1'],
      ]),
    );
    expect(within(from).queryByText(AdminText.dateOrder)).not.toBeInTheDocument();
  });

  it('opened with a "from" date after the "to" date, shows the list without the dates and the error', async () => {
    const sent = mockApi({ [LIST]: ok(listOf([row()])) });
    await renderAdmin('/admin/applications?status=SUBMITTED&dateFrom=2026-11-10&dateTo=2026-11-01');
    await screen.findByRole('table', { name: 'Applications' });
    expect(listCalls(sent)).toEqual([
      [
        ['status', 'SUBMITTED'],
        ['page', '1'],
      ],
    ]);
    expect(
      within(screen.getByRole('group', { name: 'From date' })).getByText(AdminText.dateOrder),
    ).toBeInTheDocument();
  });

  it('pages with Previous, Next and up to 5 page buttons around the current page', async () => {
    const sent = mockApi({
      [LIST]: (call) => {
        const page = Number(new URLSearchParams(call.query).get('page'));
        return ok(listOf([row()], { page, total: 200, pages: 10 }));
      },
    });
    await renderAdmin('/admin/applications?status=SUBMITTED&page=3');
    expect(await screen.findByText('Showing 41 to 60 of 200 results')).toBeInTheDocument();
    const pagination = screen.getByRole('navigation', { name: 'Pagination' });
    const pageButtons = () =>
      within(pagination)
        .getAllByRole('button', { name: /^Page / })
        .map((button) => button.textContent);
    expect(pageButtons()).toEqual(['1', '2', '3', '4', '5']);
    expect(within(pagination).getByRole('button', { name: 'Page 3' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(pagination).getByRole('button', { name: 'Page 2' })).not.toHaveAttribute(
      'aria-current',
    );
    const user = userEvent.setup();

    await user.click(within(pagination).getByRole('button', { name: 'Next' }));
    expect(currentPath()).toBe('/admin/applications?status=SUBMITTED&page=4');
    expect(await screen.findByText('Showing 61 to 80 of 200 results')).toBeInTheDocument();
    expect(pageButtons()).toEqual(['2', '3', '4', '5', '6']);

    await user.click(within(pagination).getByRole('button', { name: 'Page 6' }));
    expect(currentPath()).toBe('/admin/applications?status=SUBMITTED&page=6');
    await screen.findByText('Showing 101 to 120 of 200 results');
    expect(within(pagination).getByRole('button', { name: 'Page 6' })).toHaveFocus();

    await user.click(within(pagination).getByRole('button', { name: 'Previous' }));
    expect(currentPath()).toBe('/admin/applications?status=SUBMITTED&page=5');
    await screen.findByText('Showing 81 to 100 of 200 results');
    expect(listCalls(sent).map((query) => new URLSearchParams(query).get('page'))).toEqual([
      '3',
      '4',
      '6',
      '5',
    ]);
  });

  it('keeps Previous and Next focusable but inert at the ends', async () => {
    mockApi({ [LIST]: ok(listOf([row()], { page: 1, total: 5, pages: 1 })) });
    await renderAdmin('/admin/applications');
    expect(await screen.findByText('Showing 1 to 5 of 5 results')).toBeInTheDocument();
    const previous = screen.getByRole('button', { name: 'Previous' });
    const next = screen.getByRole('button', { name: 'Next' });
    expect(previous).toHaveAttribute('aria-disabled', 'true');
    expect(next).toHaveAttribute('aria-disabled', 'true');
    await userEvent.setup().click(next);
    expect(currentPath()).toBe('/admin/applications');
  });

  it('exports the filtered list with a download link', async () => {
    mockApi({ [LIST]: ok(listOf([row()], { page: 2, total: 30 })) });
    await renderAdmin(
      '/admin/applications?search=ada%20l&status=APPROVED&dateFrom=2026-01-01&page=2',
    );
    const link = await screen.findByRole('link', { name: 'Export CSV' });
    // The page is not part of an export: it is every matching application.
    expect(link).toHaveAttribute(
      'href',
      '/api/admin/applications/export.csv?search=ada+l&status=APPROVED&dateFrom=2026-01-01',
    );
    expect(link).toHaveAttribute('download');
  });

  it('exports everything without filters', async () => {
    mockApi({ [LIST]: ok(listOf([row()])) });
    await renderAdmin('/admin/applications');
    expect(await screen.findByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/admin/applications/export.csv',
    );
  });

  it('says when nothing matches', async () => {
    mockApi({ [LIST]: ok(listOf([])) });
    await renderAdmin('/admin/applications?search=nobody');
    expect(await screen.findByText('No applications match these filters.')).toBeInTheDocument();
    expect(screen.getByText('Showing 0 to 0 of 0 results')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it('shows a failed load with Retry', async () => {
    mockApi({ [LIST]: [failure(500), ok(listOf([row()]))] });
    await renderAdmin('/admin/applications');
    expect(await screen.findByText(/The applications could not be loaded/)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Applications' })).toBeInTheDocument();
    expect(screen.queryByText(/The applications could not be loaded/)).not.toBeInTheDocument();
  });

  it('offers to sign in again when the admin session has ended', async () => {
    mockApi({ [LIST]: failure(401, 'Please log in') });
    await renderAdmin('/admin/applications?status=SUBMITTED');
    expect(await screen.findByText(/Your session has ended/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in again' })).toHaveAttribute(
      'href',
      '/auth/login?redirect=%2Fadmin%2Fapplications%3Fstatus%3DSUBMITTED',
    );
  });
});

describe('applications list: the work queue', () => {
  it('says in words where each application stands against its due date', async () => {
    const at = '2026-11-25T09:30:00.000Z';
    const states = ['overdue', 'due-today', 'due', 'paused', 'met', 'missed'] as const;
    mockApi({
      [LIST]: ok(listOf(states.map((state) => row({ due: { at, state, hours: 24 } })))),
    });
    await renderAdmin('/admin/applications');
    await screen.findByRole('table', { name: 'Applications' });
    // The due cell: its date and state, then who works on it.
    const dueCells = bodyRows().map(
      (tableRow) => within(tableRow).getAllByRole('cell')[5]?.querySelector('.wpd-due') ?? null,
    );
    const date = formatDateTime(at);
    expect(dueCells.map((cell) => cell?.textContent)).toEqual([
      `${date} Overdue`,
      `${date} Due today`,
      // Due after today: the date says it all.
      date,
      `${date} Waiting for the traveller`,
      `${date} Lodged on time`,
      `${date} Lodged late`,
    ]);
  });

  it('filters by due date and assignee in the URL and the request, from page 1', async () => {
    const sent = mockApi({ [LIST]: ok(listOf([row()], { page: 3, total: 100 })) });
    await renderAdmin('/admin/applications?status=SUBMITTED&page=3');
    await screen.findByRole('table', { name: 'Applications' });
    const due = screen.getByRole('combobox', { name: 'Due' });
    const assignee = screen.getByRole('combobox', { name: 'Assigned to' });
    const options = (select: HTMLElement) =>
      within(select)
        .getAllByRole('option')
        .map((option) => [option.getAttribute('value'), option.textContent]);
    expect(options(due)).toEqual([
      ['', 'Any time'],
      ['overdue', 'Overdue'],
      ['today', 'Due today'],
    ]);
    expect(options(assignee)).toEqual([
      ['', 'Anyone'],
      ['me', 'Me'],
      ['none', 'Unassigned'],
    ]);
    const user = userEvent.setup();

    await user.selectOptions(due, 'Overdue');
    expect(currentPath()).toBe('/admin/applications?status=SUBMITTED&due=overdue');
    await waitFor(() =>
      expect(listCalls(sent).at(-1)).toEqual([
        ['status', 'SUBMITTED'],
        ['due', 'overdue'],
        ['page', '1'],
      ]),
    );

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(currentPath()).toBe('/admin/applications?status=SUBMITTED&due=overdue&page=2');
    await user.selectOptions(assignee, 'Me');
    expect(currentPath()).toBe('/admin/applications?status=SUBMITTED&due=overdue&assignee=me');
    await waitFor(() =>
      expect(listCalls(sent).at(-1)).toEqual([
        ['status', 'SUBMITTED'],
        ['due', 'overdue'],
        ['assignee', 'me'],
        ['page', '1'],
      ]),
    );
    // The export takes the same filters.
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/admin/applications/export.csv?status=SUBMITTED&due=overdue&assignee=me',
    );

    await user.selectOptions(due, 'Any time');
    await user.selectOptions(assignee, 'Unassigned');
    expect(currentPath()).toBe('/admin/applications?status=SUBMITTED&assignee=none');
    await waitFor(() =>
      expect(listCalls(sent).at(-1)).toEqual([
        ['status', 'SUBMITTED'],
        ['assignee', 'none'],
        ['page', '1'],
      ]),
    );
  });

  it('reads the queue filters from the URL, as the dashboard links to them', async () => {
    const sent = mockApi({ [LIST]: ok(listOf([row()])) });
    await renderAdmin('/admin/applications?due=today&assignee=none');
    await screen.findByRole('table', { name: 'Applications' });
    expect(listCalls(sent)).toEqual([
      [
        ['due', 'today'],
        ['assignee', 'none'],
        ['page', '1'],
      ],
    ]);
    expect(screen.getByRole('combobox', { name: 'Due' })).toHaveValue('today');
    expect(screen.getByRole('combobox', { name: 'Assigned to' })).toHaveValue('none');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(currentPath()).toBe('/admin/applications');
  });

  it('assigns the selected rows to a colleague, to oneself or to nobody, and says how many changed', async () => {
    const rows = [row(), row(), row()];
    const ids = rows.map((r) => r.id);
    const sent = mockApi({
      [LIST]: ok(listOf(rows)),
      [STAFF]: staffList,
      [BULK]: [
        ok({ changed: 3, assignee: ALEX }),
        ok({ changed: 1, assignee: SAM }),
        ok({ changed: 0, assignee: null }),
      ],
    });
    await renderAdmin('/admin/applications');
    const table = await screen.findByRole('table', { name: 'Applications' });
    const actions = screen.getByRole('group', { name: 'No application selected' });
    const user = userEvent.setup();
    const boxes = () => within(table).getAllByRole('checkbox') as HTMLInputElement[];

    // One row, then the whole page.
    await user.click(
      within(table).getByRole('checkbox', { name: `Select application #${rows[1]!.reference}` }),
    );
    expect(actions).toHaveAccessibleName('1 application selected');
    const all = within(table).getByRole('checkbox', {
      name: 'Select all applications on this page',
    });
    expect(all).toBePartiallyChecked();
    await user.click(all);
    expect(boxes().every((box) => box.checked)).toBe(true);
    expect(actions).toHaveAccessibleName('3 applications selected');

    // Colleagues only: oneself has a button of its own.
    const colleague = within(actions).getByRole('combobox', { name: 'Assign to' });
    expect(
      within(colleague)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a colleague', 'Alex Smith', 'Bo Li']);
    await user.selectOptions(colleague, 'Alex Smith');
    await user.click(within(actions).getByRole('button', { name: 'Assign' }));
    expect(await screen.findByText('3 applications assigned to Alex Smith.')).toBeInTheDocument();
    expect(
      screen.getByText('3 applications assigned to Alex Smith.').parentElement,
    ).toHaveAttribute('role', 'status');
    expect(callsTo(sent, BULK).map((call) => call.body)).toEqual([{ ids, assigneeId: ALEX.id }]);
    // The list loads again, and the selection is cleared.
    await waitFor(() => expect(callsTo(sent, LIST)).toHaveLength(2));
    expect(boxes().some((box) => box.checked)).toBe(false);

    await user.click(
      within(table).getByRole('checkbox', { name: `Select application #${rows[2]!.reference}` }),
    );
    await user.click(within(actions).getByRole('button', { name: 'Assign to me' }));
    expect(await screen.findByText('1 application assigned to you.')).toBeInTheDocument();

    await user.click(
      within(table).getByRole('checkbox', { name: `Select application #${rows[0]!.reference}` }),
    );
    await user.click(within(actions).getByRole('button', { name: 'Unassign' }));
    expect(await screen.findByText('No application was changed.')).toBeInTheDocument();

    expect(callsTo(sent, BULK).map((call) => call.body)).toEqual([
      { ids, assigneeId: ALEX.id },
      { ids: [rows[2]!.id], assigneeId: SAM.id },
      { ids: [rows[0]!.id], assigneeId: null },
    ]);
  });

  it('offers the page’s select-all box above the cards of a narrow screen too, in step with the header’s', async () => {
    mockApi({ [LIST]: ok(listOf([row(), row()])), [STAFF]: staffList });
    await renderAdmin('/admin/applications');
    const table = await screen.findByRole('table', { name: 'Applications' });
    const actions = screen.getByRole('group', { name: 'No application selected' });
    const name = 'Select all applications on this page';
    const inHeader = within(table).getByRole('checkbox', { name });
    const aboveCards = within(actions).getByRole('checkbox', { name });
    const rowBoxes = () =>
      within(table)
        .getAllByRole('checkbox', { name: /^Select application #/ })
        .map((box) => (box as HTMLInputElement).checked);
    const user = userEvent.setup();

    await user.click(aboveCards);
    expect(rowBoxes()).toEqual([true, true]);
    expect(inHeader).toBeChecked();
    expect(actions).toHaveAccessibleName('2 applications selected');
    await user.click(inHeader);
    expect(rowBoxes()).toEqual([false, false]);
    expect(aboveCards).not.toBeChecked();
  });

  it('asks for a selection and a colleague, shows a refusal in words, and forgets the selection on another page', async () => {
    const rows = [row(), row()];
    const sent = mockApi({
      [LIST]: ok(listOf(rows, { total: 40 })),
      [STAFF]: staffList,
      [BULK]: failure(400, ApiMessages['admin.assigneeNotStaff']),
    });
    await renderAdmin('/admin/applications');
    const table = await screen.findByRole('table', { name: 'Applications' });
    const actions = screen.getByRole('group', { name: 'No application selected' });
    const user = userEvent.setup();

    await user.click(within(actions).getByRole('button', { name: 'Assign to me' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(AdminText.selectionRequired);
    expect(callsTo(sent, BULK)).toHaveLength(0);

    await user.click(
      within(table).getByRole('checkbox', { name: `Select application #${rows[0]!.reference}` }),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    const colleague = within(actions).getByRole('combobox', { name: 'Assign to' });
    await user.click(within(actions).getByRole('button', { name: 'Assign' }));
    expect(colleague).toHaveAttribute('aria-invalid', 'true');
    expect(colleague).toHaveAccessibleDescription('Error: Choose the colleague to assign it to');
    expect(colleague).toHaveFocus();
    expect(callsTo(sent, BULK)).toHaveLength(0);

    await user.selectOptions(colleague, 'Bo Li');
    expect(colleague).not.toHaveAttribute('aria-invalid');
    await user.click(within(actions).getByRole('button', { name: 'Assign' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Applications can only be given to an active member of staff.',
    );
    expect(callsTo(sent, BULK).map((call) => call.body)).toEqual([
      { ids: [rows[0]!.id], assigneeId: BO.id },
    ]);
    // Nothing changed: the selection stays for another try.
    expect(actions).toHaveAccessibleName('1 application selected');

    // Another page starts with nothing selected and no message.
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(currentPath()).toBe('/admin/applications?page=2'));
    await waitFor(() =>
      expect(screen.getByRole('group', { name: 'No application selected' })).toBeInTheDocument(),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
