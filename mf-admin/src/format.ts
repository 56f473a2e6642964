import { languageTag, type AdminApplicationRow, type Locale } from '@waypoint/contracts';
import { currentLocale, formatMoney } from '@waypoint/ui';

function parse(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  // A calendar date (YYYY-MM-DD) is that day wherever the admin is, not midnight UTC.
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  const date = day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: Locale, withTime: boolean): Intl.DateTimeFormat {
  const key = `${locale}:${withTime}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(languageTag(locale), {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      ...(withTime ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } : {}),
    });
    formatters.set(key, format);
  }
  return format;
}

/** '21 Nov 2026' ('21 nov. 2026' in French) in the admin's time zone; '' when there is no readable date. */
export function formatDate(
  iso: string | null | undefined,
  locale: Locale = currentLocale(),
): string {
  const date = parse(iso);
  return date ? formatter(locale, false).format(date) : '';
}

/** '21 Nov 2026, 09:05' in the admin's time zone and the page's language; '' when there is no readable date. */
export function formatDateTime(
  iso: string | null | undefined,
  locale: Locale = currentLocale(),
): string {
  const date = parse(iso);
  return date ? formatter(locale, true).format(date) : '';
}

/** An amount in cents of `currency` as the page's language writes it: '€42.00', '42,00 €'. */
export function formatAmount(cents: number, locale: Locale, currency = 'EUR'): string {
  const code = currency.toUpperCase();
  if (code === 'EUR' || code === 'GBP') return formatMoney(cents / 100, code, locale);
  try {
    return new Intl.NumberFormat(languageTag(locale), { style: 'currency', currency: code }).format(
      cents / 100,
    );
  } catch {
    return `${(cents / 100).toFixed(2)} ${code}`;
  }
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
