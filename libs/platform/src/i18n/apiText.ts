import {
  apiMessage,
  isApiMessageKey,
  isListMessage,
  messageKeyOf,
  messageListRefs,
  type ApiMessageRef,
  type Locale,
  type MessageParams,
} from '@waypoint/contracts';
import { setCatalogMessageCheck } from '@waypoint/platform';
import { currentLocale, onLocaleChange, setTextTranslator } from '@waypoint/ui';
import { apiMessages } from './api/catalog';

/** How the items of a list parameter are joined inside a sentence (`application.incomplete`). */
const LIST_SEPARATOR: Partial<Record<Locale, string>> = { ar: '؛ ' };

/**
 * The items of a `…Keys` parameter: its messages, or, for a list found back from an English text (`messageKeyOf`),
 * each item found back in turn (undefined when one is not a catalog text).
 */
function listItems(key: ApiMessageRef['key'], value: string | number): ApiMessageRef[] | undefined {
  const refs = messageListRefs(value);
  if (refs || typeof value !== 'string') return refs;
  const items = value.split(isListMessage(key) ? '\n' : '; ').map((item) => messageKeyOf(item));
  return items.every((item) => item !== undefined) ? items : undefined;
}

/**
 * A catalog message in the page's language, its parameters filled in: a `…Key` parameter by its own message, a
 * `…Keys` list by its messages. English (and a language whose messages are still downloading) is the API's text.
 */
export function translateMessage(ref: ApiMessageRef): string {
  const locale = currentLocale();
  if (locale === 'en' || !apiMessages.loaded(locale)) return apiMessage(ref.key, ref.params);
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(ref.params ?? {})) {
    const list = name.endsWith('Keys') ? listItems(ref.key, value) : undefined;
    if (list) {
      const separator = isListMessage(ref.key) ? '\n' : (LIST_SEPARATOR[locale] ?? '; ');
      values[name] = list.map(translateMessage).join(separator);
    } else if (name.endsWith('Key') && isApiMessageKey(value)) {
      values[name] = translateMessage({ key: value });
    } else values[name] = value;
  }
  return apiMessages.t(ref.key, values);
}

/**
 * The reader's-language form of a text the API or the contracts' validators produced (an `ApiMessages` text, found
 * with its parameters by `messageKeyOf`); any other text is returned as it is, and so is every text in English.
 */
export function translateApiText(text: string): string {
  if (currentLocale() === 'en') return text;
  const ref = messageKeyOf(text);
  if (ref) return translateMessage(ref);
  // A list one a line (what an incomplete submission misses, as a field error): each line found back in turn.
  const lines = text.includes('\n') ? listItems('application.incompleteItems', text) : undefined;
  return lines ? lines.map(translateMessage).join('\n') : text;
}

/** True for a text the catalog holds: a message, or a list of messages one a line (what a submission misses). */
export function isCatalogText(text: string): boolean {
  if (messageKeyOf(text)) return true;
  return text.includes('\n') && listItems('application.incompleteItems', text) !== undefined;
}

/** A failed call's error as the API or the front end describes it (`ApiError` of `@waypoint/platform`). */
export interface ErrorLike {
  message: string;
  messageKey?: string | undefined;
  messageParams?: MessageParams | undefined;
}

/**
 * The text of a failed call in the reader's language: by the reply's catalog key and parameters when it sent them
 * for this very text (two areas may share an English text and not a translation), else by the text itself.
 */
export function errorText(
  error: ErrorLike,
  translateText: (text: string) => string = translateApiText,
): string {
  const { message, messageKey, messageParams } = error;
  if (isApiMessageKey(messageKey) && apiMessage(messageKey, messageParams) === message) {
    return translateMessage({
      key: messageKey,
      ...(messageParams ? { params: messageParams } : {}),
    });
  }
  return translateText(message);
}

/**
 * Installs the translator in the design system (so Field, ErrorSummary, Banner and ErrorBox show these texts in the
 * reader's language): a new one for each language and once its messages arrive, so whatever shows them re-renders.
 * When the page is in another language than English, that language's messages are downloaded in the background as
 * soon as an area using this entry loads, so an error shows translated at once.
 */
let installed = '';
const downloading = new Set<Locale>();
function refresh(): void {
  const locale = currentLocale();
  const loaded = apiMessages.loaded(locale);
  const state = `${locale}:${loaded}`;
  if (state !== installed) {
    installed = state;
    setTextTranslator((text) => translateApiText(text));
  }
  if (!loaded && !downloading.has(locale)) {
    downloading.add(locale);
    // A failed download leaves the texts in English; the next change of language tries again.
    apiMessages
      .load(locale)
      .then(refresh, () => undefined)
      .finally(() => downloading.delete(locale));
  }
}
refresh();
onLocaleChange(refresh);
// Form errors show catalog messages only: any other text becomes the generic one (see `shownMessage`).
setCatalogMessageCheck(isCatalogText);
