import {
  APPLICATION_STATUSES,
  type AdminListQuery,
  type AdminSortColumn,
  type ApplicationStatus,
  type QueueAssignee,
  type QueueDue,
} from '@waypoint/contracts';

/**
 * The admin list's filters (spec section 3: Admin filter) and its order: the list's query, every part given ('' for
 * a filter that is not set). They live in the URL's query string.
 */
export type AdminFilters = Required<Omit<AdminListQuery, 'page'>> & { page: number };

export type FilterName = Exclude<keyof AdminFilters, 'page' | 'sort' | 'order'>;

/** The list's order when the URL names none: the work queue, due soonest first. */
export const DEFAULT_SORT: Pick<AdminFilters, 'sort' | 'order'> = {
  sort: 'due',
  order: 'asc',
};

const SORT_COLUMNS: readonly AdminSortColumn[] = [
  'due',
  'created',
  'submitted',
  'amount',
  'travellers',
  'status',
];

function isSortColumn(value: string): value is AdminSortColumn {
  return (SORT_COLUMNS as string[]).includes(value);
}

/** True when the list is in its default order (nothing about the order goes in the URL then). */
export function isDefaultSort(filters: Pick<AdminFilters, 'sort' | 'order'>): boolean {
  return filters.sort === DEFAULT_SORT.sort && filters.order === DEFAULT_SORT.order;
}

export const FILTER_NAMES: readonly FilterName[] = [
  'search',
  'status',
  'dateFrom',
  'dateTo',
  'due',
  'assignee',
];

/** The work-queue filters: past due or due later today, and whose work it is. */
export const QUEUE_DUE: readonly QueueDue[] = ['overdue', 'today'];
export const QUEUE_ASSIGNEE: readonly QueueAssignee[] = ['me', 'none'];

/** Every status, in the order of the lifecycle: the status filter's options and the dashboard's counts. */
export const STATUSES: readonly ApplicationStatus[] = APPLICATION_STATUSES;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function isStatus(value: string): value is ApplicationStatus {
  return (STATUSES as readonly string[]).includes(value);
}

function isQueueDue(value: string): value is QueueDue {
  return (QUEUE_DUE as readonly string[]).includes(value);
}

function isQueueAssignee(value: string): value is QueueAssignee {
  return (QUEUE_ASSIGNEE as readonly string[]).includes(value);
}

/** The filters a URL asks for; anything unreadable counts as not set (and page 1). */
export function readFilters(params: URLSearchParams): AdminFilters {
  const status = params.get('status') ?? '';
  const dateFrom = params.get('dateFrom') ?? '';
  const dateTo = params.get('dateTo') ?? '';
  const page = Number(params.get('page') ?? '1');
  const sort = params.get('sort') ?? '';
  const order = params.get('order') ?? '';
  const due = params.get('due') ?? '';
  const assignee = params.get('assignee') ?? '';
  return {
    search: (params.get('search') ?? '').trim(),
    status: isStatus(status) ? status : '',
    dateFrom: ISO_DATE.test(dateFrom) ? dateFrom : '',
    dateTo: ISO_DATE.test(dateTo) ? dateTo : '',
    due: isQueueDue(due) ? due : '',
    assignee: isQueueAssignee(assignee) ? assignee : '',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    ...(isSortColumn(sort)
      ? { sort, order: order === 'asc' || order === 'desc' ? order : 'asc' }
      : DEFAULT_SORT),
  };
}

/**
 * The non-empty filters as query parameters, in a stable order. With `withPage`, the page and the order too
 * (always the page for the API; in the browser's URL only when it is not the first page; the order only when it
 * is not the default, which the API applies when it is not given). Without, the filters alone (the CSV export,
 * always newest first).
 */
export function filterParams(filters: AdminFilters, withPage: boolean | 'url'): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of FILTER_NAMES) {
    const value = filters[name].trim();
    if (value !== '') params.set(name, value);
  }
  if (withPage !== false && !isDefaultSort(filters)) {
    params.set('sort', filters.sort);
    params.set('order', filters.order);
  }
  if (withPage === true || (withPage === 'url' && filters.page > 1))
    params.set('page', String(filters.page));
  return params;
}

/** True when the "to" date is before the "from" date (the server refuses that). */
export function datesOutOfOrder(filters: AdminFilters): boolean {
  return filters.dateFrom !== '' && filters.dateTo !== '' && filters.dateTo < filters.dateFrom;
}

export function hasFilters(filters: AdminFilters): boolean {
  return FILTER_NAMES.some((name) => filters[name] !== '');
}
