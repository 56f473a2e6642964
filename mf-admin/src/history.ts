import { useCallback } from 'react';
import {
  describeAuditEntry,
  MrzField,
  STATUS_LABEL,
  type AuditPhrase,
  type AuditValue,
  type Locale,
} from '@waypoint/contracts';
import { statusMessages, useStatusLabel } from '@waypoint/platform/i18n';
import { currentLocale, useLocale, useT, type MessageValues } from '@waypoint/ui';
import { formatAmount } from './format';
import { adminMessages, type AdminMessage } from './i18n/catalog';

/**
 * An application's history in words, in the page's language. The API records each entry with its action's code
 * and details, and the audit catalogue in libs/contracts (`AUDIT_ACTIONS`) describes each as messages of the
 * `admin` catalog with their values; this words them, with the statuses, amounts, checks and passport details as
 * staff read them.
 */

/** One entry in words: what happened, and a detail line when there is one. */
export interface HistoryText {
  what: string;
  detail: string | null;
}

/** What wording an entry needs: the admin's messages, the status names and the page's language. */
export interface HistoryWords {
  t: (key: AdminMessage, values?: MessageValues) => string;
  statusLabel: (status: string) => string;
  locale: Locale;
}

/** The automated checks of a document that have a name of their own. */
const CHECK_IDS = [
  'resolution',
  'orientation',
  'sharpness',
  'too-dark',
  'over-exposed',
  'framing',
  'background',
  'colour',
  'format',
] as const;
type CheckId = (typeof CHECK_IDS)[number];

const isCheckId = (id: string): id is CheckId => (CHECK_IDS as readonly string[]).includes(id);

/** A document check's name ('Sharpness'), or its id when this front end does not know it. */
export function checkLabel(id: string, t: HistoryWords['t']): string {
  return isCheckId(id) ? t(`check.${id}`) : id;
}

const isStatus = (code: string) => Object.hasOwn(STATUS_LABEL, code);

/** The words of the page's language now, outside React (the hook below re-renders on a change). */
function wordsNow(): HistoryWords {
  return {
    t: (key, values) => adminMessages.t(key, values),
    statusLabel: (code) =>
      isStatus(code)
        ? statusMessages.t(`status.${code}` as `status.${keyof typeof STATUS_LABEL}`)
        : code,
    locale: currentLocale(),
  };
}

/** The words for `describeEntry` in the page's language. */
export function useHistoryWords(): HistoryWords {
  const t = useT(adminMessages);
  const statusLabel = useStatusLabel();
  const locale = useLocale();
  return { t, statusLabel, locale };
}

const isMrzField = (field: string): field is MrzField => MrzField.safeParse(field).success;

/** A value of an entry in the page's language: statuses, amounts, checks and passport details by their names. */
function valueText(value: AuditValue, { t, statusLabel, locale }: HistoryWords): string | number {
  if (typeof value !== 'object') return value;
  switch (value.kind) {
    case 'status':
      return statusLabel(value.code);
    case 'amount':
      return formatAmount(value.cents, locale);
    case 'checks':
      return value.ids.map((id) => checkLabel(id, t)).join(locale === 'ar' ? '، ' : ', ');
    case 'mrzFields':
      return new Intl.ListFormat(locale, { type: 'conjunction' }).format(
        value.fields.map((field) => (isMrzField(field) ? t(`mrz.field.${field}`) : field)),
      );
  }
}

function phraseText(phrase: AuditPhrase, words: HistoryWords): string {
  if ('value' in phrase) return String(valueText(phrase.value, words));
  if (!phrase.values) return words.t(phrase.key);
  const values: MessageValues = {};
  for (const [name, value] of Object.entries(phrase.values)) values[name] = valueText(value, words);
  return words.t(phrase.key, values);
}

/** An entry of the log in the words staff read, in the page's language (or the given words). */
export function describeEntry(
  entry: { action: string; details: Record<string, unknown> | null },
  words: HistoryWords = wordsNow(),
): HistoryText {
  const { what, detail } = describeAuditEntry(entry);
  return { what: phraseText(what, words), detail: detail && phraseText(detail, words) };
}

/** `describeEntry` in the page's language, for a component. */
export function useDescribeEntry(): (entry: Parameters<typeof describeEntry>[0]) => HistoryText {
  const words = useHistoryWords();
  const { t, statusLabel, locale } = words;
  return useCallback(
    (entry) => describeEntry(entry, { t, statusLabel, locale }),
    [t, statusLabel, locale],
  );
}
