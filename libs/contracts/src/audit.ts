import { formatEuros } from './money';
import { STATUS_LABEL } from './order-rules';
import type { ApplicationStatus } from './orders';

/**
 * The audit log's catalogue: every action the API records, what it is about, the details it carries, and how staff
 * read it. The API writes entries only through this catalogue (its one audit writer is typed on it), and the admin
 * history words each entry from it, so a new action cannot be recorded without being described.
 */

/** Who acted: an account (by its role), a guest at checkout, a phone through its upload link, or Waypoint itself. */
export type AuditActorRole = 'user' | 'admin' | 'guest' | 'phone-link' | 'system';

/** One step of an application's status. */
export interface StatusStep {
  from: ApplicationStatus;
  to: ApplicationStatus;
}

/** A document upload and the checks it failed (none when accepted). */
interface DocumentUploaded {
  kind: 'PASSPORT_PAGE' | 'PHOTO';
  travelerId: string;
  failed: string[];
  /** Present when the file came through a phone upload link. */
  uploadLinkId?: string;
}

interface UploadLinkDetails {
  kind: 'PASSPORT_PAGE' | 'PHOTO';
  travelerId: string;
}

/** How the owner of an address proved it (and so claimed the account the first time). */
export type MailboxProofVia =
  'sign-in-link' | 'verification-code' | 'password-reset' | 'recent-proof-code';

/** A refund of an order's payment: which one, and how much. */
interface RefundDetails {
  refundId: string;
  kind: 'full' | 'service_fee';
  amountCents: number;
}

/** The details each action carries (`null`: none). */
export interface AuditDetails {
  'application.created': { totalCents: number; travelers: number };
  'application.paid': StatusStep & {
    provider: 'sandbox' | 'stripe';
    via: 'confirm' | 'webhook' | 'reconciliation';
    paymentIntentId: string;
    amountCents: number;
    createdUser: boolean;
    signInLinkSent: boolean;
  };
  /** The declaration the traveller confirmed, word for word. */
  'application.submitted': StatusStep & { declaration: { confirmed: boolean; text: string } };
  /** A staff review step or decision; a rejection carries the reason the traveller is given. */
  'application.status_changed': StatusStep & { reason?: string };
  'application.access_denied': null;
  'applications.exported': {
    filters: { search?: string; status?: ApplicationStatus; dateFrom?: string; dateTo?: string };
  };
  'passport.viewed': null;
  'payment.canceled': { paymentIntentId: string; reason: string };
  'document.accepted': DocumentUploaded;
  'document.rejected': DocumentUploaded;
  'document.viewed': { kind: 'PASSPORT_PAGE' | 'PHOTO' };
  'upload_link.created': UploadLinkDetails;
  'upload_link.revoked': UploadLinkDetails;
  'email.requeued': { template: string; lastError: string | null };
  'account.claimed': { via: MailboxProofVia; endedSessions: number; passwordRemoved: boolean };
  'account.email-changed': { from: string; to: string; undoOffered: boolean };
  'account.email-change-undone': { restored: string; replaced: string; endedSessions: number };
  'account.password-reset': null;
  'account.password-set': { endedSessions: number };
  'account.password-changed': { endedSessions: number };
  'auth.second-factor.setup-started': null;
  'auth.second-factor.enabled': null;
  'auth.second-factor.verified': { method: 'totp' } | { method: 'recovery-code'; left: number };
  'auth.second-factor.failed': { during: 'setup' } | { method: 'totp' | 'recovery-code' };
  /** Refunds: asked by staff, then succeeded or failed as the payment provider says. */
  'refund.requested': RefundDetails & { reason: string };
  'refund.succeeded': RefundDetails & { via: 'request' | 'webhook' };
  'refund.failed': RefundDetails & { via: 'request' | 'webhook'; failure: string | null };
  // Personal data rights: no personal data in the details, only counts.
  'account.data_exported': { applications: number; documents: number };
  'account.deleted': { applications: number; documents: number; endedSessions: number };
  /** An order of a deleted account: its travellers, passport data and documents erased, its payments kept. */
  'application.personal_data_erased': { travelers: number; documents: number };
  'documents.retention_erased': { documents: number; retentionDays: number };
  /** An order deleted with its payments, refunds, receipts and audit entries: its records' retention ended. */
  'application.records_purged': { retentionYears: number };
  // Receipts
  /** A member of staff downloaded an order's receipt (it names the travellers and the card). */
  'receipt.downloaded': { number: string };
  // Passport page MRZ
  /** The traveller kept their own value of these details where the passport page's MRZ reads otherwise. */
  'document.mrz_kept': { fields: string[] };
}

export type AuditAction = keyof AuditDetails;

/** What an entry is about (`audit_log.entity_type`). */
export type AuditEntity =
  | 'application'
  | 'applications'
  | 'payment'
  | 'document'
  | 'upload_link'
  | 'email'
  | 'user'
  | 'refund';

/** One entry in words: what happened, and a detail line when there is one. */
export interface AuditText {
  what: string;
  detail: string | null;
}

/**
 * Details as they come back from the log: the keys an action writes, each possibly missing or of another shape
 * (entries outlive the code that wrote them), so every value is checked before it is used.
 */
