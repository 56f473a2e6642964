import {
  CURRENCY,
  directionOf,
  formatEuros,
  formatHomeOfficeReference,
  languageTag,
  STATUS_LABEL,
  type ApplicationStatus,
  type ChangeSection,
  type EmailTemplate,
  type Locale,
  type ProductKind,
  type RecentProofPurpose,
  type ReminderDays,
} from '@waypoint/contracts';
import { emailMessages, type EmailT } from './i18n/catalog';
import { helpContact, type HelpContact } from './help-centre';
import type { Support } from '../../config';

/** Every e-mail the product sends, with the variables each needs. */
export type EmailMessage =
  | { template: 'sign-in-link'; payload: { firstName: string | null; token: string } }
  /** Save and come back later: the single-use link to a saved application (`/application/return/<token>`, 7 days). */
  | { template: 'draft-return-link'; payload: { token: string; expiresAt: string } }
  | {
      template: 'email-verification';
      payload: { firstName: string | null; code: string; newAddress: boolean };
    }
  | { template: 'password-reset'; payload: { firstName: string | null; code: string } }
  | {
      template: 'reauthentication-code';
      /** `purpose`: the action the code confirms (absent in e-mails queued before it was recorded). */
      payload: { firstName: string | null; code: string; purpose?: RecentProofPurpose };
    }
  | {
      template: 'account-claimed';
      payload: { firstName: string | null; endedSessions: number; passwordRemoved: boolean };
    }
  | {
      template: 'email-changed';
      payload: { firstName: string | null; newEmail: string; token: string };
    }
  | {
      template: 'payment-confirmation';
      payload: {
        firstName: string | null;
        applicationId: string;
        reference: string;
        visaTypeName: string;
        travelers: string[];
        totalCents: number;
        processingName: string;
        processingHours: number;
        /** The order's receipt, attached as a PDF when the e-mail is sent (absent in e-mails queued before). */
        receiptNumber?: string | null;
      };
    }
  | {
      template: 'refund-confirmation';
      payload: {
        firstName: string | null;
        reference: string;
        kind: 'full' | 'service_fee';
        amountCents: number;
        totalCents: number;
        /** The refund's credit note, attached as a PDF when the e-mail is sent (absent in older rows). */
        creditNoteNumber?: string | null;
      };
    }
  | {
      template: 'status-change';
      payload: {
        firstName: string | null;
        reference: string;
        status: string;
        reason: string | null;
      };
    }
  // Casework: staff asked for changes, lodged the application, recorded the government's outcome
  | {
      template: 'changes-requested';
      payload: {
        firstName: string | null;
        applicationId: string;
        reference: string;
        /** Each change asked for: the section or document, whose (null: the whole order), and what to do. */
        changes: { section: ChangeSection; travelerName: string | null; message: string }[];
      };
    }
  | {
      template: 'lodged';
      payload: {
        firstName: string | null;
        applicationId: string;
        reference: string;
        productKind: ProductKind;
        homeOfficeReference: string;
        /** YYYY-MM-DD */
        lodgedOn: string;
      };
    }
  | {
      template: 'decision';
      payload: {
        firstName: string | null;
        applicationId: string;
        reference: string;
        productKind: ProductKind;
        outcome: 'APPROVED' | 'REJECTED';
        reason: string | null;
        /** What was granted, one per traveller (dates YYYY-MM-DD). */
        grants: {
          travelerName: string;
          reference: string;
          validFrom: string;
          validUntil: string;
          passportLast4: string;
        }[];
        /** The decision documents, attached when the e-mail is sent. */
        documentIds: string[];
      };
    }
  /** 60 or 14 days before an ETA, a visa, or the passport it is linked to expires. */
  | {
      template: 'expiry-reminder';
      payload: {
        firstName: string | null;
        productKind: ProductKind;
        travelerName: string;
        grantReference: string;
        /** YYYY-MM-DD: the day the permission stops being usable. */
        expiresOn: string;
        /** What expires first: the ETA or visa itself, or the passport it is linked to. */
        cause: 'permission' | 'passport';
        daysBefore: ReminderDays;
        /** Links that work without signing in: a new application prefilled, and stopping these reminders. */
        renewToken: string;
        unsubscribeToken: string;
      };
    }
  // The confirmation of an account's deletion: no personal data (the account is already anonymised).
  | { template: 'account-deleted'; payload: { applications: number } }
  /** An admin's invitation to join the staff: the link to accept it (`/auth/staff-invitation/<token>`, 48 hours). */
  | {
      template: 'staff-invitation';
      payload: { token: string; role: 'caseworker' | 'admin'; invitedBy: string | null };
    }
  // Support conversations: the acknowledgement of a traveller's message, and staff's answer
  | {
      template: 'support-received';
      payload: {
        firstName: string | null;
        reference: string;
        /** The order it is about, as the pages show its number; null for a general question. */
        orderReference: string | null;
        /** A copy of what the traveller wrote. */
        message: string;
        /** Where an account reads the conversation (`/orders` or `/contact`); null for a guest. */
        link: SupportLink | null;
      };
    }
  | {
      template: 'support-reply';
      payload: {
        firstName: string | null;
        reference: string;
        /** The first name of the member of staff who answered, when known. */
        staffName: string | null;
        reply: string;
        link: SupportLink | null;
      };
    };

