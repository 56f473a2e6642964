import { Fragment, use, useSyncExternalStore, type ReactNode } from 'react';
import type { Locale } from '@waypoint/contracts';
import {
  currentLocale,
  currentTextTranslator,
  onLocaleChange,
  type MessageCatalog,
  type MessageValues,
  type TextTranslator,
} from './i18n';

/** The language pages are shown in; re-renders when it changes. */
export function useLocale(): Locale {
  return useSyncExternalStore(onLocaleChange, currentLocale, currentLocale);
}

/** The installed translator of API and validation texts, in the page's language (see `setTextTranslator`). */
export function useTextTranslator(): TextTranslator {
  useLocale();
  return useSyncExternalStore(onLocaleChange, currentTextTranslator, currentTextTranslator);
}

type Translate<K extends string> = (key: K, values?: MessageValues) => string;

/** One translate function per catalog and language, so memoised parts that take it re-render on a change. */
const translators = new WeakMap<object, Map<Locale, Translate<string>>>();

function translatorOf<K extends string>(catalog: MessageCatalog<K>, locale: Locale): Translate<K> {
  let byLocale = translators.get(catalog);
  if (!byLocale) translators.set(catalog, (byLocale = new Map()));
  let translate = byLocale.get(locale);
  if (!translate) {
    translate = (key, values) => catalog.t(key as K, values);
    byLocale.set(locale, translate);
  }
  return translate;
}

/**
 * The translate function of a catalog in the active language: `const t = useT(shellMessages); t('home.title')`.
 * A catalog whose messages in that language are not loaded yet (an area opened after a change of language)
 * suspends until they are.
 */
export function useT<K extends string>(catalog: MessageCatalog<K>): Translate<K> {
  const locale = useLocale();
  // `use` on every render, never only sometimes: a component that suspended here is replayed once the messages
  // arrive, and its later hooks only line up if this call happens again (with a promise already settled).
  use(catalog.loaded(locale) ? SETTLED : catalog.load(locale));
  return translatorOf(catalog, locale);
}

/** A promise React reads as already fulfilled, so `use` returns at once. */
const SETTLED = Object.assign(Promise.resolve(), { status: 'fulfilled', value: undefined });

const TAG = /<(\w+)>(.*?)<\/\1>/gs;

/**
 * A message with marked-up parts (`Read our <terms>terms</terms>`), each drawn by the component of its tag name;
 * the rest is text. Translators move the tags with the words.
 */
export function rich(
  message: string,
  parts: Record<string, (children: string) => ReactNode>,
): ReactNode {
  const out: ReactNode[] = [];
  let last = 0;
  for (const match of message.matchAll(TAG)) {
    const [whole, tag = '', inner = ''] = match;
    out.push(message.slice(last, match.index));
    const draw = parts[tag];
    out.push(<Fragment key={match.index}>{draw ? draw(inner) : inner}</Fragment>);
    last = match.index + whole.length;
  }
  out.push(message.slice(last));
  return out;
}
