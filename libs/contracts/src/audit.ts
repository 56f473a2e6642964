import type { ApplicationStatus } from './orders';

/**
 * The audit log's catalogue: every action the API records, what it is about, the details it carries, and how staff
 * read it. The API writes entries only through this catalogue (its one audit writer is typed on it), and the admin
 * history words each entry from it, so a new action cannot be recorded without being described.
 *
 * An entry is described as messages of the staff area's catalogue (mf-admin's `admin` messages) with their values,
 * not as text: the staff area words them in the page's language, and its typecheck fails when a message named here
 * is missing from its catalogue.
 */

/** Who acted: an account (by its role), a guest at checkout, a phone through its upload link, or Waypoint itself. */
export type AuditActorRole = 'user' | 'caseworker' | 'admin' | 'guest' | 'phone-link' | 'system';

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
  /** Staff asked the traveller to change these sections and documents (each with its message). */
  'application.changes_requested': StatusStep & {
    changes: { travelerId: string | null; section: string; message: string }[];
  };
  /** Staff submitted the application to the Home Office under this reference on this day. */
  'application.lodged': StatusStep & { reference: string; lodgedOn: string };
  /** Staff recorded the government's outcome: the references granted, or the reason of a refusal. */
  'application.outcome_recorded': StatusStep & {
    references: string[];
    reason?: string;
    documents: number;
  };
  /** A decision document uploaded by staff for a traveller (before the outcome is recorded). */
  'document.decision_uploaded': { travelerId: string; contentType: string };
  /** The traveller stopped the expiry reminders of an ETA or visa (from the e-mail's link). */
  'reminders.unsubscribed': { kind: 'ETA' | 'VISA' };
  'application.access_denied': null;
  'applications.exported': {
    filters: {
      search?: string;
      status?: ApplicationStatus;
      dateFrom?: string;
      dateTo?: string;
      due?: 'overdue' | 'today';
      assignee?: 'me' | 'none';
    };
  };
  'passport.viewed': null;
  'payment.canceled': { paymentIntentId: string; reason: string };
  'document.accepted': DocumentUploaded;
  'document.rejected': DocumentUploaded;
  'document.viewed': { kind: 'PASSPORT_PAGE' | 'PHOTO' | 'DECISION' };
  'upload_link.created': UploadLinkDetails;
  'upload_link.revoked': UploadLinkDetails;
  'email.requeued': { template: string; lastError: string | null };
  'job.retried': { queue: string; lastError: string | null };
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
  /** A member of staff downloaded a refund's credit note. */
  'credit_note.downloaded': { number: string };
  // Passport page MRZ
  /** The traveller kept their own value of these details where the passport page's MRZ reads otherwise. */
  'document.mrz_kept': { fields: string[] };
  // The work queue
  /** The application given to a member of staff, or to nobody (`to` null); names as they were then. */
  'application.assigned': {
    from: string | null;
    fromName: string | null;
    to: string | null;
    toName: string | null;
  };
  /**
   * An internal note added (its text is in the notes, erased with the traveller's data; the staff history shows
   * it beside this entry while it is kept).
   */
  'application.note_added': { noteId: string; body?: string };
  // Staff accounts (by an admin, except the acceptance: by the person invited)
  /** An address invited to join the staff with a role. */
  'staff.invited': { email: string; role: 'caseworker' | 'admin' };
  /** An open invitation withdrawn by an admin, or replaced by a newer one to the same address. */
  'staff.invitation_revoked': { email: string; role: 'caseworker' | 'admin'; replaced: boolean };
  /** The invitation accepted: a new account, or an existing one made staff (its other sessions ended). */
  'staff.invitation_accepted': {
    email: string;
    role: 'caseworker' | 'admin';
    userId: string;
    existingAccount: boolean;
    endedSessions: number;
  };
  /** A member of staff given another role (their name as it was then). */
  'staff.role_changed': { name: string; from: 'caseworker' | 'admin'; to: 'caseworker' | 'admin' };
  /** A staff account deactivated: every session of it ended. */
  'staff.deactivated': { name: string; endedSessions: number };
  'staff.reactivated': { name: string };
  /** A staff account's authenticator app and recovery codes removed: it sets up a new one at its next sign-in. */
  'staff.second_factor_reset': { name: string; endedSessions: number };
  // Support conversations (the reference only: the messages are personal data, kept in the conversation)
  /** A traveller wrote to staff, signed in or as a guest naming one of their orders. */
  'support.conversation_created': { reference: string; topic: string; by: 'account' | 'guest' };
  /** The traveller wrote again; an answered or closed conversation is open again. */
  'support.traveller_replied': { reference: string; reopened: boolean };
  'support.staff_replied': { reference: string };
  'support.closed': { reference: string };
  /** A member of staff read a conversation (its messages are the traveller's personal data). */
  'support.viewed': { reference: string };
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
  | 'job'
  | 'user'
  | 'refund'
  | 'staff_invitation'
  | 'support_conversation';

