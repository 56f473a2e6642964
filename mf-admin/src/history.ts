import { STATUS_LABEL, formatEuros, type AuditEntry } from '@waypoint/contracts';

/** One entry of an application's history in words: what happened, and a detail line when there is one. */
export interface HistoryText {
  what: string;
  detail: string | null;
}

type Details = NonNullable<AuditEntry['details']>;

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

function statusName(value: unknown): string | null {
  const code = str(value);
  if (!code) return null;
  return (STATUS_LABEL as Record<string, string | undefined>)[code] ?? code;
}

function documentName(kind: unknown): string {
  const value = str(kind)?.toLowerCase().replace(/[_-]/g, ' ');
  if (value === 'photo') return 'photo';
  if (value === 'passport page') return 'passport page';
  return 'document';
}

function statusChange(details: Details): string {
  const from = statusName(details.from);
  const to = statusName(details.to);
  if (from && to) return `Status changed from ${from} to ${to}`;
  if (to) return `Status changed to ${to}`;
  return 'Status changed';
}

/** Each action the API records against an application, in the words staff read. */
const ACTIONS: Record<string, (details: Details) => HistoryText> = {
  'application.created': (d) => {
    const travellers = num(d.travelers);
    const total = num(d.totalCents);
    const parts = [
      travellers !== null ? `${travellers} ${travellers === 1 ? 'traveller' : 'travellers'}` : null,
      total !== null ? formatEuros(total) : null,
    ].filter(Boolean);
    return { what: 'Order placed', detail: parts.length ? parts.join(', ') : null };
  },
  'application.paid': (d) => {
    const amount = num(d.amountCents);
    return {
      what: amount !== null ? `Payment of ${formatEuros(amount)} received` : 'Payment received',
      detail: d.via === 'reconciliation' ? 'Completed by the automatic payment check' : null,
    };
  },
  'payment.canceled': (d) => {
    const reason = str(d.reason);
    return { what: 'Payment cancelled', detail: reason ? `Reason: ${reason}` : null };
  },
  'application.submitted': (d) => ({
    what: d.from || d.to ? statusChange(d) : 'Application submitted',
    detail: null,
  }),
  'application.status_changed': (d) => {
    const reason = str(d.reason);
    return {
      what: statusChange(d),
      detail: reason ? `Reason given to the traveller: ${reason}` : null,
    };
  },
  'passport.viewed': () => ({ what: 'Application and passport details viewed', detail: null }),
  'document.accepted': (d) => ({
    what: `${capitalise(documentName(d.kind))} uploaded and accepted`,
    detail: d.uploadLinkId ? 'Uploaded from a phone' : null,
  }),
  'document.rejected': (d) => {
    const failed = Array.isArray(d.failed)
      ? d.failed.map((id) => CHECK_LABEL[String(id)] ?? String(id)).join(', ')
      : '';
    return {
      what: `${capitalise(documentName(d.kind))} uploaded, did not pass the checks`,
      detail: failed ? `Failed: ${failed}` : null,
    };
  },
  'document.viewed': (d) => ({
    what: `${d.kind ? capitalise(documentName(d.kind)) : 'Document'} viewed`,
    detail: null,
  }),
  'upload_link.created': (d) => ({
    what: `Phone upload link created for the ${documentName(d.kind)}`,
    detail: null,
  }),
  'application.access_denied': () => ({
    what: 'Access refused to someone who does not own this application',
    detail: null,
  }),
};

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** An action nobody has worded yet, still readable: 'application.foo_bar' → 'Application foo bar'. */
function fallback(action: string): string {
  return capitalise(action.replace(/[._-]+/g, ' ').trim()) || 'Recorded';
}

export function describeEntry(entry: Pick<AuditEntry, 'action' | 'details'>): HistoryText {
  const word = ACTIONS[entry.action];
  return word ? word(entry.details ?? {}) : { what: fallback(entry.action), detail: null };
}