type Stored<T> = T extends null ? Record<string, unknown> : { [K in keyof T]?: unknown };
type StoredUnion<T> = T extends unknown ? Stored<T> : never;

interface CatalogueEntry<A extends AuditAction> {
  entity: AuditEntity;
  describe: (details: StoredUnion<AuditDetails[A]> & Record<string, unknown>) => AuditText;
}

/** The automated checks of a document, by id, as staff read them. */
export const CHECK_LABEL: Record<string, string> = {
  resolution: 'Size',
  orientation: 'Orientation',
  sharpness: 'Sharpness',
  'too-dark': 'Not too dark',
  'over-exposed': 'Not too bright',
  framing: 'Portrait framing',
  background: 'Plain background',
  colour: 'Colour',
  format: 'File format',
};

const str = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
const num = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const plain = (what: string): AuditText => ({ what, detail: null });

function statusName(value: unknown): string | null {
  const code = str(value);
  if (!code) return null;
  return (STATUS_LABEL as Record<string, string | undefined>)[code] ?? code;
}

function statusChange(details: { from?: unknown; to?: unknown }): string {
  const from = statusName(details.from);
  const to = statusName(details.to);
  if (from && to) return `Status changed from ${from} to ${to}`;
  if (to) return `Status changed to ${to}`;
  return 'Status changed';
}

function documentName(kind: unknown): string {
  const value = str(kind)?.toLowerCase().replace(/[_-]/g, ' ');
  if (value === 'photo') return 'photo';
  if (value === 'passport page') return 'passport page';
  return 'document';
}

function sessionsEnded(n: unknown): string | null {
  const count = num(n);
  if (!count) return null;
  return `${count} other ${count === 1 ? 'session' : 'sessions'} signed out`;
}

/** "Refund of €103.80" or "Service fee refund of €40.00". */
function refundName(details: { kind?: unknown; amountCents?: unknown }): string {
  const amount = num(details.amountCents);
  const name = details.kind === 'service_fee' ? 'Service fee refund' : 'Refund';
  return amount !== null ? `${name} of ${formatEuros(amount)}` : name;
}

