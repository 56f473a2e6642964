import { memo, useCallback, useDeferredValue, useEffect, useState } from 'react';
import {
  AdminText,
  pageWindow,
  type AdminApplicationRow,
  type AdminSortColumn,
  type Pagination as PaginationData,
  type SortOrder,
} from '@waypoint/contracts';
import { API_BASE, Link, useAppDispatch, useSearchParams } from '@waypoint/platform';
import { useReferenceText, useStatusLabel } from '@waypoint/platform/i18n';
import {
  Button,
  Select,
  Spinner,
  TextField,
  buttonClassName,
  countryName,
  cx,
  useLocale,
  useT,
} from '@waypoint/ui';
import { Flag, Icon, Inbox, SearchX } from '@waypoint/ui/icons';
import { DateText, EyeIcon, LoadError, PencilIcon, StatusBadge } from '../components/common';
import {
  DEFAULT_SORT,
  STATUSES,
  datesOutOfOrder,
  filterParams,
  hasFilters,
  readFilters,
  type AdminFilters,
  type FilterName,
} from '../filters';
import { applicantEmail, applicantName, formatAmount, formatDate } from '../format';
import { adminMessages } from '../i18n/catalog';
import { rememberListSearch, useGetAdminApplicationsQuery } from '../state';

/** How long the search waits after the last key before it asks the server. */
export const SEARCH_DEBOUNCE_MS = 300;

function detailPath(row: Pick<AdminApplicationRow, 'id'>) {
  return `/admin/applications/${encodeURIComponent(row.id)}`;
}

/** One application's row; a row whose data did not change is not drawn again (say, while another page loads). */
const ApplicationRow = memo(function ApplicationRow({ row }: { row: AdminApplicationRow }) {
  const t = useT(adminMessages);
  const reference = useReferenceText();
  const locale = useLocale();
  const name = applicantName(row) || (row.user ? t('list.noName') : t('list.guest'));
  const email = applicantEmail(row);
  // data-label: the column's name, shown beside each value when a phone shows the rows as cards.
  return (
    <tr>
      <th scope="row">
        <span className="wpd-app">
          <Flag code={row.country.id} height={18} className="wpd-flag" />
          <span>
            <span className="wpd-strong">#{row.reference}</span>
            <span className="wpd-sub">{countryName(row.country.id, locale)}</span>
          </span>
        </span>
      </th>
      <td data-label={t('column.applicant')}>
        <span className="wpd-value">
          <span className="wpd-strong wpd-wrap">{name}</span>
          {email ? (
            <span className="wpd-sub">
              <bdi>{email}</bdi>
            </span>
          ) : null}
        </span>
      </td>
      <td data-label={t('column.visaType')}>{reference.visaTypeName(row.visaType)}</td>
      <td data-label={t('column.travellers')} className="wpd-num">
        {row.travelerCount}
      </td>
      <td data-label={t('column.amount')} className="wpd-num">
        {formatAmount(row.totalCents ?? 0, locale)}
      </td>
      <td data-label={t('column.status')}>
        <StatusBadge status={row.status} />
      </td>
      <td data-label={t('column.submitted')}>
        <DateText
          iso={row.submittedAt}
          text={formatDate(row.submittedAt, locale)}
          missing={t('list.notSubmitted')}
        />
      </td>
      <td className="wpd-cell-actions">
        <span className="wpd-actions">
          <Link
            className="wp-icon-button wpd-icon"
            to={detailPath(row)}
            aria-label={t('list.view', { reference: row.reference })}
            title={t('list.viewTitle')}
          >
            <EyeIcon />
          </Link>
          <Link
            className="wp-icon-button wpd-icon"
            to={`${detailPath(row)}#decision`}
            aria-label={t('list.changeStatus', { reference: row.reference })}
            title={t('list.changeStatusTitle')}
          >
            <PencilIcon />
          </Link>
        </span>
      </td>
    </tr>
  );
});

export interface ListOrder {
  sort: AdminSortColumn;
  order: SortOrder;
}

