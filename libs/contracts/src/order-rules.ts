import { ApiMessages, type ApiMessageKey } from './api-messages';

/**
 * What the pages know of an order without validating one: its statuses, the tabs of My orders, where an order
 * continues or is read, and where its receipt downloads. No zod here, so a page that shows orders (My orders,
 * drawn as soon as it loads) does not load the schema library; the schemas of orders (`orders.ts`) build on these.
 */

/** An application's statuses, in the order an application goes through them. */
export const APPLICATION_STATUSES = [
  'DRAFT',
  'IN_PROGRESS',
  'SUBMITTED',
  'UNDER_REVIEW',
  'CHANGES_REQUESTED',
  'LODGED',
  'APPROVED',
  'REJECTED',
  'REFUNDED',
] as const;
type Status = (typeof APPLICATION_STATUSES)[number];

/**
 * My orders tabs (spec: My orders): the closed orders (decided, or refunded in full) are old ones, the others
 * active (see `ordersTabOf`).
 */
export const OLD_STATUSES: readonly Status[] = ['APPROVED', 'REJECTED', 'REFUNDED'];

/** The tab of My orders that lists an order. */
export function ordersTabOf(order: { status: Status }): 'active' | 'old' {
  return OLD_STATUSES.includes(order.status) ? 'old' : 'active';
}

/** The catalog key of each status's name (what a front end translates, e.g. in `admin.transitionNotAllowed`). */
export const STATUS_MESSAGE_KEY = {
  DRAFT: 'applicationStatus.draft',
  IN_PROGRESS: 'applicationStatus.inProgress',
  SUBMITTED: 'applicationStatus.submitted',
  UNDER_REVIEW: 'applicationStatus.underReview',
  APPROVED: 'applicationStatus.approved',
  REJECTED: 'applicationStatus.rejected',
  REFUNDED: 'applicationStatus.refunded',
  CHANGES_REQUESTED: 'applicationStatus.changesRequested',
  LODGED: 'applicationStatus.lodged',
} as const satisfies Record<Status, ApiMessageKey>;

/** Display labels of the statuses (in English). */
export const STATUS_LABEL: Record<Status, string> = {
  DRAFT: ApiMessages[STATUS_MESSAGE_KEY.DRAFT],
  IN_PROGRESS: ApiMessages[STATUS_MESSAGE_KEY.IN_PROGRESS],
  SUBMITTED: ApiMessages[STATUS_MESSAGE_KEY.SUBMITTED],
  UNDER_REVIEW: ApiMessages[STATUS_MESSAGE_KEY.UNDER_REVIEW],
  APPROVED: ApiMessages[STATUS_MESSAGE_KEY.APPROVED],
  REJECTED: ApiMessages[STATUS_MESSAGE_KEY.REJECTED],
  REFUNDED: ApiMessages[STATUS_MESSAGE_KEY.REFUNDED],
  CHANGES_REQUESTED: ApiMessages[STATUS_MESSAGE_KEY.CHANGES_REQUESTED],
  LODGED: ApiMessages[STATUS_MESSAGE_KEY.LODGED],
};

/** Whether the traveller has something to do on an order (shown as "Action needed" in My orders). */
export const needsTravellerAction = (status: Status): boolean =>
  status === 'IN_PROGRESS' || status === 'CHANGES_REQUESTED';

/**
 * Where the traveller continues an order, or null when there is nothing left to do:
 * an unpaid order resumes at checkout, a paid one at the post-payment steps, one with changes requested at the
 * review page that lists them; a closed one is only read.
 */
export function resumePath(status: Status, id: string): string | null {
  if (status === 'DRAFT') return `/application/checkout?applicationId=${encodeURIComponent(id)}`;
  if (status === 'IN_PROGRESS') return `/application/${encodeURIComponent(id)}/general-info`;
  // Staff asked for changes: the review page lists them, each a link to its section or document.
  if (status === 'CHANGES_REQUESTED') return `/application/${encodeURIComponent(id)}/review`;
  return null;
}

/** Where a paid order that can no longer be changed is read (its answers, documents and status). */
export function viewPath(status: Status, id: string): string | null {
  if (status === 'DRAFT' || status === 'IN_PROGRESS') return null;
  return `/application/${encodeURIComponent(id)}/review`;
}

/** The order reference people see: the last 8 characters of the id, upper-cased. */
export function orderReference(id: string): string {
  return id.slice(-8).toUpperCase();
}

/** Where a receipt's PDF is downloaded, under the API's base path. */
export const receiptPath = (applicationId: string, as: 'owner' | 'staff' = 'owner') =>
  as === 'staff'
    ? `/admin/applications/${encodeURIComponent(applicationId)}/receipt`
    : `/application/${encodeURIComponent(applicationId)}/receipt`;
