import { languageTag, type Locale } from '@waypoint/contracts';
import { formatDate } from '@waypoint/ui';

/**
 * A date as the orders show it, in the page's language ('21 November 2026', '21 novembre 2026'), on the calendar
 * day of the user's time zone (of UTC when `timeZone` says so: see useReaderClock); empty when unreadable.
 */
export function formatOrderDate(iso: string, locale: Locale, timeZone?: 'UTC'): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  if (timeZone === 'UTC') return formatDate(date, locale);
  return formatDate(
    new Date(Date.UTC(date.getFullYear(), date.getMonth(), date.getDate())),
    locale,
  );
}

/** The traveller count of an order: at least one (spec section 9). */
export function adultCount(count: number): number {
  return Number.isInteger(count) && count > 0 ? count : 1;
}

const lists = new Map<Locale, Intl.ListFormat>();

/** Names as a list in the page's language: 'Ada Lovelace, Charles Babbage' ('… et …' in French). */
export function formatNames(names: readonly string[], locale: Locale): string {
  let list = lists.get(locale);
  if (!list) {
    list = new Intl.ListFormat(languageTag(locale), { type: 'unit', style: 'short' });
    lists.set(locale, list);
  }
  return list.format(names);
}
