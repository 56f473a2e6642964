import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { APPLICATION_STATUSES, AdminText } from '@waypoint/contracts';
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
    const account = row({ travelerCount: 3, totalCents: 12600, totalAmount: 126 });
    const guest = row({
      user: null,
      guestEmail: 'guest@example.com',
      totalCents: 0,
      totalAmount: 0,
      status: 'DRAFT',
      submittedAt: null,
      country: { id: 'US', name: 'United States', flagEmoji: '🇺🇸' },
      visaType: { id: 'visit', name: 'Standard Visitor visa' },
    });
    mockApi({ [LIST]: ok(listOf([account, guest])) });
    await renderAdmin('/admin/applications');

    expect(await screen.findByRole('table', { name: 'Applications' })).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual([
      'Application',
      'Applicant',
      'Visa type',
      'Travellers',
      'Amount',
      'Status',
      'Submitted',
      'Actions',
    ]);
    screen
      .getAllByRole('columnheader')
      .forEach((cell) => expect(cell).toHaveAttribute('scope', 'col'));

    const [first, second] = bodyRows() as [HTMLElement, HTMLElement];
    const firstCells = within(first).getAllByRole('cell');
    expect(within(first).getByRole('rowheader')).toHaveTextContent(`#${account.reference}France`);
    expect(within(first).getByRole('rowheader').querySelector('img')).toHaveAttribute(
      'src',
      '/flags/fr.svg',
    );
    expect(firstCells[0]).toHaveTextContent('Ada Lovelace');
    expect(firstCells[0]).toHaveTextContent('ada@example.com');
    expect(firstCells[1]).toHaveTextContent('United Kingdom ETA');
    expect(firstCells[2]).toHaveTextContent('3');
    expect(firstCells[3]).toHaveTextContent('€126.00');
    expect(firstCells[4]).toHaveTextContent('Submitted');
    expect(firstCells[5]).toHaveTextContent('21 Nov 2026');

    const secondCells = within(second).getAllByRole('cell');
    expect(within(second).getByRole('rowheader')).toHaveTextContent('United States');
    expect(secondCells[0]).toHaveTextContent('Guest');
    expect(secondCells[0]).toHaveTextContent('guest@example.com');
    expect(secondCells[1]).toHaveTextContent('Standard Visitor visa');
    expect(secondCells[3]).toHaveTextContent('€0.00');
    expect(secondCells[4]).toHaveTextContent('Awaiting payment');
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
    expect(table).toHaveAccessibleDescription('Applications newest first.');
    // Only the columns the server can order by have a sort button; none is the order yet.
    const sortButtons = within(table).getAllByRole('button');
    expect(sortButtons.map((button) => button.textContent)).toEqual([
      'Travellers',
      'Amount',
      'Status',
      'Submitted',
    ]);
    expect(table.querySelectorAll('th[aria-sort]')).toHaveLength(0);
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('created:desc');

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
    expect(table).toHaveAccessibleDescription('Applications sorted by Submitted, ascending.');
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
  });

  it('orders with the Sort by list too, and back to newest first leaves the URL clean', async () => {
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
    const user = userEvent.setup();
    await user.selectOptions(sortBy, 'Oldest first');
    expect(currentPath()).toBe('/admin/applications?sort=created&order=asc');
    await user.selectOptions(sortBy, 'Newest first');
    expect(currentPath()).toBe('/admin/applications');
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
    expect(screen.getByLabelText('From date')).toHaveValue('');
    expect(screen.getByLabelText('To date')).toHaveValue('2026-11-30');
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

  it('filters by dates, and refuses a "to" date before the "from" date without asking the server', async () => {
    const sent = mockApi({ [LIST]: ok(listOf([row()])) });
    await renderAdmin('/admin/applications?page=4');
    await screen.findByRole('table', { name: 'Applications' });

    act(() => {
      fireEvent.change(screen.getByLabelText('From date'), { target: { value: '2026-11-10' } });
    });
    expect(currentPath()).toBe('/admin/applications?dateFrom=2026-11-10');
    await waitFor(() =>
      expect(listCalls(sent).at(-1)).toEqual([
        ['dateFrom', '2026-11-10'],
        ['page', '1'],
      ]),
    );

    const calls = callsTo(sent, LIST).length;
    act(() => {
      fireEvent.change(screen.getByLabelText(/To date/), { target: { value: '2026-11-01' } });
    });
    expect(currentPath()).toBe('/admin/applications?dateFrom=2026-11-10&dateTo=2026-11-01');
    expect(await screen.findByText(AdminText.dateOrder)).toBeInTheDocument();
    expect(screen.getByLabelText(/To date/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('table', { name: 'Applications' })).not.toBeInTheDocument();
    expect(callsTo(sent, LIST)).toHaveLength(calls);
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
    expect(screen.queryByText(/could not be loaded/)).not.toBeInTheDocument();
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
