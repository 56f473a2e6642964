import { setupI18n, type Messages } from '@lingui/core';
import {
  DEFAULT_LOCALE,
  directionOf,
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE_SECONDS,
  languageTag,
  localeOf,
  type Locale,
} from '@waypoint/contracts';

/**
 * The portal's messages, one catalog per area (the shell, each remote, the shared libraries), each in its own
 * namespace. English is the source: it is bundled with the area's code, so an English page needs no extra download.
 * Every other language is a chunk of its own, downloaded when that language is in use. Messages are ICU
 * MessageFormat (`{count, plural, one {# traveller} other {# travellers}}`), compiled to Lingui's compact form at
 * build time (see webpack/catalog-loader.cjs), so browsers never parse ICU. docs/i18n.md says why Lingui.
 */

/** The parameters of a message: `{name}` placeholders, numbers for plurals, dates. */
export type MessageValues = Record<string, string | number | Date>;

/** The messages of one area in one language: key → ICU message. */
export type Catalog<K extends string> = Record<K, string>;

/** Each language other than English, downloaded on demand; a language missing a key fails the typecheck. */
export type CatalogLoaders<K extends string> = Record<
  Exclude<Locale, 'en'>,
  () => Promise<{ default: Catalog<K> }>
>;

export interface MessageCatalog<K extends string> {
  readonly namespace: string;
  /** Resolves once this catalog's messages in `locale` are loaded (at once for English, or when loaded). */
  load(locale: Locale): Promise<void>;
  /** True when this catalog's messages in `locale` are loaded. */
  loaded(locale: Locale): boolean;
  /** The message in the active language, with its parameters. */
  t(key: K, values?: MessageValues): string;
}

/** A catalog as this module keeps it: it also switches its messages to a language once they are loaded. */
interface DefinedCatalog<K extends string> extends MessageCatalog<K> {
  activate(locale: Locale): void;
}

const catalogs: DefinedCatalog<string>[] = [];
let activeLocale: Locale = DEFAULT_LOCALE;

/** Every catalog defined so far (an area's catalog is defined when its code first loads). */
export function definedCatalogs(): readonly MessageCatalog<string>[] {
  return catalogs;
}

/**
 * Defines an area's catalog from its English messages and a loader per other language, e.g.
 * `defineCatalog('shell', en, { fr: () => import('./i18n/fr.json'), … })`. Keys are the English catalog's keys.
 */
export function defineCatalog<K extends string>(
  namespace: string,
  english: Catalog<K>,
  others: CatalogLoaders<K>,
): MessageCatalog<K> {
  const pending = new Map<Locale, Promise<void>>();
  const done = new Set<Locale>();
  // The area's messages in a Lingui instance of its own, used as they were loaded: no copy of every message under
  // a namespaced key into one shared table, and no key to build for each message shown. English is always loaded:
  // it is what the area shows while the page's language is on its way.
  const lingui = setupI18n({ locale: DEFAULT_LOCALE, messages: { en: english as Messages } });
  const catalog: DefinedCatalog<K> = {
    namespace,
    loaded: (locale) => done.has(locale),
    load(locale) {
      if (done.has(locale)) return Promise.resolve();
      let loading = pending.get(locale);
      if (!loading) {
        const source = locale === 'en' ? Promise.resolve({ default: english }) : others[locale]();
        loading = source.then(
          (module) => {
            lingui.load(locale, module.default as Messages);
            done.add(locale);
            if (locale === activeLocale) lingui.activate(locale);
          },
          (error: unknown) => {
            // A failed download can be tried again (the next change of language, or the next render).
            pending.delete(locale);
            throw error;
          },
        );
        pending.set(locale, loading);
      }
      return loading;
    },
    t: (key, values) => lingui._(key, values),
    activate: (locale) => {
      if (done.has(locale)) lingui.activate(locale);
    },
  };
  done.add('en');
  catalog.activate(activeLocale);
  catalogs.push(catalog);
  return catalog;
}

type Listener = () => void;
const listeners = new Set<Listener>();

/** The language pages are shown in now. */
export function currentLocale(): Locale {
  return activeLocale;
}

/** Called whenever the language changes (what `useLocale` subscribes to). */
export function onLocaleChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Loads `locale` for every catalog defined so far (areas defined later load it when they first render). */
export function loadLocale(locale: Locale): Promise<void> {
  return Promise.all(catalogs.map((catalog) => catalog.load(locale))).then(() => undefined);
}

/**
 * Shows the portal in `locale`: loads it for every catalog defined so far, then switches, sets `<html lang dir>`
 * and re-renders whatever reads messages.
 */
export async function activateLocale(locale: Locale): Promise<void> {
  await loadLocale(locale);
  activeLocale = locale;
  for (const catalog of catalogs) catalog.activate(locale);
  if (typeof document !== 'undefined') {
    document.documentElement.lang = languageTag(locale);
    document.documentElement.dir = directionOf(locale);
  }
  for (const listener of listeners) listener();
}

/** Shows a text from outside the design system (an API or validation message) in the page's language. */
export type TextTranslator = (text: string) => string;
let textTranslator: TextTranslator = (text) => text;

/** The translator Field, ErrorSummary and Banner pass their texts through (as they are until one is installed). */
export const currentTextTranslator = (): TextTranslator => textTranslator;

/**
 * Installs that translator (`@waypoint/platform/i18n` does, as it loads); installing it again, when its messages
 * arrive, re-renders whatever shows such texts.
 */
export function setTextTranslator(translator: TextTranslator): void {
  textTranslator = translator;
  for (const listener of listeners) listener();
}

/** The language the server chose for this page (`<html lang>`), or English. */
export function pageLocale(): Locale {
  const lang = typeof document === 'undefined' ? '' : document.documentElement.lang;
  return localeOf(lang) ?? DEFAULT_LOCALE;
}

/** Keeps the traveller's choice for their next visits (the server reads it to send pages in that language). */
export function rememberLocale(locale: Locale): void {
  if (typeof document === 'undefined') return;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax${secure}`;
}
