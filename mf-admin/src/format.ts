import type { AdminApplicationRow } from '@waypoint/contracts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function parse(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  // A calendar date (YYYY-MM-DD) is that day wherever the admin is, not midnight UTC.
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  const date = day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** '21 Nov 2026' in the admin's time zone; '' when there is no readable date. */
export function formatDate(iso: string | null | undefined): string {
  const date = parse(iso);
  if (!date) return '';
  return `${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()}`;
}

/** '21 Nov 2026, 09:05' in the admin's time zone; '' when there is no readable date. */
export function formatDateTime(iso: string | null | undefined): string {
  const date = parse(iso);
  if (!date) return '';
  const time = `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
  return `${formatDate(iso)}, ${time}`;
}

export function fullName(first: string | null | undefined, last: string | null | undefined) {
  return [first, last]
    .map((part) => (part ?? '').trim())
    .filter(Boolean)
    .join(' ');
}

/** The account holder's name, or '' for a guest or an account without a name. */
export function applicantName(row: Pick<AdminApplicationRow, 'user'>): string {
  return row.user ? fullName(row.user.firstName, row.user.lastName) : '';
}

/** The e-mail of the account, or the guest e-mail. */
export function applicantEmail(row: Pick<AdminApplicationRow, 'user' | 'guestEmail'>): string {
  return row.user?.email ?? row.guestEmail ?? '';
}
