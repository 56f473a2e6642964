import { languageTag as tag, type Locale } from '@waypoint/contracts';

/**
 * Formatting in the page's language with the browser's own `Intl` (no data downloaded): country names, month
 * names, dates, numbers and amounts. Formatters are made once per language and reused.
 */
const cache = new Map<string, unknown>();

function cached<T>(key: string, make: () => T): T {
  let value = cache.get(key) as T | undefined;
  if (value === undefined) {
    value = make();
    cache.set(key, value);
  }
  return value;
}

/** A country's name in `locale` from its ISO 3166 code (`DE` → "Allemagne" in French); the code if unknown. */
export function countryName(code: string, locale: Locale): string {
  const names = cached(
    `region:${locale}`,
    () => new Intl.DisplayNames([tag(locale)], { type: 'region' }),
  );
  try {
    return names.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** Compares texts as a reader of `locale` sorts them (accents, Arabic letters). */
export function compareText(locale: Locale): (a: string, b: string) => number {
  return cached(`collator:${locale}`, () => new Intl.Collator(tag(locale), { sensitivity: 'base' }))
    .compare;
}

/** The names of the twelve months in `locale`, January first. */
export function monthNames(locale: Locale): string[] {
  return cached(`months:${locale}`, () => {
    const format = new Intl.DateTimeFormat(tag(locale), { month: 'long', timeZone: 'UTC' });
    return Array.from({ length: 12 }, (_, month) => format.format(Date.UTC(2024, month, 1)));
  });
}

/** A calendar date (`YYYY-MM-DD`, or a Date) as `locale` writes it in full: "3 mars 2027". */
export function formatDate(value: string | Date, locale: Locale): string {
  const date = typeof value === 'string' ? new Date(`${value.slice(0, 10)}T00:00:00Z`) : value;
  if (Number.isNaN(date.getTime())) return String(value);
  return cached(
    `date:${locale}`,
    () => new Intl.DateTimeFormat(tag(locale), { dateStyle: 'long', timeZone: 'UTC' }),
  ).format(date);
}

/**
 * A moment as `locale` writes a date with its time ("26 Nov 2026, 14:05"), in the reader's time zone, or in
 * `timeZone` when given; empty when unreadable.
 */
export function formatDateTime(iso: string, locale: Locale, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return cached(
    `datetime:${locale}:${timeZone ?? ''}`,
    () =>
      new Intl.DateTimeFormat(tag(locale), {
        dateStyle: 'medium',
        timeStyle: 'short',
        ...(timeZone ? { timeZone } : {}),
      }),
  ).format(date);
}

/** An amount of money (`currency`: EUR or GBP) as `locale` writes it: "59,00 €", "€59.00". */
export function formatMoney(amount: number, currency: 'EUR' | 'GBP', locale: Locale): string {
  return cached(
    `money:${locale}:${currency}`,
    () => new Intl.NumberFormat(tag(locale), { style: 'currency', currency }),
  ).format(amount);
}