/** Where a traveller with an account reads a conversation: on its order in My orders, or on the contact page. */
export type SupportLink = 'orders' | 'contact';

export type TemplateName = EmailMessage['template'];

/** The contracts' list of templates (the staff area names failed e-mails by it) is exactly the API's. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const templatesListed: Same<TemplateName, EmailTemplate> = true;
void templatesListed;

/** Payload fields that are secrets: they are removed once the message has been sent. */
export const SECRET_FIELDS = ['token', 'code', 'renewToken', 'unsubscribeToken'] as const;

/**
 * E-mails to a person whose personal data is already erased, sent to the address they had: once sent, the row keeps
 * neither the address nor the payload, as their other e-mails were deleted with the rest of their data.
 */
export const TO_ERASED_PERSON: ReadonlySet<string> = new Set<TemplateName>(['account-deleted']);

export interface Rendered {
  subject: string;
  text: string;
  html: string;
}

const escape = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** Writing an e-mail in one language: its messages, amounts and lists. */
interface Writer {
  locale: Locale;
  t: EmailT;
  /** The help centre and support address every e-mail ends with. */
  help: HelpContact;
}

const hello = ({ t }: Writer, firstName: string | null) =>
  firstName ? t('common.helloNamed', { firstName }) : t('common.hello');

/** An amount as the mail's language writes it (the English mails keep the product's "€59.00"). */
function money({ locale }: Writer, cents: number): string {
  if (locale === 'en') return formatEuros(cents);
  return new Intl.NumberFormat(languageTag(locale), {
    style: 'currency',
    currency: CURRENCY,
  }).format(cents / 100);
}

/** Names listed as the mail's language lists them ("A, B" in English, "A et B" in French). */
function names({ locale }: Writer, list: string[]): string {
  if (locale === 'en') return list.join(', ');
  return new Intl.ListFormat(languageTag(locale), { type: 'conjunction' }).format(list);
}

/** The name of a status in the mail's language; the payload holds its English name. */
function statusName({ locale, t }: Writer, englishName: string): string {
  if (locale === 'en') return englishName;
  const code = (Object.keys(STATUS_LABEL) as ApplicationStatus[]).find(
    (status) => STATUS_LABEL[status] === englishName,
  );
  return code ? t(`status.${code}`) : englishName;
}

/**
 * A day (YYYY-MM-DD) as the mail's language writes it ("1 March 2026", "1 mars 2026"): the same day wherever the
 * reader or the server is. Anything else is shown as it is.
 */
