import { useCallback } from 'react';
import { MrzField, STATUS_LABEL, type AuditAction, type Locale } from '@waypoint/contracts';
import { statusMessages, useStatusLabel } from '@waypoint/platform/i18n';
import { currentLocale, useLocale, useT, type MessageValues } from '@waypoint/ui';
import { formatAmount } from './format';
import { adminMessages, type AdminMessage } from './i18n/catalog';

/**
 * An application's history in words, in the page's language. The API records each entry with its action's code
 * and details (the audit catalogue in libs/contracts, `AUDIT_ACTIONS`); this words them from those codes, with the
 * statuses, documents and checks as staff read them.
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

const str = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
const num = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const plain = (what: string): HistoryText => ({ what, detail: null });

type DocumentKind = 'passportPage' | 'photo' | 'document';

function documentKind(kind: unknown): DocumentKind {
  const value = str(kind)?.toLowerCase().replace(/[_-]/g, ' ');
  if (value === 'photo') return 'photo';
  if (value === 'passport page') return 'passportPage';
  return 'document';
}

type Details = Record<string, unknown>;

function statusChange(d: Details, { t, statusLabel }: HistoryWords): string {
  const from = str(d.from);
  const to = str(d.to);
  if (from && to)
    return t('history.status.fromTo', { from: statusLabel(from), to: statusLabel(to) });
  if (to) return t('history.status.to', { to: statusLabel(to) });
  return t('history.status');
}

function sessionsEnded(n: unknown, { t }: HistoryWords, passwordRemoved = false): string | null {
  const count = num(n);
  if (count && passwordRemoved) return t('history.sessionsEndedPasswordRemoved', { count });
  if (count) return t('history.sessionsEnded', { count });
  return passwordRemoved ? t('history.passwordRemoved') : null;
}

/** "Refund of €103.80 made", "Service fee refund of €40.00 failed"… */
function refundLine(
  step: 'requested' | 'succeeded' | 'failed',
  d: Details,
  { t, locale }: HistoryWords,
): string {
  const kind = d.kind === 'service_fee' ? 'serviceFee' : 'full';
  return t(`history.refund.${step}.${kind}`, {
    amount: formatAmount(num(d.amountCents) ?? 0, locale),
  });
}

