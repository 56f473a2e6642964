import { datesOutOfOrder, filterParams, readFilters } from './filters';

describe('admin filters in the URL', () => {
  it('reads the filters, ignoring what is unreadable', () => {
    expect(
      readFilters(
        new URLSearchParams(
          'search=%20ada%20&status=NOPE&dateFrom=2026-1-1&dateTo=2026-02-03&page=-2',
        ),
      ),
    ).toEqual({ search: 'ada', status: '', dateFrom: '', dateTo: '2026-02-03', page: 1 });
    expect(readFilters(new URLSearchParams('status=REJECTED&page=7')).page).toBe(7);
    expect(readFilters(new URLSearchParams('page=2.5')).page).toBe(1);
  });

  it('writes only the filters that are set; the page for the API always, in the URL only past page 1', () => {
    const filters = { search: '', status: 'SUBMITTED' as const, dateFrom: '', dateTo: '', page: 1 };
    expect(filterParams(filters, true).toString()).toBe('status=SUBMITTED&page=1');
    expect(filterParams(filters, 'url').toString()).toBe('status=SUBMITTED');
    expect(filterParams({ ...filters, page: 3 }, 'url').toString()).toBe('status=SUBMITTED&page=3');
    expect(filterParams({ ...filters, page: 3 }, false).toString()).toBe('status=SUBMITTED');
  });

  it('knows when the dates are the wrong way round', () => {
    const base = { search: '', status: '' as const, dateFrom: '', dateTo: '', page: 1 };
    expect(datesOutOfOrder({ ...base, dateFrom: '2026-02-01', dateTo: '2026-01-31' })).toBe(true);
    expect(datesOutOfOrder({ ...base, dateFrom: '2026-02-01', dateTo: '2026-02-01' })).toBe(false);
    expect(datesOutOfOrder({ ...base, dateTo: '2026-01-31' })).toBe(false);
  });
});