function day({ locale }: Writer, isoDay: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDay);
  if (!match) return isoDay;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  if (Number.isNaN(date.getTime())) return isoDay;
  return new Intl.DateTimeFormat(languageTag(locale), {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(date);
}

/** A moment (ISO date-time) as the mail's language writes it, in UTC ("6 December 2026 at 09:30"). */
function moment({ locale }: Writer, iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(languageTag(locale), {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(date);
}

/** Paragraphs of the HTML part: every text is escaped; `raw` parts are markup made here. */
type Paragraph = string | { raw: string };

/** Escapes a text written by a person (a message from staff, the government's reason), keeping its line breaks. */
const escapeLines = (value: string) => escape(value).replace(/\r?\n/g, '<br>');

/** A text written by a person as a paragraph, its line breaks kept. */
const written = (value: string): Paragraph => ({ raw: escapeLines(value) });

/** A heading in bold over its lines (a change asked for, a traveller's ETA or visa). */
const block = (heading: string, lines: string[]): Paragraph => ({
  raw: [`<strong>${escape(heading)}</strong>`, ...lines.map(escapeLines)].join('<br>'),
});

/** The same block in the text part: the heading, then its lines. */
const blockText = (heading: string, lines: string[]) => [heading, ...lines].join('\n');

/** A small line after the button (how to stop reminders), its address a link. */
function footnote(message: (url: string) => string, url: string): Paragraph {
  const mark = '\u0000';
  const [before = '', after = ''] = message(mark).split(mark);
  return {
    raw: `${escape(before)}<a href="${escape(url)}" style="color:#4a5568">${escape(url)}</a>${escape(after)}`,
  };
}

/** The sentence of a recent-proof code's e-mail that names the action the code confirms. */
const REAUTHENTICATION_INTRO = {
  'email-change': 'reauthentication.intro.emailChange',
  'password-change': 'reauthentication.intro.passwordChange',
  'data-export': 'reauthentication.intro.dataExport',
  'account-deletion': 'reauthentication.intro.accountDeletion',
} as const satisfies Record<RecentProofPurpose, string>;

const codeBlock = (code: string): Paragraph => ({
  raw: `<strong style="font-size:28px;letter-spacing:6px">${escape(code)}</strong>`,
});

/** The line every e-mail ends with: where to find answers and whom to write to, in the reader's language. */
function helpLine({ t, help }: Writer, url: string, email: string): string {
  return help.email ? t('common.help', { email, url }) : t('common.helpCentre', { url });
}

/** The same line in the HTML part, its address and e-mail links. */
function helpHtml(w: Writer): string {
  const { url, email } = w.help;
  return escape(helpLine(w, '\u0001', '\u0002'))
    .replace('\u0001', `<a href="${escape(url)}" style="color:#4a5568">${escape(url)}</a>`)
    .replace(
      '\u0002',
      email ? `<a href="mailto:${escape(email)}" style="color:#4a5568">${escape(email)}</a>` : '',
    );
}

function layout(
  { locale, t, help }: Writer,
  title: string,
  paragraphs: Paragraph[],
  action?: { label: string; url: string },
  note?: Paragraph,
): string {
  const body = paragraphs
    .map((p) => `<p style="margin:0 0 16px">${typeof p === 'string' ? escape(p) : p.raw}</p>`)
    .join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escape(action.url)}" style="background:#0b4f8a;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escape(action.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#4a5568">${escape(t('common.buttonFallback'))}<br>${escape(action.url)}</p>`
    : '';
  const small = note
    ? `<p style="margin:0 0 16px;font-size:13px;color:#4a5568">${typeof note === 'string' ? escape(note) : note.raw}</p>`
    : '';
  const rtl = directionOf(locale) === 'rtl';
  const html = rtl ? `lang="${locale}" dir="rtl"` : `lang="${locale}"`;
  return `<!doctype html><html ${html}><head><meta charset="utf-8"><title>${escape(title)}</title></head>
<body style="margin:0;background:#f4f6f8;font-family:Arial,Helvetica,sans-serif;color:#1a202c">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#ffffff;border-radius:8px;padding:32px;text-align:${rtl ? 'right' : 'left'}">
<tr><td><p style="margin:0 0 24px;font-size:20px;font-weight:700;color:#0b4f8a">Waypoint</p>
<h1 style="font-size:20px;margin:0 0 16px">${escape(title)}</h1>${body}${button}${small}
<p style="margin:32px 0 0;font-size:12px;color:#4a5568">${helpHtml({ locale, t, help })}</p>
<p style="margin:8px 0 0;font-size:12px;color:#4a5568">${escape(t('common.disclaimer'))}</p>
</td></tr></table></td></tr></table></body></html>`;
}

const text = (w: Writer, lines: string[]) =>
  `${lines.join('\n\n')}\n\n--\n${helpLine(w, w.help.url, w.help.email ?? '')}\n${w.t('common.disclaimer')}\n`;

/**
 * The button of a support e-mail: the conversation in the account (on its order in My orders, or on the contact
 * page), or the contact form for a guest, who has no account to read it in.
 */
function supportAction({ t }: Writer, publicUrl: string, link: SupportLink | null) {
  return link
    ? { label: t('support.viewConversation'), url: `${publicUrl}/${link}` }
    : { label: t('support.contactUs'), url: `${publicUrl}/contact` };
}

/**
 * Renders an e-mail in `locale` (the recipient account's language; English by default). Every e-mail ends with the
 * help centre (`support.helpUrl`, else the portal's `/help`) and, when `support` is given, the support address.
 */
export function renderEmail(
  message: EmailMessage,
  publicUrl: string,
  locale: Locale = 'en',
  support?: Support,
): Rendered {
  const w: Writer = { locale, t: emailMessages(locale), help: helpContact(publicUrl, support) };
  const { t } = w;
  switch (message.template) {
    case 'sign-in-link': {
      const url = `${publicUrl}/auth/verify?token=${encodeURIComponent(message.payload.token)}`;
      const greeting = hello(w, message.payload.firstName);
      const intro = t('signInLink.intro');
      const ignore = t('signInLink.ignore');
      return {
        subject: t('signInLink.subject'),
        text: text(w, [greeting, intro, url, ignore]),
        html: layout(w, t('signInLink.title'), [greeting, intro, ignore], {
          label: t('common.logIn'),
          url,
        }),
      };
    }
    case 'draft-return-link': {
      const url = `${publicUrl}/application/return/${encodeURIComponent(message.payload.token)}`;
      const greeting = hello(w, null);
      const intro = t('draftReturn.intro');
      const expiry = t('draftReturn.expiry', { expires: moment(w, message.payload.expiresAt) });
      const ignore = t('draftReturn.ignore');
      return {
        subject: t('draftReturn.subject'),
        text: text(w, [greeting, intro, url, expiry, ignore]),
        html: layout(w, t('draftReturn.title'), [greeting, intro, expiry, ignore], {
          label: t('draftReturn.action'),
          url,
        }),
      };
    }
    case 'email-verification': {
      const { code, newAddress } = message.payload;
      const greeting = hello(w, message.payload.firstName);
      const intro = newAddress
        ? t('emailVerification.introNewAddress')
        : t('emailVerification.intro');
      return {
        subject: t('emailVerification.subject', { code }),
        text: text(w, [greeting, intro, code]),
        html: layout(w, t('emailVerification.title'), [greeting, intro, codeBlock(code)]),
      };
    }
    case 'password-reset': {
      const { code } = message.payload;
      const greeting = hello(w, message.payload.firstName);
      const intro = t('passwordReset.intro');
      const ignore = t('passwordReset.ignore');
      const url = `${publicUrl}/auth/reset-password`;
      return {
        subject: t('passwordReset.subject', { code }),
        text: text(w, [greeting, intro, code, url, ignore]),
        html: layout(w, t('passwordReset.title'), [greeting, intro, codeBlock(code), ignore], {
          label: t('passwordReset.action'),
          url,
        }),
      };
    }
    case 'reauthentication-code': {
      const { code } = message.payload;
      const greeting = hello(w, message.payload.firstName);
      const intro = message.payload.purpose
        ? t(REAUTHENTICATION_INTRO[message.payload.purpose])
        : t('reauthentication.intro');
      const ignore = t('reauthentication.ignore');
      return {
        subject: t('reauthentication.subject', { code }),
        text: text(w, [greeting, intro, code, ignore]),
        html: layout(w, t('reauthentication.title'), [greeting, intro, codeBlock(code), ignore]),
      };
    }
    case 'account-claimed': {
      const p = message.payload;
      const url = `${publicUrl}/auth/login`;
      const greeting = hello(w, p.firstName);
      const lines = [
        t('accountClaimed.signedOut', { count: p.endedSessions }),
        ...(p.passwordRemoved ? [t('accountClaimed.passwordRemoved')] : []),
        t('accountClaimed.check'),
      ];
      return {
        subject: t('accountClaimed.subject'),
        text: text(w, [greeting, ...lines, url]),
        html: layout(w, t('accountClaimed.title'), [greeting, ...lines], {
          label: t('common.logIn'),
          url,
        }),
      };
    }
    case 'email-changed': {
      const p = message.payload;
      const url = `${publicUrl}/auth/undo-email-change?token=${encodeURIComponent(p.token)}`;
      const greeting = hello(w, p.firstName);
      const lines = [
        t('emailChanged.changed', { newEmail: p.newEmail }),
        t('emailChanged.undoHint'),
      ];
      return {
        subject: t('emailChanged.subject'),
        text: text(w, [greeting, ...lines, url]),
        html: layout(w, t('emailChanged.title'), [greeting, ...lines], {
          label: t('emailChanged.action'),
          url,
        }),
      };
    }
    case 'payment-confirmation': {
      const p = message.payload;
      const url = `${publicUrl}/application/${encodeURIComponent(p.applicationId)}/general-info`;
      const greeting = hello(w, p.firstName);
      const thanks = t('paymentConfirmation.thanks');
      const summary = t('paymentConfirmation.summary', {
        reference: p.reference,
        visaTypeName: p.visaTypeName,
        count: p.travelers.length,
        travelers: names(w, p.travelers),
        amount: money(w, p.totalCents),
      });
      const next = t('paymentConfirmation.next', {
        hours: p.processingHours,
        processingName: p.processingName,
      });
      const receipt = p.receiptNumber
        ? [t('paymentConfirmation.receipt', { number: p.receiptNumber })]
        : [];
      return {
        subject: t('paymentConfirmation.subject', { reference: p.reference }),
        text: text(w, [greeting, thanks, summary, ...receipt, next, url]),
        html: layout(
          w,
          t('paymentConfirmation.title'),
          [greeting, thanks, summary, ...receipt, next],
          {
            label: t('paymentConfirmation.action'),
            url,
          },
        ),
      };
    }
    case 'refund-confirmation': {
      const p = message.payload;
      const url = `${publicUrl}/orders`;
      const greeting = hello(w, p.firstName);
      const amount = money(w, p.amountCents);
      const lines = [
        p.kind === 'full'
          ? t('refund.lineFull', { reference: p.reference, amount })
          : t('refund.lineServiceFee', {
              reference: p.reference,
              amount,
              total: money(w, p.totalCents),
            }),
        t('refund.timing'),
        ...(p.creditNoteNumber ? [t('refund.creditNote', { number: p.creditNoteNumber })] : []),
      ];
      return {
        subject: t('refund.subject', { reference: p.reference, amount }),
        text: text(w, [greeting, ...lines, url]),
        html: layout(w, t('refund.title'), [greeting, ...lines], {
          label: t('refund.action'),
          url,
        }),
      };
    }
    case 'status-change': {
      const p = message.payload;
      const url = `${publicUrl}/orders`;
      const status = statusName(w, p.status);
      const greeting = hello(w, p.firstName);
      const line = t('statusChange.line', { reference: p.reference, status });
      const lines = p.reason ? [line, t('statusChange.reason', { reason: p.reason })] : [line];
      return {
        subject: t('statusChange.subject', { reference: p.reference, status }),
        text: text(w, [greeting, ...lines, url]),
        html: layout(w, t('statusChange.title'), [greeting, ...lines], {
          label: t('statusChange.action'),
          url,
        }),
      };
    }
    case 'changes-requested': {
      const p = message.payload;
      const url = `${publicUrl}/application/${encodeURIComponent(p.applicationId)}/review`;
      const greeting = hello(w, p.firstName);
      const intro = t('changesRequested.intro', { reference: p.reference });
      const next = t('changesRequested.next');
      const changes = p.changes.map((change) => {
        const section = t(`section.${change.section}`);
        return {
          heading: change.travelerName
            ? t('changesRequested.sectionOf', { section, travelerName: change.travelerName })
            : section,
          message: change.message,
        };
      });
      return {
        subject: t('changesRequested.subject', { reference: p.reference }),
        text: text(w, [
          greeting,
          intro,
          ...changes.map((c) => blockText(c.heading, [c.message])),
          next,
          url,
        ]),
        html: layout(
          w,
          t('changesRequested.title'),
          [greeting, intro, ...changes.map((c) => block(c.heading, [c.message])), next],
          { label: t('changesRequested.action'), url },
        ),
      };
    }
    case 'lodged': {
      const p = message.payload;
      const url = `${publicUrl}/orders`;
      const greeting = hello(w, p.firstName);
      const lines = [
        t('lodged.line', { reference: p.reference, date: day(w, p.lodgedOn) }),
        t('lodged.homeOfficeReference', {
          homeOfficeReference: formatHomeOfficeReference(p.homeOfficeReference),
        }),
        t(p.productKind === 'ETA' ? 'lodged.decisionEta' : 'lodged.decisionVisa'),
        t('lodged.next'),
      ];
      return {
        subject: t('lodged.subject', { reference: p.reference }),
        text: text(w, [greeting, ...lines, url]),
        html: layout(w, t('lodged.title'), [greeting, ...lines], {
          label: t('common.viewOrder'),
          url,
        }),
      };
    }
    case 'decision': {
      const p = message.payload;
      const url = `${publicUrl}/orders`;
      const greeting = hello(w, p.firstName);
      const action = { label: t('common.viewOrder'), url };
      if (p.outcome === 'REJECTED') {
        const refused = t('decision.refused', { reference: p.reference });
        const reason = p.reason ? t('decision.reason', { reason: p.reason }) : null;
        const next = [
          ...(p.documentIds.length > 0 ? [t('decision.letterAttached')] : []),
          t('decision.refusedNext'),
        ];
        return {
          subject: t('decision.refusedSubject', { reference: p.reference }),
          text: text(w, [greeting, refused, ...(reason ? [reason] : []), ...next, url]),
          html: layout(
            w,
            t('decision.refusedTitle'),
            [greeting, refused, ...(reason ? [written(reason)] : []), ...next],
            action,
          ),
        };
      }
      const eta = p.productKind === 'ETA';
      const count = Math.max(p.grants.length, 1);
      const grants = p.grants.map((g) => ({
        heading: g.travelerName,
        lines: [
          t('decision.grantReference', { reference: formatHomeOfficeReference(g.reference) }),
          t('decision.grantValidity', {
            validFrom: day(w, g.validFrom),
            validUntil: day(w, g.validUntil),
          }),
          t('decision.grantPassport', { passportLast4: g.passportLast4 }),
        ],
      }));
      const granted = t(eta ? 'decision.grantedEta' : 'decision.grantedVisa', {
        count,
        reference: p.reference,
      });
      const after = [
        ...(p.documentIds.length > 0
          ? [t('decision.documentsAttached', { count: p.documentIds.length })]
          : []),
        ...(eta
          ? [t('decision.etaPassport'), t('decision.etaVisits'), t('decision.etaEntry')]
          : [t('decision.visaPassport')]),
      ];
      return {
        subject: t(eta ? 'decision.subjectEta' : 'decision.subjectVisa', {
          count,
          reference: p.reference,
        }),
        text: text(w, [
          greeting,
          granted,
          ...grants.map((g) => blockText(g.heading, g.lines)),
          ...after,
          url,
        ]),
        html: layout(
          w,
          t(eta ? 'decision.titleEta' : 'decision.titleVisa', { count }),
          [greeting, granted, ...grants.map((g) => block(g.heading, g.lines)), ...after],
          action,
        ),
      };
    }
    case 'expiry-reminder': {
      const p = message.payload;
      const renewUrl = `${publicUrl}/renew?token=${encodeURIComponent(p.renewToken)}`;
      const stopUrl = `${publicUrl}/reminders/unsubscribe?token=${encodeURIComponent(p.unsubscribeToken)}`;
      const eta = p.productKind === 'ETA';
      const passport = p.cause === 'passport';
      const greeting = hello(w, p.firstName);
      const about = {
        travelerName: p.travelerName,
        reference: formatHomeOfficeReference(p.grantReference),
        date: day(w, p.expiresOn),
      };
      const title = passport
        ? t(eta ? 'reminder.subjectPassportEta' : 'reminder.subjectPassportVisa', {
            days: p.daysBefore,
          })
        : t(eta ? 'reminder.subjectEta' : 'reminder.subjectVisa', { days: p.daysBefore });
      const lines = passport
        ? [
            t(eta ? 'reminder.linePassportEta' : 'reminder.linePassportVisa', about),
            t(eta ? 'reminder.newPassportEta' : 'reminder.newPassportVisa', {
              travelerName: p.travelerName,
            }),
          ]
        : [
            t(eta ? 'reminder.lineEta' : 'reminder.lineVisa', about),
            t(eta ? 'reminder.newEta' : 'reminder.newVisa', { travelerName: p.travelerName }),
          ];
      const stop = (url: string) => t('reminder.stop', { url });
      return {
        subject: title,
        text: text(w, [greeting, ...lines, renewUrl, stop(stopUrl)]),
        html: layout(
          w,
          title,
          [greeting, ...lines],
          { label: t('reminder.action'), url: renewUrl },
          footnote(stop, stopUrl),
        ),
      };
    }
    case 'staff-invitation': {
      const p = message.payload;
      const url = `${publicUrl}/auth/staff-invitation/${encodeURIComponent(p.token)}`;
      const greeting = hello(w, null);
      const lines = [
        t(p.role === 'admin' ? 'staffInvitation.roleAdmin' : 'staffInvitation.roleCaseworker'),
        ...(p.invitedBy ? [t('staffInvitation.invitedBy', { inviter: p.invitedBy })] : []),
        t('staffInvitation.next'),
      ];
      const ignore = t('staffInvitation.ignore');
      return {
        subject: t('staffInvitation.subject'),
        text: text(w, [greeting, ...lines, url, ignore]),
        html: layout(w, t('staffInvitation.title'), [greeting, ...lines, ignore], {
          label: t('staffInvitation.action'),
          url,
        }),
      };
    }
    case 'support-received': {
      const p = message.payload;
      const greeting = hello(w, p.firstName);
      const intro = p.orderReference
        ? t('supportReceived.introOrder', {
            reference: p.reference,
            orderReference: p.orderReference,
          })
        : t('supportReceived.intro', { reference: p.reference });
      const timing = t('supportReceived.timing');
      const heading = t('supportReceived.yourMessage');
      const after = p.link ? [t('supportReceived.readOnline')] : [];
      const action = supportAction(w, publicUrl, p.link);
      return {
        subject: t('supportReceived.subject', { reference: p.reference }),
        text: text(w, [
          greeting,
          intro,
          timing,
          blockText(heading, [p.message]),
          ...after,
          action.url,
        ]),
        html: layout(
          w,
          t('supportReceived.title'),
          [greeting, intro, timing, block(heading, [p.message]), ...after],
          action,
        ),
      };
    }
    case 'support-reply': {
      const p = message.payload;
      const greeting = hello(w, p.firstName);
      const intro = p.staffName
        ? t('supportReply.introNamed', { staffName: p.staffName, reference: p.reference })
        : t('supportReply.intro', { reference: p.reference });
      const next = p.link
        ? t('supportReply.answerOnline')
        : t('supportReply.answerGuest', { reference: p.reference });
      const action = supportAction(w, publicUrl, p.link);
      return {
        subject: t('supportReply.subject', { reference: p.reference }),
        text: text(w, [greeting, intro, p.reply, next, action.url]),
        html: layout(w, t('supportReply.title'), [greeting, intro, written(p.reply), next], action),
      };
    }
    case 'account-deleted': {
      const greeting = hello(w, null);
      const lines = [
        t('accountDeleted.erased'),
        ...(message.payload.applications > 0
          ? [t('accountDeleted.kept', { count: message.payload.applications })]
          : []),
        t('accountDeleted.sessions'),
        t('accountDeleted.notYou'),
      ];
      return {
        subject: t('accountDeleted.subject'),
        text: text(w, [greeting, ...lines]),
        html: layout(w, t('accountDeleted.title'), [greeting, ...lines]),
      };
    }
  }
}