/** Every action the API records (the audit catalogue's): a new one fails the typecheck until it is worded here. */
const ACTIONS: Record<AuditAction, (d: Details, words: HistoryWords) => HistoryText> = {
  'application.created': (d, { t, locale }) => {
    const travellers = num(d.travelers);
    const total = num(d.totalCents);
    const amount = total !== null ? formatAmount(total, locale) : null;
    let detail: string | null = amount;
    if (travellers !== null) {
      detail = amount
        ? t('history.created.detail', { travellers, total: amount })
        : t('history.created.travellers', { travellers });
    }
    return { what: t('history.created'), detail };
  },
  'application.paid': (d, { t, locale }) => {
    const amount = num(d.amountCents);
    return {
      what:
        amount !== null
          ? t('history.paid.amount', { amount: formatAmount(amount, locale) })
          : t('history.paid'),
      detail: d.via === 'reconciliation' ? t('history.paid.reconciliation') : null,
    };
  },
  'application.submitted': (d, words) =>
    plain(d.from || d.to ? statusChange(d, words) : words.t('history.submitted')),
  'application.status_changed': (d, words) => {
    const reason = str(d.reason);
    return {
      what: statusChange(d, words),
      detail: reason ? words.t('history.reasonToTraveller', { reason }) : null,
    };
  },
  'application.access_denied': (_d, { t }) => plain(t('history.accessDenied')),
  'applications.exported': (_d, { t }) => plain(t('history.exported')),
  'passport.viewed': (_d, { t }) => plain(t('history.passportViewed')),
  'payment.canceled': (d, { t }) => {
    const reason = str(d.reason);
    return {
      what: t('history.paymentCancelled'),
      detail: reason ? t('history.reason', { reason }) : null,
    };
  },
  'document.accepted': (d, { t }) => ({
    what: t(`history.document.accepted.${documentKind(d.kind)}`),
    detail: d.uploadLinkId ? t('history.fromPhone') : null,
  }),
  'document.rejected': (d, { t, locale }) => {
    const failed = Array.isArray(d.failed)
      ? d.failed.map((id) => checkLabel(String(id), t)).join(locale === 'ar' ? '، ' : ', ')
      : '';
    return {
      what: t(`history.document.rejected.${documentKind(d.kind)}`),
      detail: failed ? t('history.failedChecks', { checks: failed }) : null,
    };
  },
  'document.viewed': (d, { t }) => plain(t(`history.document.viewed.${documentKind(d.kind)}`)),
  'upload_link.created': (d, { t }) =>
    plain(t(`history.uploadLink.created.${documentKind(d.kind)}`)),
  'upload_link.revoked': (d, { t }) =>
    plain(t(`history.uploadLink.revoked.${documentKind(d.kind)}`)),
  'email.requeued': (d, { t }) => {
    const template = str(d.template);
    return {
      what: t('history.emailRequeued'),
      detail: template ? t('history.emailTemplate', { template }) : null,
    };
  },
  'account.claimed': (d, words) => ({
    what: words.t('history.accountClaimed'),
    detail: sessionsEnded(d.endedSessions, words, d.passwordRemoved === true),
  }),
  'account.email-changed': (d, { t }) => {
    const from = str(d.from);
    const to = str(d.to);
    return {
      what: t('history.emailChanged'),
      detail: from && to ? t('history.emailChanged.detail', { from, to }) : null,
    };
  },
  'account.email-change-undone': (d, { t }) => {
    const restored = str(d.restored);
    return {
      what: t('history.emailChangeUndone'),
      detail: restored ? t('history.emailRestored', { email: restored }) : null,
    };
  },
  'account.password-reset': (_d, { t }) => plain(t('history.passwordReset')),
  'account.password-set': (d, words) => ({
    what: words.t('history.passwordSet'),
    detail: sessionsEnded(d.endedSessions, words),
  }),
  'account.password-changed': (d, words) => ({
    what: words.t('history.passwordChanged'),
    detail: sessionsEnded(d.endedSessions, words),
  }),
  'auth.second-factor.setup-started': (_d, { t }) => plain(t('history.secondFactor.setupStarted')),
  'auth.second-factor.enabled': (_d, { t }) => plain(t('history.secondFactor.enabled')),
  'auth.second-factor.verified': (d, { t }) => ({
    what: t('history.secondFactor.verified'),
    detail: d.method === 'recovery-code' ? t('history.secondFactor.withRecoveryCode') : null,
  }),
  'auth.second-factor.failed': (_d, { t }) => plain(t('history.secondFactor.failed')),
  'refund.requested': (d, words) => {
    const reason = str(d.reason);
    return {
      what: refundLine('requested', d, words),
      detail: reason ? words.t('history.reason', { reason }) : null,
    };
  },
  'refund.succeeded': (d, words) => plain(refundLine('succeeded', d, words)),
  'refund.failed': (d, words) => {
    const failure = str(d.failure);
    return {
      what: refundLine('failed', d, words),
      detail: failure ? words.t('history.refund.failure', { failure }) : null,
    };
  },
  'account.data_exported': (_d, { t }) => plain(t('history.dataExported')),
  'account.deleted': (_d, { t }) => plain(t('history.accountDeleted')),
  'application.personal_data_erased': (d, { t }) => {
    const count = num(d.documents);
    return {
      what: t('history.personalDataErased'),
      detail: count ? t('history.documentsErasedCount', { count }) : null,
    };
  },
  'documents.retention_erased': (d, { t }) => {
    const days = num(d.retentionDays);
    return {
      what: t('history.retentionErased'),
      detail: days !== null ? t('history.retentionDays', { days }) : null,
    };
  },
  'application.records_purged': (d, { t }) => {
    const years = num(d.retentionYears);
    return {
      what: t('history.recordsPurged'),
      detail: years !== null ? t('history.recordsPurgedYears', { years }) : null,
    };
  },
  // Receipts
  'receipt.downloaded': (d, { t }) => {
    const number = str(d.number);
    return {
      what: t('history.receiptDownloaded'),
      detail: number ? t('history.receiptNumber', { number }) : null,
    };
  },
  // Passport page MRZ
  'document.mrz_kept': (d, { t, locale }) => {
    const fields = Array.isArray(d.fields)
      ? new Intl.ListFormat(locale, { type: 'conjunction' }).format(
          d.fields
            .map(String)
            .map((field) => (isMrzField(field) ? t(`mrz.field.${field}`) : field)),
        )
      : '';
    return { what: t('history.mrzKept'), detail: fields || null };
  },
};

const isMrzField = (field: string): field is MrzField => MrzField.safeParse(field).success;

const isAction = (action: string): action is AuditAction => Object.hasOwn(ACTIONS, action);

/** An action nobody has worded (recorded by another version): 'application.foo_bar' → 'Application foo bar'. */
function fallback(action: string): string {
  return capitalise(action.replace(/[._-]+/g, ' ').trim()) || 'Recorded';
}

/** An entry of the log in the words staff read, in the page's language (or the given words). */
export function describeEntry(
  entry: { action: string; details: Record<string, unknown> | null },
  words: HistoryWords = wordsNow(),
): HistoryText {
  if (!isAction(entry.action)) return plain(fallback(entry.action));
  return ACTIONS[entry.action](entry.details ?? {}, words);
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