/** The orders offered by the Sort by list (the same as the column headers, plus oldest first). */
const SORT_OPTIONS: ListOrder[] = [
  { sort: 'created', order: 'desc' },
  { sort: 'created', order: 'asc' },
  { sort: 'submitted', order: 'asc' },
  { sort: 'submitted', order: 'desc' },
  { sort: 'status', order: 'asc' },
  { sort: 'status', order: 'desc' },
  { sort: 'amount', order: 'desc' },
  { sort: 'amount', order: 'asc' },
  { sort: 'travellers', order: 'desc' },
  { sort: 'travellers', order: 'asc' },
];

function ArrowsIcon({ order }: { order: SortOrder | null }) {
  return (
    <svg
      className="wpd-sort__icon"
      width="12"
      height="16"
      viewBox="0 0 12 16"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M6 1 11 6.5H1Z" fill="currentColor" opacity={order === 'desc' ? 0.3 : 1} />
      <path d="M6 15 1 9.5h10Z" fill="currentColor" opacity={order === 'asc' ? 0.3 : 1} />
    </svg>
  );
}

/** A column header that sorts: a button inside the header cell, which carries aria-sort when it is the order. */
function SortHeader({
  column,
  label,
  current,
  onSort,
  className,
}: {
  column: AdminSortColumn;
  label: string;
  current: ListOrder;
  onSort: (order: ListOrder) => void;
  className?: string;
}) {
  const active = current.sort === column;
  return (
    <th
      scope="col"
      className={cx('wpd-sortable', className)}
      aria-sort={active ? (current.order === 'asc' ? 'ascending' : 'descending') : undefined}
    >
      <button
        type="button"
        className={cx('wpd-sort', active && 'wpd-sort--active')}
        onClick={() =>
          onSort({
            sort: column,
            // A first click sorts ascending; the next one turns it round.
            order: active && current.order === 'asc' ? 'desc' : 'asc',
          })
        }
      >
        {label}
        <ArrowsIcon order={active ? current.order : null} />
      </button>
    </th>
  );
}