/**
 * A value in an entry's wording. Strings and numbers are shown as they are (numbers also choose a message's plural);
 * the others are named in the page's language.
 */
export type AuditValue =
  | string
  | number
  /** An application status by its code (a code this version does not know is shown as it is). */
  | { kind: 'status'; code: string }
  /** An amount in euro cents. */
  | { kind: 'amount'; cents: number }
  /** The automated checks of a document by id, as a list. */
  | { kind: 'checks'; ids: string[] }
  /** Passport details by their MRZ field (`MrzField`), as a sentence. */
  | { kind: 'mrzFields'; fields: string[] };

/** A line of an entry: a message of the staff area's catalogue with its values, or a value on its own. */
export type AuditPhrase<K extends string = AuditMessage> =
  { key: K; values?: Record<string, AuditValue> } | { value: AuditValue };

/** One entry described: what happened, and a detail line when there is one. */
export interface AuditDescription<K extends string = AuditMessage> {
  what: AuditPhrase<K>;
  detail: AuditPhrase<K> | null;
}

/**
 * Details as they come back from the log: the keys an action writes, each possibly missing or of another shape
 * (entries outlive the code that wrote them), so every value is checked before it is used.
 */
type Stored<T> = T extends null ? Record<string, unknown> : { [K in keyof T]?: unknown };
type StoredUnion<T> = T extends unknown ? Stored<T> : never;

interface CatalogueEntry<A extends AuditAction> {
  entity: AuditEntity;
  describe: (details: StoredUnion<AuditDetails[A]>) => AuditDescription<string>;
}

/** A message with its values; the key's literal type is kept, so the catalogue's messages can be listed as a type. */
const say = <K extends string>(key: K, values?: Record<string, AuditValue>): AuditPhrase<K> =>
  values ? { key, values } : { key };
const shown = (value: AuditValue): AuditPhrase<never> => ({ value });
const plain = <K extends string>(what: AuditPhrase<K>): AuditDescription<K> => ({
  what,
  detail: null,
});

const str = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
const num = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;
const list = (value: unknown): string[] =>
  Array.isArray(value) ? value.map(String).filter((item) => item !== '') : [];
const status = (code: string): AuditValue => ({ kind: 'status', code });
const amount = (cents: number): AuditValue => ({ kind: 'amount', cents });

function statusChange(details: { from?: unknown; to?: unknown }) {
  const from = str(details.from);
  const to = str(details.to);
  if (from && to) return say('history.status.fromTo', { from: status(from), to: status(to) });
  if (to) return say('history.status.to', { to: status(to) });
  return say('history.status');
}

type DocumentKind = 'passportPage' | 'photo' | 'document';

/** The document an entry is about, from its stored kind (`PASSPORT_PAGE`, `PHOTO`; anything else: a document). */
function documentKind(kind: unknown): DocumentKind {
  const value = str(kind)?.toLowerCase().replace(/[_-]/g, ' ');
  if (value === 'photo') return 'photo';
  if (value === 'passport page') return 'passportPage';
  return 'document';
}

