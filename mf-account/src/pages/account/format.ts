import { languageTag, type Locale } from '@waypoint/contracts';
import { formatDate, useHydrated, useLocale } from '@waypoint/ui';

/**
 * A date as the orders show it, in the page's language ('21 November 2026', '21 novembre 2026'), on the calendar
 * day of the user's time zone; empty when unreadable.
 */
export function formatOrderDate(iso: string, locale: Locale): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return formatDate(
    new Date(Date.UTC(date.getFullYear(), date.getMonth(), date.getDate())),
    locale,
  );
}

/**
 * formatOrderDate in the page's language, once the page has hydrated. Until then (My orders rendered on the
 * server, which does not know the user's time zone, and the browser's first render, which must match it) a
 * no-break space holds each readable date's line; an unreadable one is empty either way.
 */
export function useOrderDate(): (iso: string) => string {
  const locale = useLocale();
  const hydrated = useHydrated();
  return (iso) => {
    const text = formatOrderDate(iso, locale);
    return hydrated || !text ? text : '\u00a0';
  };
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