export const AUDIT_ACTIONS: { [A in AuditAction]: CatalogueEntry<A> } = {
  'application.created': {
    entity: 'application',
    describe: (d) => {
      const travellers = num(d.travelers);
      const total = num(d.totalCents);
      const parts = [
        travellers !== null
          ? `${travellers} ${travellers === 1 ? 'traveller' : 'travellers'}`
          : null,
        total !== null ? formatEuros(total) : null,
      ].filter(Boolean);
      return { what: 'Order placed', detail: parts.length ? parts.join(', ') : null };
    },
  },
  'application.paid': {
    entity: 'application',
    describe: (d) => {
      const amount = num(d.amountCents);
      return {
        what: amount !== null ? `Payment of ${formatEuros(amount)} received` : 'Payment received',
        detail: d.via === 'reconciliation' ? 'Completed by the automatic payment check' : null,
      };
    },
  },
  'application.submitted': {
    entity: 'application',
    describe: (d) => plain(d.from || d.to ? statusChange(d) : 'Application submitted'),
  },
  'application.status_changed': {
    entity: 'application',
    describe: (d) => {
      const reason = str(d.reason);
      return {
        what: statusChange(d),
        detail: reason ? `Reason given to the traveller: ${reason}` : null,
      };
    },
  },
  'application.access_denied': {
    entity: 'application',
    describe: () => plain('Access refused to someone who does not own this application'),
  },
  'applications.exported': {
    entity: 'applications',
    describe: () => plain('Applications exported as CSV'),
  },
  'passport.viewed': {
    entity: 'application',
    describe: () => plain('Application and passport details viewed'),
  },
  'payment.canceled': {
    entity: 'payment',
    describe: (d) => {
      const reason = str(d.reason);
      return { what: 'Payment cancelled', detail: reason ? `Reason: ${reason}` : null };
    },
  },
  'document.accepted': {
    entity: 'document',
    describe: (d) => ({
      what: `${capitalise(documentName(d.kind))} uploaded and accepted`,
      detail: d.uploadLinkId ? 'Uploaded from a phone' : null,
    }),
  },
  'document.rejected': {
    entity: 'document',
    describe: (d) => {
      const failed = Array.isArray(d.failed)
        ? d.failed.map((id) => CHECK_LABEL[String(id)] ?? String(id)).join(', ')
        : '';
      return {
        what: `${capitalise(documentName(d.kind))} uploaded, did not pass the checks`,
        detail: failed ? `Failed: ${failed}` : null,
      };
    },
  },
  'document.viewed': {
    entity: 'document',
    describe: (d) => plain(`${d.kind ? capitalise(documentName(d.kind)) : 'Document'} viewed`),
  },
  'upload_link.created': {
    entity: 'upload_link',
    describe: (d) => plain(`Phone upload link created for the ${documentName(d.kind)}`),
  },
  'upload_link.revoked': {
    entity: 'upload_link',
    describe: (d) => plain(`Phone upload link for the ${documentName(d.kind)} closed`),
  },
  'email.requeued': {
    entity: 'email',
    describe: (d) => {
      const template = str(d.template);
      return { what: 'Failed e-mail sent again', detail: template ? `E-mail: ${template}` : null };
    },
  },
  'account.claimed': {
    entity: 'user',
    describe: (d) => ({
      what: 'Account confirmed by the owner of its e-mail address',
      detail:
        [sessionsEnded(d.endedSessions), d.passwordRemoved === true ? 'password removed' : null]
          .filter(Boolean)
          .join(', ') || null,
    }),
  },
  'account.email-changed': {
    entity: 'user',
    describe: (d) => {
      const from = str(d.from);
      const to = str(d.to);
      return {
        what: 'E-mail address changed',
        detail: from && to ? `From ${from} to ${to}` : null,
      };
    },
  },
  'account.email-change-undone': {
    entity: 'user',
    describe: (d) => {
      const restored = str(d.restored);
      return {
        what: 'Change of e-mail address undone',
        detail: restored ? `Restored ${restored}` : null,
      };
    },
  },
  'account.password-reset': {
    entity: 'user',
    describe: () => plain('Password reset with an e-mailed code'),
  },
  'account.password-set': {
    entity: 'user',
    describe: (d) => ({ what: 'Password set', detail: sessionsEnded(d.endedSessions) }),
  },
  'account.password-changed': {
    entity: 'user',
    describe: (d) => ({ what: 'Password changed', detail: sessionsEnded(d.endedSessions) }),
  },
  'auth.second-factor.setup-started': {
    entity: 'user',
    describe: () => plain('Authenticator app set-up started'),
  },
  'auth.second-factor.enabled': {
    entity: 'user',
    describe: () => plain('Authenticator app set up'),
  },
  'auth.second-factor.verified': {
    entity: 'user',
    describe: (d) => ({
      what: 'Second sign-in step passed',
      detail: d.method === 'recovery-code' ? 'With a recovery code' : null,
    }),
  },
  'auth.second-factor.failed': {
    entity: 'user',
    describe: () => plain('Wrong second sign-in step code'),
  },
  'refund.requested': {
    entity: 'refund',
    describe: (d) => {
      const reason = str(d.reason);
      return {
        what: `${refundName(d)} asked of the payment provider`,
        detail: reason ? `Reason: ${reason}` : null,
      };
    },
  },
  'refund.succeeded': {
    entity: 'refund',
    describe: (d) => plain(`${refundName(d)} made`),
  },
  'refund.failed': {
    entity: 'refund',
    describe: (d) => {
      const failure = str(d.failure);
      return { what: `${refundName(d)} failed`, detail: failure ? `Provider: ${failure}` : null };
    },
  },
  'account.data_exported': {
    entity: 'user',
    describe: () => plain('Personal data downloaded by the account owner'),
  },
  'account.deleted': {
    entity: 'user',
    describe: () => plain('Account deleted by its owner'),
  },
  'application.personal_data_erased': {
    entity: 'application',
    describe: (d) => {
      const documents = num(d.documents);
      return {
        what: 'Travellers’ personal data and documents erased: the account was deleted',
        detail: documents
          ? `${documents} ${documents === 1 ? 'document' : 'documents'} erased`
          : null,
      };
    },
  },
  'documents.retention_erased': {
    entity: 'application',
    describe: (d) => {
      const days = num(d.retentionDays);
      return {
        what: 'Documents erased: the retention period after the decision ended',
        detail: days !== null ? `Kept ${days} days after the decision` : null,
      };
    },
  },
  'application.records_purged': {
    entity: 'application',
    describe: (d) => {
      const years = num(d.retentionYears);
      return {
        what: 'Order deleted: the retention period of its records ended',
        detail: years !== null ? `Kept ${years} years after its last activity` : null,
      };
    },
  },
  // Receipts
  'receipt.downloaded': {
    entity: 'application',
    describe: (d) => {
      const number = str(d.number);
      return { what: 'Receipt downloaded', detail: number ? `Receipt ${number}` : null };
    },
  },
  // Passport page MRZ
  'document.mrz_kept': {
    entity: 'document',
    describe: (d) => ({
      what: 'Traveller kept their details over the passport page MRZ',
      detail: Array.isArray(d.fields) ? d.fields.map(String).join(', ') : null,
    }),
  },
};

/** An action nobody has worded (recorded by another version): 'application.foo_bar' → 'Application foo bar'. */
function fallback(action: string): string {
  return capitalise(action.replace(/[._-]+/g, ' ').trim()) || 'Recorded';
}

const isCatalogued = (action: string): action is AuditAction =>
  Object.prototype.hasOwnProperty.call(AUDIT_ACTIONS, action);

/** An entry of the log in the words staff read. */
export function describeAuditEntry(entry: {
  action: string;
  details: Record<string, unknown> | null;
}): AuditText {
  if (!isCatalogued(entry.action)) return plain(fallback(entry.action));
  const describe = AUDIT_ACTIONS[entry.action].describe as (
    details: Record<string, unknown>,
  ) => AuditText;
  return describe(entry.details ?? {});
}
