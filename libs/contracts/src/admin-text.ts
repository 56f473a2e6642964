import { apiMessage, ApiMessages } from './api-messages';

// The staff area's texts, page size and paging, without zod: the applications list draws without the schema
// library. The schemas of the staff API (`admin.ts`) build on these.

export const ADMIN_PAGE_SIZE = 20;
export const MAX_PAGE_BUTTONS = 5;

export const AdminText = {
  rejectReasonRequired: ApiMessages['admin.rejectReasonRequired'],
  changedMeanwhile: ApiMessages['admin.changedMeanwhile'],
  /** `from` and `to` are statuses' catalog keys (`STATUS_MESSAGE_KEY`); any other text is shown as it is. */
  transitionNotAllowed: (from: string, to: string) =>
    apiMessage('admin.transitionNotAllowed', { fromKey: from, toKey: to }),
  dateOrder: ApiMessages['admin.dateOrder'],
  selectionRequired: ApiMessages['admin.selectionRequired'],
  noteRequired: ApiMessages['admin.noteRequired'],
  noteTooLong: ApiMessages['admin.noteTooLong'],
} as const;

/** Page buttons around the current page: at most 5 (spec: 1 to 5, moving with the page). */
export function pageWindow(page: number, pages: number, size = MAX_PAGE_BUTTONS): number[] {
  if (pages <= 0) return [];
  const start = Math.max(1, Math.min(page - Math.floor(size / 2), pages - size + 1));
  return Array.from({ length: Math.min(size, pages) }, (_, i) => start + i);
}

/** 'Showing X to Y of Z results'. */
export function showingText(p: { page: number; limit: number; total: number }): string {
  if (p.total === 0) return 'Showing 0 to 0 of 0 results';
  const from = (p.page - 1) * p.limit + 1;
  const to = Math.min(p.page * p.limit, p.total);
  return `Showing ${from} to ${to} of ${p.total} results`;
}