// Keys written out whole, so that looking a message up finds where it is used (`npm run i18n:check` too).
const DOCUMENT_MESSAGES = {
  accepted: {
    passportPage: 'history.document.accepted.passportPage',
    photo: 'history.document.accepted.photo',
    document: 'history.document.accepted.document',
  },
  rejected: {
    passportPage: 'history.document.rejected.passportPage',
    photo: 'history.document.rejected.photo',
    document: 'history.document.rejected.document',
  },
  viewed: {
    passportPage: 'history.document.viewed.passportPage',
    photo: 'history.document.viewed.photo',
    document: 'history.document.viewed.document',
  },
  linkCreated: {
    passportPage: 'history.uploadLink.created.passportPage',
    photo: 'history.uploadLink.created.photo',
    document: 'history.uploadLink.created.document',
  },
  linkRevoked: {
    passportPage: 'history.uploadLink.revoked.passportPage',
    photo: 'history.uploadLink.revoked.photo',
    document: 'history.uploadLink.revoked.document',
  },
} as const;

const REFUND_MESSAGES = {
  requested: {
    full: 'history.refund.requested.full',
    serviceFee: 'history.refund.requested.serviceFee',
  },
  succeeded: {
    full: 'history.refund.succeeded.full',
    serviceFee: 'history.refund.succeeded.serviceFee',
  },
  failed: { full: 'history.refund.failed.full', serviceFee: 'history.refund.failed.serviceFee' },
} as const;

// A staff role's messages, by the role stored (anything else is read as the role with the fewest rights).
const STAFF_MESSAGES = {
  invited: {
    caseworker: 'history.staff.invited.caseworker',
    admin: 'history.staff.invited.admin',
  },
  accepted: {
    caseworker: 'history.staff.invitationAccepted.caseworker',
    admin: 'history.staff.invitationAccepted.admin',
  },
  roleChanged: {
    caseworker: 'history.staff.roleChanged.caseworker',
    admin: 'history.staff.roleChanged.admin',
  },
} as const;

const staffRole = (role: unknown): 'caseworker' | 'admin' =>
  role === 'admin' ? 'admin' : 'caseworker';

/** The sessions a change to a staff account ended, when it ended any. */
function staffSessionsEnded(n: unknown) {
  const count = num(n);
  return count ? say('history.staff.sessionsEnded', { count }) : null;
}

function sessionsEnded(n: unknown, passwordRemoved = false) {
  const count = num(n);
  if (count && passwordRemoved) return say('history.sessionsEndedPasswordRemoved', { count });
  if (count) return say('history.sessionsEnded', { count });
  return passwordRemoved ? say('history.passwordRemoved') : null;
}

/** "Refund of €103.80 made", "Service fee refund of €40.00 failed"… */
function refundLine(
  step: keyof typeof REFUND_MESSAGES,
  details: { kind?: unknown; amountCents?: unknown },
) {
  const kind = details.kind === 'service_fee' ? 'serviceFee' : 'full';
  return say(REFUND_MESSAGES[step][kind], { amount: amount(num(details.amountCents) ?? 0) });
}

