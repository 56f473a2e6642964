import { DEFAULT_SORT, datesOutOfOrder, filterParams, hasFilters, readFilters } from './filters';

describe('admin filters in the URL', () => {
  it('reads the filters, ignoring what is unreadable', () => {
    expect(
      readFilters(
        new URLSearchParams(
          'search=%20ada%20&status=NOPE&dateFrom=2026-1-1&dateTo=2026-02-03&page=-2',
        ),
      ),
    ).toEqual({
      search: 'ada',
      status: '',
      dateFrom: '',
      dateTo: '2026-02-03',
      due: '',
      assignee: '',
      page: 1,
      sort: 'due',
      order: 'asc',
    });
    expect(readFilters(new URLSearchParams('status=REJECTED&page=7')).page).toBe(7);
    expect(readFilters(new URLSearchParams('page=2.5')).page).toBe(1);
  });

  it('writes only the filters that are set; the page for the API always, in the URL only past page 1', () => {
    const filters = {
      search: '',
      status: 'SUBMITTED' as const,
      dateFrom: '',
      dateTo: '',
      due: '' as const,
      assignee: '' as const,
      page: 1,
      ...DEFAULT_SORT,
    };
    expect(filterParams(filters, true).toString()).toBe('status=SUBMITTED&page=1');
    expect(filterParams(filters, 'url').toString()).toBe('status=SUBMITTED');
    expect(filterParams({ ...filters, page: 3 }, 'url').toString()).toBe('status=SUBMITTED&page=3');
    expect(filterParams({ ...filters, page: 3 }, false).toString()).toBe('status=SUBMITTED');
  });

  it('reads a whitelisted order, and writes it only when it is not the default (due, soonest first)', () => {
    expect(readFilters(new URLSearchParams('sort=amount&order=desc'))).toMatchObject({
      sort: 'amount',
      order: 'desc',
    });
    expect(readFilters(new URLSearchParams('sort=status'))).toMatchObject({
      sort: 'status',
      order: 'asc',
    });
    expect(readFilters(new URLSearchParams('sort=email&order=asc'))).toMatchObject(DEFAULT_SORT);
    expect(DEFAULT_SORT).toEqual({ sort: 'due', order: 'asc' });
    expect(readFilters(new URLSearchParams(''))).toMatchObject({ sort: 'due', order: 'asc' });
    // Newest first is an order like any other now: it goes in the URL.
    expect(
      filterParams(readFilters(new URLSearchParams('sort=created&order=desc')), 'url').toString(),
    ).toBe('sort=created&order=desc');
    expect(
      filterParams(readFilters(new URLSearchParams('sort=due&order=desc')), true).toString(),
    ).toBe('sort=due&order=desc&page=1');
    const filters = readFilters(new URLSearchParams('status=SUBMITTED&sort=submitted&order=asc'));
    expect(filterParams(filters, 'url').toString()).toBe(
      'status=SUBMITTED&sort=submitted&order=asc',
    );
    expect(filterParams({ ...filters, page: 2 }, true).toString()).toBe(
      'status=SUBMITTED&sort=submitted&order=asc&page=2',
    );
    // The export is always newest first.
    expect(filterParams(filters, false).toString()).toBe('status=SUBMITTED');
    expect(filterParams({ ...filters, ...DEFAULT_SORT }, 'url').toString()).toBe(
      'status=SUBMITTED',
    );
  });

  it('reads the work-queue filters, ignoring unknown values, and writes them for the URL and the export', () => {
    expect(readFilters(new URLSearchParams('due=overdue&assignee=me'))).toMatchObject({
      due: 'overdue',
      assignee: 'me',
    });
    expect(readFilters(new URLSearchParams('due=today&assignee=none'))).toMatchObject({
      due: 'today',
      assignee: 'none',
    });
    expect(readFilters(new URLSearchParams('due=tomorrow&assignee=bob'))).toMatchObject({
      due: '',
      assignee: '',
    });
    const filters = readFilters(new URLSearchParams('assignee=none&status=SUBMITTED&due=today'));
    expect(filterParams(filters, 'url').toString()).toBe(
      'status=SUBMITTED&due=today&assignee=none',
    );
    expect(filterParams(filters, true).toString()).toBe(
      'status=SUBMITTED&due=today&assignee=none&page=1',
    );
    expect(filterParams(filters, false).toString()).toBe(
      'status=SUBMITTED&due=today&assignee=none',
    );
    expect(hasFilters(readFilters(new URLSearchParams('assignee=me')))).toBe(true);
    expect(hasFilters(readFilters(new URLSearchParams('sort=amount&order=asc')))).toBe(false);
  });

  it('knows when the dates are the wrong way round', () => {
    const base = {
      search: '',
      status: '' as const,
      dateFrom: '',
      dateTo: '',
      due: '' as const,
      assignee: '' as const,
      page: 1,
      ...DEFAULT_SORT,
    };
    expect(datesOutOfOrder({ ...base, dateFrom: '2026-02-01', dateTo: '2026-01-31' })).toBe(true);
    expect(datesOutOfOrder({ ...base, dateFrom: '2026-02-01', dateTo: '2026-02-01' })).toBe(false);
    expect(datesOutOfOrder({ ...base, dateTo: '2026-01-31' })).toBe(false);
  });
});
