import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { languageTag, LOCALES, type Locale } from '@waypoint/contracts';
import ar from './ar.json';
import de from './de.json';
import en from './en.json';
import es from './es.json';
import fr from './fr.json';

/**
 * The e-mails' messages in every language of the portal (ICU MessageFormat, English the source), compiled once
 * when the API starts. A language missing a key fails the typecheck; `npm run i18n:check` checks the rest.
 */
export type EmailKey = keyof typeof en;
export type EmailValues = Record<string, string | number>;
/** The messages of one language: `t('signInLink.subject')`. */
export type EmailT = (key: EmailKey, values?: EmailValues) => string;

const catalogs: Record<Locale, Record<EmailKey, string>> = { en, fr, de, es, ar };

function translator(locale: Locale): EmailT {
  const compiled = Object.fromEntries(
    Object.entries(catalogs[locale]).map(([key, message]) => [key, compileMessage(message)]),
  );
  // Lingui picks plural forms and formats `#` with Intl in the language's tag (the portal's English is en-GB).
  const i18n = setupI18n({
    locale: languageTag(locale),
    messages: { [languageTag(locale)]: compiled },
  });
  return (key, values) => i18n._(key, values);
}

const translators = new Map<Locale, EmailT>(LOCALES.map((locale) => [locale, translator(locale)]));

/** The e-mail messages in `locale`. */
export function emailMessages(locale: Locale): EmailT {
  return translators.get(locale)!;
}
