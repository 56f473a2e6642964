import { memo, useCallback, useDeferredValue, useEffect, useRef, useState } from 'react';
import {
  AdminText,
  pageWindow,
  type AdminApplicationRow,
  type AdminSortColumn,
  type AssignResponse,
  type Pagination as PaginationData,
  type SortOrder,
} from '@waypoint/contracts';
import { API_BASE, Link, isApiError, useAppDispatch, useSearchParams } from '@waypoint/platform';
import { useApiText, useReferenceText, useStatusLabel } from '@waypoint/platform/i18n';
import {
  Button,
  ErrorBox,
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
import {
  DateText,
  EmailAddress,
  EyeIcon,
  LoadError,
  PencilIcon,
  StatusBadge,
} from '../components/common';
import { DateFilter } from '../components/DateFilter';
import { AssignActions, AssigneeText, DueText, type AssignAction } from '../components/work';
import {
  DEFAULT_SORT,
  QUEUE_ASSIGNEE,
  QUEUE_DUE,
  STATUSES,
  datesOutOfOrder,
  filterParams,
  hasFilters,
  readFilters,
  type AdminFilters,
  type FilterName,
} from '../filters';
import { applicantEmail, applicantName, formatAmount, formatDate } from '../format';
import type { HistoryWords } from '../history';
import { adminMessages } from '../i18n/catalog';
import {
  rememberListSearch,
  useAssignApplicationsMutation,
  useGetAdminApplicationsQuery,
  useStaff,
} from '../state';

/** How long the search waits after the last key before it asks the server. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The filters in the address bar now. A change is made to these rather than to the ones the page was last drawn
 * with (which react-router's functional update would pass): a navigation is drawn in a transition, so after
 * "Clear filters" the page can still show the old filters when a search typed meanwhile is sent, and the cleared
 * dates would come back with it.
 */
function filtersInAddress(): AdminFilters {
  return readFilters(new URLSearchParams(window.location.search));
}

function detailPath(row: Pick<AdminApplicationRow, 'id'>) {
  return `/admin/applications/${encodeURIComponent(row.id)}`;
}

/**
 * One application's row, with its box to select it; a row whose data and selection did not change is not drawn
 * again (say, while another page loads).
 */
const ApplicationRow = memo(function ApplicationRow({
  row,
  selected,
  onSelect,
}: {
  row: AdminApplicationRow;
  selected: boolean;
  onSelect: (id: string, selected: boolean) => void;
}) {
  const t = useT(adminMessages);
  const reference = useReferenceText();
  const locale = useLocale();
  const name = applicantName(row) || (row.user ? t('list.noName') : t('list.guest'));
  const email = applicantEmail(row);
  const selectId = `select-${row.id}`;
  // data-label: the column's name, shown beside each value when a phone shows the rows as cards.
  return (
    <tr className={cx(selected && 'wpd-row--selected')}>
      <td className="wpd-cell-select">
        <input
          id={selectId}
          type="checkbox"
          className="wp-choice__input"
          checked={selected}
          onChange={(event) => onSelect(row.id, event.target.checked)}
        />
        <label htmlFor={selectId} className="wp-visually-hidden">
          {t('list.select', { reference: row.reference })}
        </label>
      </td>
      <th scope="row">
        <span className="wpd-app">
          <Flag code={row.country.id} height={18} className="wpd-flag" />
          <span>
            <span className="wpd-strong">#{row.reference}</span>
            <span className="wpd-sub">{countryName(row.country.id, locale)}</span>
            <span className="wpd-sub">{reference.visaTypeName(row.visaType)}</span>
          </span>
        </span>
      </th>
      <td data-label={t('column.applicant')}>
        <span className="wpd-value">
          <span className="wpd-strong wpd-wrap">{name}</span>
          {email ? (
            <span className="wpd-sub">
              <EmailAddress email={email} />
            </span>
          ) : null}
        </span>
      </td>
      <td data-label={t('column.travellers')} className="wpd-num">
        {row.travelerCount}
      </td>
      <td data-label={t('column.amount')} className="wpd-num">
        {formatAmount(row.totalCents ?? 0, locale)}
      </td>
      <td data-label={t('column.status')}>
        <StatusBadge status={row.status} />
      </td>
      <td data-label={t('column.dueAssignee')}>
        <span className="wpd-value">
          <DueText due={row.due} locale={locale} missing={t('due.none')} />
          <span className="wpd-sub">
            <AssigneeText assignee={row.assignee} />
          </span>
        </span>
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

/** The orders offered by the Sort by list (the same as the column headers, plus newest and oldest first). */
const SORT_OPTIONS: ListOrder[] = [
  { sort: 'due', order: 'asc' },
  { sort: 'due', order: 'desc' },
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

/**
 * The box that selects every row of the page: mixed when only some are. In the table's header row, its label is
 * read out only; above the cards of a narrow screen (which have no header row), it is shown.
 */
function SelectAll({
  id,
  count,
  total,
  onChange,
  labelShown = false,
}: {
  id: string;
  count: number;
  total: number;
  onChange: (selected: boolean) => void;
  labelShown?: boolean;
}) {
  const t = useT(adminMessages);
  const ref = useRef<HTMLInputElement>(null);
  const some = count > 0 && count < total;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = some;
  }, [some]);
  return (
    <>
      <input
        ref={ref}
        id={id}
        type="checkbox"
        className="wp-choice__input"
        checked={total > 0 && count === total}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={id} className={labelShown ? 'wp-choice__label' : 'wp-visually-hidden'}>
        {t('list.selectAll')}
      </label>
    </>
  );
}

function ApplicationsTable({
  rows,
  order,
  onSort,
  selected,
  onSelect,
  onSelectAll,
}: {
  rows: AdminApplicationRow[];
  order: ListOrder;
  onSort: (order: ListOrder) => void;
  selected: ReadonlySet<string>;
  onSelect: (id: string, selected: boolean) => void;
  onSelectAll: (selected: boolean) => void;
}) {
  const t = useT(adminMessages);
  const sortable = { current: order, onSort };
  const selectedHere = rows.filter((row) => selected.has(row.id)).length;
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
          <col className="wpd-col-select" />
          <col className="wpd-col-app" />
          <col className="wpd-col-applicant" />
          <col className="wpd-col-travellers" />
          <col className="wpd-col-amount" />
          <col className="wpd-col-status" />
          <col className="wpd-col-due" />
          <col className="wpd-col-date" />
          <col className="wpd-col-actions" />
        </colgroup>
        <thead>
          <tr>
            <th scope="col" className="wpd-cell-select">
              <SelectAll
                id="select-page"
                count={selectedHere}
                total={rows.length}
                onChange={onSelectAll}
              />
            </th>
            <th scope="col">{t('column.application')}</th>
            <th scope="col">{t('column.applicant')}</th>
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
            <SortHeader column="due" label={t('column.dueAssignee')} {...sortable} />
            <SortHeader column="submitted" label={t('column.submitted')} {...sortable} />
            <th scope="col">{t('column.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <ApplicationRow
              key={row.id}
              row={row}
              selected={selected.has(row.id)}
              onSelect={onSelect}
            />
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

/** What an assignment of the selection did, in words: how many changed, and to whom. */
function assignedText(reply: AssignResponse, me: string | null, t: HistoryWords['t']): string {
  const count = reply.changed;
  if (!reply.assignee) return t('bulk.unassigned', { count });
  if (reply.assignee.id === me) return t('bulk.assignedToYou', { count });
  return t('bulk.assigned', { count, name: reply.assignee.name });
}

/**
 * What can be done with the selected rows: give them to oneself, to a colleague, or to nobody. The list loads again
 * afterwards, and a message says how many applications changed.
 */
function SelectionActions({
  selectedIds,
  total,
  onSelectAll,
  onDone,
}: {
  selectedIds: string[];
  /** How many rows the page has. */
  total: number;
  onSelectAll: (selected: boolean) => void;
  /** Called once the selection was assigned (the selection is then cleared). */
  onDone: () => void;
}) {
  const t = useT(adminMessages);
  const apiText = useApiText();
  const { staff, me, failed } = useStaff();
  const [assign] = useAssignApplicationsMutation();
  const [busy, setBusy] = useState<AssignAction | null>(null);
  const [result, setResult] = useState<string | null>(null);
  /** Why the last action failed: the server's words, or '' for none (a general sentence). */
  const [failure, setFailure] = useState<string | null>(null);
  const count = selectedIds.length;
  // "Select at least one application" holds only until one is.
  const shownFailure = failure === AdminText.selectionRequired && count > 0 ? null : failure;

  const run = async (assigneeId: string | null, action: AssignAction) => {
    if (busy) return;
    setResult(null);
    setFailure(null);
    if (count === 0) {
      setFailure(AdminText.selectionRequired);
      return;
    }
    setBusy(action);
    const reply = await assign({ ids: selectedIds, assigneeId });
    setBusy(null);
    if ('data' in reply && reply.data) {
      setResult(assignedText(reply.data, me, t));
      onDone();
      return;
    }
    const error = 'error' in reply ? reply.error : undefined;
    setFailure((isApiError(error) && error.message) || '');
  };

  return (
    <>
      <div className="wpd-bulk" role="group" aria-labelledby="bulk-count">
        <p id="bulk-count" className="wpd-bulk__count">
          {t('bulk.selected', { count })}
        </p>
        <div className="wp-choice wpd-bulk__all">
          <SelectAll
            id="select-page-cards"
            count={count}
            total={total}
            onChange={onSelectAll}
            labelShown
          />
        </div>
        <AssignActions
          id="bulk"
          staff={staff}
          me={me}
          busy={busy}
          staffFailed={failed}
          onAssign={(assigneeId, action) => void run(assigneeId, action)}
        />
      </div>
      <div role="status" className="wpd-live">
        {result ? <p className="wpd-result">{result}</p> : null}
      </div>
      {shownFailure !== null ? (
        <ErrorBox className="wpd-bulk__failure">
          <p>{shownFailure ? apiText(shownFailure) : t('bulk.failed')}</p>
        </ErrorBox>
      ) : null}
    </>
  );
}

const NOTHING_SELECTED: ReadonlySet<string> = new Set();

/**
 * Admin applications list, the work queue: filters in the URL, server-side pages of 20, rows to select and assign,
 * export of the filtered list.
 */
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

  // A "from" date after the "to" date is not sent (the server refuses it): the list keeps the last filters it
  // could show (on a page opened with such a range, the other filters without the dates), with the error on the
  // field.
  const [shownFilters, setShownFilters] = useState(() =>
    outOfOrder ? { ...filters, dateFrom: '', dateTo: '' } : filters,
  );
  const shownSearch = filterParams(shownFilters, true).toString();
  if (!outOfOrder && filterParams(filters, true).toString() !== shownSearch)
    setShownFilters(filters);
  const queried = outOfOrder ? shownFilters : filters;

  const {
    currentData,
    data: lastData,
    error,
    isError,
    isFetching,
    refetch,
  } = useGetAdminApplicationsQuery(queried, { refetchOnMountOrArgChange: true });

  /** Any filter change goes back to page 1 (spec section 4). */
  const setFilters = useCallback(
    (patch: Partial<Pick<AdminFilters, FilterName>>, replace = false) => {
      setParams(filterParams({ ...filtersInAddress(), ...patch, page: 1 }, 'url'), { replace });
    },
    [setParams],
  );

  const goToPage = (page: number) => {
    setParams(filterParams({ ...filtersInAddress(), page }, 'url'));
  };

  /** A new order starts again at page 1. */
  const sortBy = (order: ListOrder) => {
    setParams(filterParams({ ...filtersInAddress(), ...order, page: 1 }, 'url'));
  };

  // The rows selected on the page as it is shown: another page, filter or order starts with none.
  const [selection, setSelection] = useState<{ key: string; ids: ReadonlySet<string> }>({
    key: urlSearch,
    ids: NOTHING_SELECTED,
  });
  const selected = selection.key === urlSearch ? selection.ids : NOTHING_SELECTED;
  const selectRow = useCallback(
    (id: string, checked: boolean) => {
      setSelection((current) => {
        const ids = new Set(current.key === urlSearch ? current.ids : []);
        if (checked) ids.add(id);
        else ids.delete(id);
        return { key: urlSearch, ids };
      });
    },
    [urlSearch],
  );

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
  const data = isError ? undefined : (currentData ?? (isFetching ? lastData : undefined));
  // A page of rows is drawn as a transition: React renders it in slices of a few milliseconds, between which the
  // page answers taps and scrolls, instead of in one long task as the results arrive; until it is drawn, the page
  // shows what it showed before (the spinner, or the previous rows marked busy).
  const shown = useDeferredValue(data);
  const drawing = shown !== data;
  const filtered = hasFilters(filters);
  const rows = shown?.applications ?? [];
  const selectedIds = rows.filter((row) => selected.has(row.id)).map((row) => row.id);
  const selectPage = (checked: boolean) =>
    setSelection({
      key: urlSearch,
      ids: checked ? new Set(rows.map((row) => row.id)) : NOTHING_SELECTED,
    });

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
        <Select
          id="filter-due"
          label={t('filters.due')}
          placeholder={t('filters.due.any')}
          options={QUEUE_DUE.map((due) => ({ value: due, label: t(`filters.due.${due}`) }))}
          value={filters.due}
          onChange={(due) => setFilters({ due: due as AdminFilters['due'] })}
        />
        <Select
          id="filter-assignee"
          label={t('filters.assignee')}
          placeholder={t('filters.assignee.anyone')}
          options={QUEUE_ASSIGNEE.map((assignee) => ({
            value: assignee,
            label: t(`filters.assignee.${assignee}`),
          }))}
          value={filters.assignee}
          onChange={(assignee) => setFilters({ assignee: assignee as AdminFilters['assignee'] })}
        />
        <DateFilter
          id="filter-from"
          label={t('filters.from')}
          value={filters.dateFrom}
          error={outOfOrder ? AdminText.dateOrder : null}
          onChange={(dateFrom) => setFilters({ dateFrom })}
        />
        <DateFilter
          id="filter-to"
          label={t('filters.to')}
          value={filters.dateTo}
          onChange={(dateTo) => setFilters({ dateTo })}
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
      {!isError && !shown && (isFetching || drawing) ? (
        <Spinner label={t('list.loading')} showLabel />
      ) : null}
      {shown ? (
        <div aria-busy={isFetching || drawing || undefined}>
          {rows.length > 0 ? (
            <>
              <SelectionActions
                key={urlSearch}
                selectedIds={selectedIds}
                total={rows.length}
                onSelectAll={selectPage}
                onDone={() => selectPage(false)}
              />
              <ApplicationsTable
                rows={rows}
                order={{ sort: filters.sort, order: filters.order }}
                onSort={sortBy}
                selected={selected}
                onSelect={selectRow}
                onSelectAll={selectPage}
              />
            </>
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