function ApplicationsTable({
  rows,
  order,
  onSort,
}: {
  rows: AdminApplicationRow[];
  order: ListOrder;
  onSort: (order: ListOrder) => void;
}) {
  const t = useT(adminMessages);
  const sortable = { current: order, onSort };
  return (
    <div
      className="wpd-table-wrap wpd-list-wrap wpd-stacked-wrap"
      role="region"
      aria-labelledby="applications-caption"
      tabIndex={0}
    >
      <p id="applications-order" className="wp-visually-hidden">
        {t(`list.order.${order.sort}.${order.order}`)}
      </p>
      <table className="wpd-table wpd-list wpd-stacked" aria-describedby="applications-order">
        <caption id="applications-caption" className="wp-visually-hidden">
          {t('list.caption')}
        </caption>
        <colgroup>
          <col className="wpd-col-app" />
          <col className="wpd-col-applicant" />
          <col className="wpd-col-visa" />
          <col className="wpd-col-travellers" />
          <col className="wpd-col-amount" />
          <col className="wpd-col-status" />
          <col className="wpd-col-date" />
          <col className="wpd-col-actions" />
        </colgroup>
        <thead>
          <tr>
            <th scope="col">{t('column.application')}</th>
            <th scope="col">{t('column.applicant')}</th>
            <th scope="col">{t('column.visaType')}</th>
            <SortHeader
              column="travellers"
              label={t('column.travellers')}
              className="wpd-num"
              {...sortable}
            />
            <SortHeader
              column="amount"
              label={t('column.amount')}
              className="wpd-num"
              {...sortable}
            />
            <SortHeader column="status" label={t('column.status')} {...sortable} />
            <SortHeader column="submitted" label={t('column.submitted')} {...sortable} />
            <th scope="col">{t('column.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <ApplicationRow key={row.id} row={row} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A button that stays focusable at the ends (aria-disabled), so the keyboard user does not lose their place. */
function PageStep({
  label,
  target,
  enabled,
  onPage,
}: {
  label: string;
  target: number;
  enabled: boolean;
  onPage: (page: number) => void;
}) {
  return (
    <button
      type="button"
      className={buttonClassName('secondary', 'small')}
      aria-disabled={enabled ? undefined : true}
      onClick={() => {
        if (enabled) onPage(target);
      }}
    >
      {label}
    </button>
  );
}

function Pagination({
  pagination,
  onPage,
  loading,
}: {
  pagination: PaginationData;
  onPage: (page: number) => void;
  loading: boolean;
}) {
  const t = useT(adminMessages);
  const { page, pages, limit, total } = pagination;
  const from = total === 0 ? 0 : (page - 1) * limit + 1;
  const to = total === 0 ? 0 : Math.min(page * limit, total);
  return (
    <div className="wpd-pagination">
      <p className="wpd-showing" role="status">
        {loading ? t('list.loading') : t('list.showing', { from, to, total })}
      </p>
      {pages > 0 ? (
        <nav aria-label={t('list.pagination')}>
          <ul className="wpd-pages">
            <li>
              <PageStep
                label={t('list.previous')}
                target={page - 1}
                enabled={page > 1}
                onPage={onPage}
              />
            </li>
            {pageWindow(Math.min(page, pages), pages).map((number) => (
              <li key={number}>
                <button
                  type="button"
                  className={cx('wpd-page', number === page && 'wpd-page--current')}
                  aria-label={t('list.page', { number })}
                  aria-current={number === page ? 'page' : undefined}
                  onClick={() => onPage(number)}
                >
                  {number}
                </button>
              </li>
            ))}
            <li>
              <PageStep
                label={t('list.next')}
                target={page + 1}
                enabled={page < pages}
                onPage={onPage}
              />
            </li>
          </ul>
        </nav>
      ) : null}
    </div>
  );
}

/** Admin applications list: filters in the URL, server-side pages of 20, export of the filtered list. */
export function ApplicationsPage() {
  const t = useT(adminMessages);
  const statusLabel = useStatusLabel();
  const dispatch = useAppDispatch();
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const urlSearch = filterParams(filters, 'url').toString();
  const outOfOrder = datesOutOfOrder(filters);

  useEffect(() => {
    dispatch(rememberListSearch(urlSearch));
  }, [dispatch, urlSearch]);

  const {
    currentData,
    data: lastData,
    error,
    isError,
    isFetching,
    refetch,
  } = useGetAdminApplicationsQuery(filters, { skip: outOfOrder, refetchOnMountOrArgChange: true });

  /** Any filter change goes back to page 1 (spec section 4). */
  const setFilters = useCallback(
    (patch: Partial<Pick<AdminFilters, FilterName>>, replace = false) => {
      setParams((current) => filterParams({ ...readFilters(current), ...patch, page: 1 }, 'url'), {
        replace,
      });
    },
    [setParams],
  );

  const goToPage = (page: number) => {
    setParams((current) => filterParams({ ...readFilters(current), page }, 'url'));
  };

  /** A new order starts again at page 1. */
  const sortBy = (order: ListOrder) => {
    setParams((current) => filterParams({ ...readFilters(current), ...order, page: 1 }, 'url'));
  };

  // The search box: what is typed, sent to the URL (and the server) once typing pauses.
  const [searchText, setSearchText] = useState(filters.search);
  const [seenSearch, setSeenSearch] = useState(filters.search);
  if (filters.search !== seenSearch) {
    // The URL changed from elsewhere (back button, Clear filters): the box follows it.
    setSeenSearch(filters.search);
    if (filters.search !== searchText.trim()) setSearchText(filters.search);
  }
  useEffect(() => {
    if (searchText.trim() === filters.search) return undefined;
    // Typing replaces the history entry rather than adding one per pause.
    const timer = setTimeout(() => setFilters({ search: searchText }, true), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText, filters.search, setFilters]);

  const searchNow = () => {
    if (searchText.trim() !== filters.search) setFilters({ search: searchText });
  };

  const exportQuery = filterParams(filters, false).toString();
  const exportHref = `${API_BASE}/admin/applications/export.csv${exportQuery ? `?${exportQuery}` : ''}`;
  // While another page or filter loads, the previous result stays (marked busy), so the control just used keeps
  // the focus.
  const data =
    isError || outOfOrder ? undefined : (currentData ?? (isFetching ? lastData : undefined));
  // A page of rows is drawn as a transition: React renders it in slices of a few milliseconds, between which the
  // page answers taps and scrolls, instead of in one long task as the results arrive; until it is drawn, the page
  // shows what it showed before (the spinner, or the previous rows marked busy).
  const shown = useDeferredValue(data);
  const drawing = shown !== data;
  const filtered = hasFilters(filters);

  return (
    <>
      <title>{t('list.title')}</title>
      <div className="wpd-page-head">
        <h1>{t('list.heading')}</h1>
        <a
          className={buttonClassName('secondary')}
          href={exportHref}
          download
          aria-describedby="export-hint"
        >
          {t('list.export')}
        </a>
        <p id="export-hint" className="wp-visually-hidden">
          {filtered ? t('list.exportHintFiltered') : t('list.exportHint')}
        </p>
      </div>

      <form
        role="search"
        aria-label={t('filters.label')}
        className="wpd-filters"
        onSubmit={(event) => {
          event.preventDefault();
          searchNow();
        }}
      >
        <TextField
          id="filter-search"
          label={t('filters.search')}
          type="search"
          placeholder={t('list.searchPlaceholder')}
          hint={t('filters.searchHint')}
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
          // Enter searches at once (the form has several fields, so it does not submit on Enter by itself).
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              searchNow();
            }
          }}
          autoComplete="off"
          maxLength={200}
        />
        <Select
          id="filter-status"
          label={t('filters.status')}
          placeholder={t('filters.all')}
          options={STATUSES.map((status) => ({ value: status, label: statusLabel(status) }))}
          value={filters.status}
          onChange={(status) => setFilters({ status: status as AdminFilters['status'] })}
        />
        <TextField
          id="filter-from"
          label={t('filters.from')}
          type="date"
          value={filters.dateFrom}
          max={filters.dateTo || undefined}
          onChange={(event) => setFilters({ dateFrom: event.target.value })}
        />
        <TextField
          id="filter-to"
          label={t('filters.to')}
          type="date"
          value={filters.dateTo}
          min={filters.dateFrom || undefined}
          error={outOfOrder ? AdminText.dateOrder : null}
          onChange={(event) => setFilters({ dateTo: event.target.value })}
        />
        <Select
          id="filter-sort"
          label={t('filters.sort')}
          options={SORT_OPTIONS.map(({ sort, order }) => ({
            value: `${sort}:${order}`,
            label: t(`sort.${sort}.${order}`),
          }))}
          value={`${filters.sort}:${filters.order}`}
          onChange={(value) => {
            const [sort, order] = value.split(':') as [AdminSortColumn, SortOrder];
            sortBy(sort && order ? { sort, order } : DEFAULT_SORT);
          }}
        />
        <div className="wpd-filters__actions">
          {filtered ? (
            <Button
              variant="link"
              onClick={() => {
                setSearchText('');
                setParams(new URLSearchParams());
              }}
            >
              {t('filters.clear')}
            </Button>
          ) : null}
        </div>
      </form>

      {isError ? (
        <LoadError what="applications" error={error} onRetry={() => void refetch()} />
      ) : null}
      {!outOfOrder && !isError && !shown && (isFetching || drawing) ? (
        <Spinner label={t('list.loading')} showLabel />
      ) : null}
      {shown ? (
        <div aria-busy={isFetching || drawing || undefined}>
          {shown.applications.length > 0 ? (
            <ApplicationsTable
              rows={shown.applications}
              order={{ sort: filters.sort, order: filters.order }}
              onSort={sortBy}
            />
          ) : (
            <div className="wpd-empty">
              <span className="wpd-empty__icon">
                <Icon icon={filtered ? SearchX : Inbox} size={28} />
              </span>
              <p className="wpd-strong">
                {filtered
                  ? t('list.empty.filtered')
                  : filters.page > 1
                    ? t('list.empty.page')
                    : t('list.empty.none')}
              </p>
              {filtered ? <p>{t('list.empty.filteredHint')}</p> : null}
            </div>
          )}
          <Pagination pagination={shown.pagination} onPage={goToPage} loading={isFetching} />
        </div>
      ) : null}
    </>
  );
}
