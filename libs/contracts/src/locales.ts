/**
 * The languages of the portal, and how a visit's language is chosen: the traveller's own choice (kept in a cookie,
 * and in the profile when signed in), else the first language their browser asks for that the portal speaks
 * (`Accept-Language`), else English. Addresses carry no language, so a shared link opens in the reader's language.
 */
export const LOCALES = ['en', 'fr', 'de', 'es', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'en';

/** The cookie that keeps the chosen language (a preference, readable by the page; a year). */
export const LOCALE_COOKIE = 'waypoint_locale';
export const LOCALE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** Each language's name in itself, as the language picker lists it. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  fr: 'Français',
  de: 'Deutsch',
  es: 'Español',
  ar: 'العربية',
};

const RIGHT_TO_LEFT: ReadonlySet<Locale> = new Set<Locale>(['ar']);

/** The language tag of a locale for `<html lang>` and `Intl`: the portal's English is British English. */
export function languageTag(locale: Locale): string {
  return locale === 'en' ? 'en-GB' : locale;
}

/** The writing direction of a language, for `<html dir>`. */
export function directionOf(locale: Locale): 'ltr' | 'rtl' {
  return RIGHT_TO_LEFT.has(locale) ? 'rtl' : 'ltr';
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The portal's language closest to a language tag (`fr-CA` → `fr`, `ar-EG` → `ar`), or null when it speaks none
 * of that language.
 */
export function localeOf(tag: string): Locale | null {
  const language = tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return isLocale(language) ? language : null;
}

/**
 * The portal's language a browser prefers, from its `Accept-Language` header (`de-CH, fr;q=0.8, en;q=0.5`):
 * the highest-weighted language the portal speaks, ties in the order listed; null when it names none.
 */
export function preferredLocale(acceptLanguage: string | undefined | null): Locale | null {
  if (!acceptLanguage) return null;
  let best: { locale: Locale; weight: number } | null = null;
  for (const part of acceptLanguage.slice(0, 1000).split(',')) {
    const [tag = '', ...params] = part.split(';');
    const locale = localeOf(tag);
    if (!locale) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    if (!Number.isFinite(weight) || weight <= 0) continue;
    if (!best || weight > best.weight) best = { locale, weight };
  }
  return best?.locale ?? null;
}

/** The language kept in a `Cookie` header, or null when there is none (or it names no language of the portal). */
export function cookieLocale(cookieHeader: string | undefined | null): Locale | null {
  if (!cookieHeader) return null;
  for (const pair of cookieHeader.split(';')) {
    const [name, value] = pair.split('=');
    if (name?.trim() === LOCALE_COOKIE)
      return isLocale(value?.trim()) ? (value.trim() as Locale) : null;
  }
  return null;
}

/** The language of a visit: the kept choice, else the browser's preference, else English. */
export function negotiateLocale(headers: {
  cookie?: string | undefined | null;
  acceptLanguage?: string | undefined | null;
}): Locale {
  return cookieLocale(headers.cookie) ?? preferredLocale(headers.acceptLanguage) ?? DEFAULT_LOCALE;
}