export const AUDIT_ACTIONS = {
  'application.created': {
    entity: 'application',
    describe: (d) => {
      const travellers = num(d.travelers);
      const total = num(d.totalCents);
      const detail = () => {
        if (travellers === null) return total !== null ? shown(amount(total)) : null;
        return total !== null
          ? say('history.created.detail', { travellers, total: amount(total) })
          : say('history.created.travellers', { travellers });
      };
      return { what: say('history.created'), detail: detail() };
    },
  },
  'application.paid': {
    entity: 'application',
    describe: (d) => {
      const paid = num(d.amountCents);
      return {
        what:
          paid !== null
            ? say('history.paid.amount', { amount: amount(paid) })
            : say('history.paid'),
        detail: d.via === 'reconciliation' ? say('history.paid.reconciliation') : null,
      };
    },
  },
  'application.submitted': {
    entity: 'application',
    describe: (d) => plain(d.from || d.to ? statusChange(d) : say('history.submitted')),
  },
  'application.status_changed': {
    entity: 'application',
    describe: (d) => {
      const reason = str(d.reason);
      return {
        what: statusChange(d),
        detail: reason ? say('history.reasonToTraveller', { reason }) : null,
      };
    },
  },
  'application.changes_requested': {
    entity: 'application',
    describe: (d) => ({
      what: statusChange(d),
      detail: say('history.changesRequested', {
        count: Array.isArray(d.changes) ? d.changes.length : 0,
      }),
    }),
  },
  'application.lodged': {
    entity: 'application',
    describe: (d) => ({
      what: statusChange(d),
      detail: say('history.lodged', {
        reference: str(d.reference) ?? '',
        date: str(d.lodgedOn) ?? '',
      }),
    }),
  },
  'application.outcome_recorded': {
    entity: 'application',
    describe: (d) => {
      const reason = str(d.reason);
      const references = list(d.references);
      return {
        what: statusChange(d),
        detail: reason
          ? say('history.reasonToTraveller', { reason })
          : references.length
            ? say('history.granted', { references: references.join(', ') })
            : null,
      };
    },
  },
  'document.decision_uploaded': {
    entity: 'document',
    describe: () => plain(say('history.decisionDocumentUploaded')),
  },
  'reminders.unsubscribed': {
    entity: 'application',
    describe: () => plain(say('history.remindersUnsubscribed')),
  },
  'application.access_denied': {
    entity: 'application',
    describe: () => plain(say('history.accessDenied')),
  },
  'applications.exported': {
    entity: 'applications',
    describe: () => plain(say('history.exported')),
  },
  'passport.viewed': {
    entity: 'application',
    describe: () => plain(say('history.passportViewed')),
  },
  'payment.canceled': {
    entity: 'payment',
    describe: (d) => {
      const reason = str(d.reason);
      return {
        what: say('history.paymentCancelled'),
        detail: reason ? say('history.reason', { reason }) : null,
      };
    },
  },
  'document.accepted': {
    entity: 'document',
    describe: (d) => ({
      what: say(DOCUMENT_MESSAGES.accepted[documentKind(d.kind)]),
      detail: d.uploadLinkId ? say('history.fromPhone') : null,
    }),
  },
  'document.rejected': {
    entity: 'document',
    describe: (d) => {
      const failed = list(d.failed);
      return {
        what: say(DOCUMENT_MESSAGES.rejected[documentKind(d.kind)]),
        detail: failed.length
          ? say('history.failedChecks', { checks: { kind: 'checks', ids: failed } })
          : null,
      };
    },
  },
  'document.viewed': {
    entity: 'document',
    describe: (d) => plain(say(DOCUMENT_MESSAGES.viewed[documentKind(d.kind)])),
  },
  'upload_link.created': {
    entity: 'upload_link',
    describe: (d) => plain(say(DOCUMENT_MESSAGES.linkCreated[documentKind(d.kind)])),
  },
  'upload_link.revoked': {
    entity: 'upload_link',
    describe: (d) => plain(say(DOCUMENT_MESSAGES.linkRevoked[documentKind(d.kind)])),
  },
  'email.requeued': {
    entity: 'email',
    describe: (d) => {
      const template = str(d.template);
      return {
        what: say('history.emailRequeued'),
        detail: template ? say('history.emailTemplate', { template }) : null,
      };
    },
  },
  'job.retried': {
    entity: 'job',
    describe: (d) => {
      const queue = str(d.queue);
      return {
        what: say('history.jobRetried'),
        detail: queue ? say('history.jobQueue', { queue }) : null,
      };
    },
  },
  'account.claimed': {
    entity: 'user',
    describe: (d) => ({
      what: say('history.accountClaimed'),
      detail: sessionsEnded(d.endedSessions, d.passwordRemoved === true),
    }),
  },
  'account.email-changed': {
    entity: 'user',
    describe: (d) => {
      const from = str(d.from);
      const to = str(d.to);
      return {
        what: say('history.emailChanged'),
        detail: from && to ? say('history.emailChanged.detail', { from, to }) : null,
      };
    },
  },
  'account.email-change-undone': {
    entity: 'user',
    describe: (d) => {
      const restored = str(d.restored);
      return {
        what: say('history.emailChangeUndone'),
        detail: restored ? say('history.emailRestored', { email: restored }) : null,
      };
    },
  },
  'account.password-reset': {
    entity: 'user',
    describe: () => plain(say('history.passwordReset')),
  },
  'account.password-set': {
    entity: 'user',
    describe: (d) => ({ what: say('history.passwordSet'), detail: sessionsEnded(d.endedSessions) }),
  },
  'account.password-changed': {
    entity: 'user',
    describe: (d) => ({
      what: say('history.passwordChanged'),
      detail: sessionsEnded(d.endedSessions),
    }),
  },
  'auth.second-factor.setup-started': {
    entity: 'user',
    describe: () => plain(say('history.secondFactor.setupStarted')),
  },
  'auth.second-factor.enabled': {
    entity: 'user',
    describe: () => plain(say('history.secondFactor.enabled')),
  },
  'auth.second-factor.verified': {
    entity: 'user',
    describe: (d) => ({
      what: say('history.secondFactor.verified'),
      detail: d.method === 'recovery-code' ? say('history.secondFactor.withRecoveryCode') : null,
    }),
  },
  'auth.second-factor.failed': {
    entity: 'user',
    describe: () => plain(say('history.secondFactor.failed')),
  },
  'refund.requested': {
    entity: 'refund',
    describe: (d) => {
      const reason = str(d.reason);
      return {
        what: refundLine('requested', d),
        detail: reason ? say('history.reason', { reason }) : null,
      };
    },
  },
  'refund.succeeded': {
    entity: 'refund',
    describe: (d) => plain(refundLine('succeeded', d)),
  },
  'refund.failed': {
    entity: 'refund',
    describe: (d) => {
      const failure = str(d.failure);
      return {
        what: refundLine('failed', d),
        detail: failure ? say('history.refund.failure', { failure }) : null,
      };
    },
  },
  'account.data_exported': {
    entity: 'user',
    describe: () => plain(say('history.dataExported')),
  },
  'account.deleted': {
    entity: 'user',
    describe: () => plain(say('history.accountDeleted')),
  },
  'application.personal_data_erased': {
    entity: 'application',
    describe: (d) => {
      const count = num(d.documents);
      return {
        what: say('history.personalDataErased'),
        detail: count ? say('history.documentsErasedCount', { count }) : null,
      };
    },
  },
  'documents.retention_erased': {
    entity: 'application',
    describe: (d) => {
      const days = num(d.retentionDays);
      return {
        what: say('history.retentionErased'),
        detail: days !== null ? say('history.retentionDays', { days }) : null,
      };
    },
  },
  'application.records_purged': {
    entity: 'application',
    describe: (d) => {
      const years = num(d.retentionYears);
      return {
        what: say('history.recordsPurged'),
        detail: years !== null ? say('history.recordsPurgedYears', { years }) : null,
      };
    },
  },
  // Receipts
  'receipt.downloaded': {
    entity: 'application',
    describe: (d) => {
      const number = str(d.number);
      return {
        what: say('history.receiptDownloaded'),
        detail: number ? say('history.receiptNumber', { number }) : null,
      };
    },
  },
  'credit_note.downloaded': {
    entity: 'refund',
    describe: (d) => {
      const number = str(d.number);
      return {
        what: say('history.creditNoteDownloaded'),
        detail: number ? say('history.creditNoteNumber', { number }) : null,
      };
    },
  },
  // Passport page MRZ
  'document.mrz_kept': {
    entity: 'document',
    describe: (d) => {
      const fields = list(d.fields);
      return {
        what: say('history.mrzKept'),
        detail: fields.length ? shown({ kind: 'mrzFields', fields }) : null,
      };
    },
  },
  'application.assigned': {
    entity: 'application',
    describe: (d) => {
      const to = str(d.toName);
      const from = str(d.fromName);
      return {
        what: to ? say('history.assigned', { name: to }) : say('history.unassigned'),
        detail: from ? say('history.assignedBefore', { name: from }) : null,
      };
    },
  },
  'application.note_added': {
    entity: 'application',
    describe: (d) => {
      const body = str(d.body);
      return {
        what: say('history.noteAdded'),
        detail: body ? shown(body) : say('history.noteErased'),
      };
    },
  },
  'staff.invited': {
    entity: 'staff_invitation',
    describe: (d) =>
      plain(say(STAFF_MESSAGES.invited[staffRole(d.role)], { email: str(d.email) ?? '' })),
  },
  'staff.invitation_revoked': {
    entity: 'staff_invitation',
    describe: (d) => ({
      what: say('history.staff.invitationRevoked', { email: str(d.email) ?? '' }),
      detail: d.replaced === true ? say('history.staff.invitationReplaced') : null,
    }),
  },
  'staff.invitation_accepted': {
    entity: 'staff_invitation',
    describe: (d) => ({
      what: say(STAFF_MESSAGES.accepted[staffRole(d.role)], { email: str(d.email) ?? '' }),
      detail: d.existingAccount === true ? say('history.staff.existingAccount') : null,
    }),
  },
  'staff.role_changed': {
    entity: 'user',
    describe: (d) =>
      plain(say(STAFF_MESSAGES.roleChanged[staffRole(d.to)], { name: str(d.name) ?? '' })),
  },
  'staff.deactivated': {
    entity: 'user',
    describe: (d) => ({
      what: say('history.staff.deactivated', { name: str(d.name) ?? '' }),
      detail: staffSessionsEnded(d.endedSessions),
    }),
  },
  'staff.reactivated': {
    entity: 'user',
    describe: (d) => plain(say('history.staff.reactivated', { name: str(d.name) ?? '' })),
  },
  'staff.second_factor_reset': {
    entity: 'user',
    describe: (d) => ({
      what: say('history.staff.secondFactorReset', { name: str(d.name) ?? '' }),
      detail: staffSessionsEnded(d.endedSessions),
    }),
  },
  'support.conversation_created': {
    entity: 'support_conversation',
    describe: (d) => ({
      what: say('history.support.created', { reference: str(d.reference) ?? '' }),
      detail: d.by === 'guest' ? say('history.support.byGuest') : null,
    }),
  },
  'support.traveller_replied': {
    entity: 'support_conversation',
    describe: (d) => ({
      what: say('history.support.travellerReplied', { reference: str(d.reference) ?? '' }),
      detail: d.reopened === true ? say('history.support.reopened') : null,
    }),
  },
  'support.staff_replied': {
    entity: 'support_conversation',
    describe: (d) =>
      plain(say('history.support.staffReplied', { reference: str(d.reference) ?? '' })),
  },
  'support.closed': {
    entity: 'support_conversation',
    describe: (d) => plain(say('history.support.closed', { reference: str(d.reference) ?? '' })),
  },
  'support.viewed': {
    entity: 'support_conversation',
    describe: (d) => plain(say('history.support.viewed', { reference: str(d.reference) ?? '' })),
  },
} satisfies { [A in AuditAction]: CatalogueEntry<A> };

type KeyOf<P> = P extends { key: infer K extends string } ? K : never;
type MessagesOf<D> = D extends AuditDescription<string> ? KeyOf<D['what'] | D['detail']> : never;

/** Every message the catalogue words entries with: the staff area's catalogue must have each of them. */
export type AuditMessage = {
  [A in AuditAction]: MessagesOf<ReturnType<(typeof AUDIT_ACTIONS)[A]['describe']>>;
}[AuditAction];

/** An action nobody has worded (recorded by another version): 'application.foo_bar' → 'Application foo bar'. */
function fallback(action: string): string {
  const words = action.replace(/[._-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Recorded';
}

const isCatalogued = (action: string): action is AuditAction =>
  Object.prototype.hasOwnProperty.call(AUDIT_ACTIONS, action);

/** An entry of the log described for staff: the messages (and their values) that word it. */
export function describeAuditEntry(entry: {
  action: string;
  details: Record<string, unknown> | null;
}): AuditDescription {
  if (!isCatalogued(entry.action)) return plain(shown(fallback(entry.action)));
  const describe = AUDIT_ACTIONS[entry.action].describe as (
    details: Record<string, unknown>,
  ) => AuditDescription;
  return describe(entry.details ?? {});
}
