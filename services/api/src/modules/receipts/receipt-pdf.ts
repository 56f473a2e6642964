import type { Color, PDFFont, PDFPage } from 'pdf-lib';
import { languageTag, type Locale } from '@waypoint/contracts';
import type { Seller, Support } from '../../config';
import type { BillingAddress, CreditNoteRow, ReceiptRow } from '../../db/rows';
import { emailMessages, type EmailKey, type EmailValues } from '../notifications/i18n/catalog';
import { helpContact } from '../notifications/help-centre';
import { lazyModule } from '../../lib/lazy-module';

/**
 * The language a receipt is written in. pdf-lib draws glyphs one by one without Arabic shaping (joined letter
 * forms, right-to-left runs), so an Arabic receipt is written in English rather than with broken letters.
 */
export function receiptLanguage(locale: Locale): Exclude<Locale, 'ar'> {
  return locale === 'ar' ? 'en' : locale;
}

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  cartes_bancaires: 'Cartes Bancaires',
};

const brandName = (brand: string) =>
  BRANDS[brand.toLowerCase()] ?? brand.charAt(0).toUpperCase() + brand.slice(1);

/** PDF drawing, loaded when the first sheet is drawn (the worker's first confirmation, or a download). */
const pdfLib = lazyModule(async () => {
  const lib = await import('pdf-lib');
  const colours = {
    INK: lib.rgb(0.1, 0.13, 0.17),
    MUTED: lib.rgb(0.35, 0.4, 0.47),
    RULE: lib.rgb(0.8, 0.84, 0.88),
    BAND: lib.rgb(0.94, 0.96, 0.98),
    BRAND: lib.rgb(0.04, 0.31, 0.54),
  };
  return { lib, colours };
});

/** Latin letters that have no accent to take off, as they are written without their stroke. */
const PLAIN_LETTER: Record<string, string> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  Ŧ: 'T',
  ŧ: 't',
};

/** The characters each embedded font can draw, by its font's name (the standard fonts' sets never change). */
const CHARACTER_SETS = new Map<string, Set<number>>();

function characterSet(font: PDFFont): Set<number> {
  let known = CHARACTER_SETS.get(font.name);
  if (!known) CHARACTER_SETS.set(font.name, (known = new Set(font.getCharacterSet())));
  return known;
}

/**
 * Text as the standard PDF font can draw it (WinAnsi: Latin letters with their accents, €, £): the narrow spaces
 * Intl puts in French amounts become plain spaces, and a letter outside the set is written without its accent or
 * stroke (names on passports are in Latin letters).
 */
function drawable(font: PDFFont, text: string): string {
  const known = characterSet(font);
  const drawn = (value: string) => [...value].every((c) => known.has(c.codePointAt(0)!));
  const spaced = text.replace(/[\u202f\u2009\u00a0]/g, ' ');
  if (drawn(spaced)) return spaced;
  let out = '';
  for (const ch of spaced) {
    if (drawn(ch)) out += ch;
    else {
      const bare = PLAIN_LETTER[ch] ?? ch.normalize('NFD').replace(/\p{M}/gu, '');
      out += drawn(bare) ? bare : '?';
    }
  }
  return out;
}

/**
 * Intl's formatters, made once per language and options: making one loads its locale data, which costs far more
 * than the formatting (each sheet formats a dozen amounts and dates).
 */
const FORMATTERS = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.DisplayNames>();

function formatter<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.DisplayNames>(
  key: string,
  make: () => T,
): T {
  let made = FORMATTERS.get(key) as T | undefined;
  if (!made) FORMATTERS.set(key, (made = make()));
  return made;
}

const money = (tag: string, currency: string, fraction?: { min: number; max: number }) =>
  formatter(`money ${tag} ${currency} ${fraction?.min ?? ''} ${fraction?.max ?? ''}`, () =>
    fraction
      ? new Intl.NumberFormat(tag, {
          style: 'currency',
          currency,
          minimumFractionDigits: fraction.min,
          maximumFractionDigits: fraction.max,
        })
      : new Intl.NumberFormat(tag, { style: 'currency', currency }),
  );

/**
 * How a sheet is written out: objects as they are rather than packed into compressed object streams. A sheet is a
 * few kilobytes either way (about 4 KB against 2.5), and compressing the object streams was a third of the CPU of
 * drawing one, on the worker that sends every payment's confirmation.
 */
const SAVE = { useObjectStreams: false } as const;

/** Who issues invoices and credit notes, and where their readers get help (from the configuration). */
export interface Issuer {
  seller: Seller;
  support: Support;
  /** The portal's address: its help centre (`/help`) is the one named when no `HELP_URL` is configured. */
  publicUrl: string;
}

type Write = (
  p: PDFPage,
  text: string,
  x: number,
  at: number,
  opts?: { font?: PDFFont; size?: number; color?: Color; align?: 'left' | 'right' },
) => void;

/**
 * A one-page A4 sheet in a language, with what invoices and credit notes draw alike: the heading with the seller's
 * identity, the buyer, the table's header and the footer with the support contact and the disclaimer.
 */
async function sheet(input: {
  locale: Locale;
  currency: string;
  title: string;
  number: string;
  issuedAt: Date;
  issuer: Issuer;
  billing: BillingAddress | null;
}) {
  const lang = receiptLanguage(input.locale);
  const tag = languageTag(lang);
  const messages = emailMessages(lang);
  const t = (key: EmailKey, values?: EmailValues) => messages(key, values);
  const euros = (cents: number) => money(tag, input.currency).format(cents / 100);
  const day = (d: Date) =>
    formatter(
      `day ${tag}`,
      () => new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeZone: 'UTC' }),
    ).format(d);
  const country = (code: string) =>
    formatter(
      `region ${tag}`,
      () => new Intl.DisplayNames([tag], { type: 'region', fallback: 'code' }),
    ).of(code) ?? code;

  const {
    lib: { PDFDocument, StandardFonts },
    colours: { INK, MUTED, RULE, BAND, BRAND },
  } = await pdfLib();
  const doc = await PDFDocument.create();
  doc.setTitle(`${input.issuer.seller.legalName} – ${input.title} ${input.number}`);
  doc.setAuthor(input.issuer.seller.legalName);
  doc.setLanguage(tag);
  doc.setCreationDate(input.issuedAt);
  doc.setModificationDate(input.issuedAt);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([595.28, 841.89]);
  const left = 56;
  const right = page.getWidth() - 56;

  const write: Write = (p, text, x, at, opts = {}) => {
    const font = opts.font ?? regular;
    const size = opts.size ?? 10;
    const value = drawable(font, text);
    const width = font.widthOfTextAtSize(value, size);
    p.drawText(value, {
      x: opts.align === 'right' ? x - width : x,
      y: at,
      font,
      size,
      color: opts.color ?? INK,
    });
  };
  /** Splits text into lines that fit a width. */
  const wrap = (text: string, font: PDFFont, size: number, width: number): string[] => {
    const lines: string[] = [];
    let line = '';
    for (const word of drawable(font, text).split(' ')) {
      const next = line ? `${line} ${word}` : word;
      if (line && font.widthOfTextAtSize(next, size) > width) {
        lines.push(line);
        line = word;
      } else line = next;
    }
    if (line) lines.push(line);
    return lines;
  };
  const rule = (at: number, thickness = 0.5) =>
    page.drawLine({ start: { x: left, y: at }, end: { x: right, y: at }, thickness, color: RULE });

  // Heading: the brand, the title, the number and the date.
  let y = page.getHeight() - 64;
  write(page, 'Waypoint', left, y, { font: bold, size: 24, color: BRAND });
  write(page, input.title, right, y + 2, { font: bold, size: 18, align: 'right' });
  y -= 22;
  write(page, input.number, right, y, { align: 'right', color: MUTED });
  y -= 14;
  write(page, t('receipt.date', { date: day(input.issuedAt) }), right, y, {
    align: 'right',
    color: MUTED,
  });
  y -= 18;
  rule(y, 1);
  y -= 22;

  // The seller (left) and the buyer (right), each as a short block of lines.
  const { seller } = input.issuer;
  const half = (right - left) / 2 - 12;
  const sellerLines = [
    ...wrap(seller.address, regular, 9, half),
    t('invoice.companyNumber', { number: seller.companyNumber }),
    t('invoice.vatNumber', { number: seller.vatNumber }),
  ];
  const buyer = input.billing;
  const buyerLines = buyer
    ? [
        ...(buyer.name ? [buyer.name] : []),
        ...wrap(buyer.line1, regular, 9, half),
        [buyer.postalCode, buyer.city].filter(Boolean).join(' '),
        country(buyer.country),
      ]
    : [];
  const buyerX = left + half + 24;
  write(page, t('invoice.from'), left, y, { font: bold, size: 9, color: MUTED });
  if (buyer) write(page, t('invoice.billTo'), buyerX, y, { font: bold, size: 9, color: MUTED });
  y -= 14;
  write(page, seller.legalName, left, y, { font: bold });
  let sellerY = y - 13;
  for (const line of sellerLines) {
    write(page, line, left, sellerY, { size: 9 });
    sellerY -= 12;
  }
  let buyerY = y;
  for (const [i, line] of buyerLines.entries()) {
    write(page, line, buyerX, buyerY, { size: i === 0 ? 10 : 9, font: i === 0 ? bold : regular });
    buyerY -= i === 0 ? 13 : 12;
  }
  y = Math.min(sellerY, buyerY) - 16;

  /** The header row of a table of amounts, at a height; returns the height below it. */
  const cols = { qty: right - 210, unit: right - 100, amount: right - 8 };
  const tableHeader = (at: number) => {
    page.drawRectangle({ x: left, y: at - 7, width: right - left, height: 22, color: BAND });
    write(page, t('receipt.description'), left + 8, at, { font: bold });
    write(page, t('receipt.quantity'), cols.qty, at, { font: bold, align: 'right' });
    write(page, t('receipt.unitPrice'), cols.unit, at, { font: bold, align: 'right' });
    write(page, t('receipt.amount'), cols.amount, at, { font: bold, align: 'right' });
    return at - 30;
  };
  /** A line of a table (title, quantity, unit price and amount, a detail beneath); returns the height below it. */
  const tableLine = (
    at: number,
    line: { title: string; detail: string | null; quantity: number; unit: number },
  ) => {
    write(page, line.title, left + 8, at);
    write(page, String(line.quantity), cols.qty, at, { align: 'right' });
    write(page, euros(line.unit), cols.unit, at, { align: 'right' });
    write(page, euros(line.unit * line.quantity), cols.amount, at, { align: 'right' });
    at -= 13;
    for (const part of line.detail ? wrap(line.detail, regular, 8.5, right - left - 16) : []) {
      write(page, part, left + 8, at, { size: 8.5, color: MUTED });
      at -= 11;
    }
    at -= 8;
    rule(at + 6);
    return at - 10;
  };

  /** The footer: where to ask questions (the support address and the help centre), then the disclaimer. */
  const footer = () => {
    const { support, publicUrl } = input.issuer;
    const ask = t('invoice.supportWithHelp', {
      email: support.email,
      url: helpContact(publicUrl, support).url,
    });
    let at = 72;
    for (const part of wrap(t('receipt.disclaimer'), regular, 8, right - left).reverse()) {
      write(page, part, left, at, { size: 8, color: MUTED });
      at += 11;
    }
    at += 4;
    for (const part of wrap(ask, regular, 8, right - left).reverse()) {
      write(page, part, left, at, { size: 8, color: INK });
      at += 11;
    }
    rule(at + 4);
  };

  return {
    doc,
    page,
    MUTED,
    y,
    t,
    euros,
    day,
    tag,
    left,
    right,
    regular,
    bold,
    write,
    wrap,
    cols,
    tableHeader,
    tableLine,
    footer,
  };
}

/**
 * A paid order's invoice (its receipt) as a one-page A4 PDF, in the given language (see `receiptLanguage`): the
 * seller's identity and the buyer's billing address, the order, its fee lines and the total.
 */
export async function renderReceiptPdf(
  receipt: ReceiptRow,
  locale: Locale,
  issuer: Issuer,
): Promise<Uint8Array> {
  const s = await sheet({
    locale,
    currency: receipt.currency,
    title: emailMessages(receiptLanguage(locale))('receipt.title'),
    number: emailMessages(receiptLanguage(locale))('receipt.number', { number: receipt.number }),
    issuedAt: receipt.issuedAt,
    issuer,
    billing: receipt.billing,
  });
  const { page, t, euros, day, tag, left, write, bold, MUTED } = s;
  let y = s.y;
  const pounds = (pence: number) => money(tag, 'GBP').format(pence / 100);
  const rate = money(tag, receipt.currency, { min: 2, max: 6 }).format(
    Number(receipt.exchangeRate),
  );

  // The order.
  const card =
    receipt.cardBrand && receipt.cardLast4
      ? t('receipt.card', { brand: brandName(receipt.cardBrand), last4: receipt.cardLast4 })
      : t('receipt.cardUnknown');
  const facts: [string, string[]][] = [
    [t('receipt.reference'), [`#${receipt.reference}`]],
    [t('receipt.application'), [receipt.visaTypeName]],
    [t('receipt.travellers'), receipt.travelers.length ? receipt.travelers : ['–']],
    [t('receipt.paidWith'), [card]],
  ];
  for (const [label, values] of facts) {
    write(page, label, left, y, { font: bold, color: MUTED });
    for (const value of values) {
      write(page, value, left + 150, y);
      y -= 15;
    }
    y -= 4;
  }
  y -= 14;

  // The lines: government fee (in pounds and euros at the order's rate), service fee, total.
  y = s.tableHeader(y);
  const quantity = receipt.travelerCount;
  y = s.tableLine(y, {
    title: t('receipt.governmentFee'),
    detail: t('receipt.governmentFeeDetail', {
      pounds: pounds(receipt.governmentFeeGbpPence),
      rate,
      date: day(new Date(`${receipt.exchangeRateDate}T00:00:00Z`)),
    }),
    quantity,
    unit: receipt.governmentFeeCents,
  });
  y = s.tableLine(y, {
    title: t('receipt.serviceFee'),
    detail: t('receipt.serviceFeeDetail', { processingName: receipt.processingName }),
    quantity,
    unit: receipt.processingFeeCents,
  });
  write(page, t('receipt.total'), left + 8, y, { font: bold, size: 12 });
  write(page, euros(receipt.totalCents), s.cols.amount, y, {
    font: bold,
    size: 12,
    align: 'right',
  });
  y -= 34;
  write(page, t('receipt.paidInFull', { date: day(receipt.issuedAt) }), left, y);
  s.footer();
  return s.doc.save(SAVE);
}

/**
 * A refund's credit note as a one-page A4 PDF, in the invoice's language: the invoice it refers to, the refunded
 * fee lines as negative amounts (the service fee only, or every line of a full refund), the total refunded and the
 * reason, between the same seller and buyer as the invoice.
 */
export async function renderCreditNotePdf(
  note: CreditNoteRow,
  receipt: ReceiptRow | undefined,
  locale: Locale,
  issuer: Issuer,
): Promise<Uint8Array> {
  const messages = emailMessages(receiptLanguage(locale));
  const s = await sheet({
    locale,
    currency: note.currency,
    title: messages('creditNote.title'),
    number: messages('creditNote.number', { number: note.number }),
    issuedAt: note.issuedAt,
    issuer,
    billing: receipt?.billing ?? null,
  });
  const { page, t, euros, day, left, right, write, wrap, regular, bold, MUTED } = s;
  let y = s.y;

  const facts: [string, string][] = [
    ...(note.invoiceNumber
      ? [[t('creditNote.invoice'), note.invoiceNumber] as [string, string]]
      : []),
    ...(receipt ? [[t('receipt.reference'), `#${receipt.reference}`] as [string, string]] : []),
    [
      t('creditNote.refund'),
      note.kind === 'full' ? t('creditNote.refundFull') : t('creditNote.refundServiceFee'),
    ],
  ];
  for (const [label, value] of facts) {
    write(page, label, left, y, { font: bold, color: MUTED });
    write(page, value, left + 150, y);
    y -= 19;
  }
  if (note.reason) {
    write(page, t('creditNote.reason'), left, y, { font: bold, color: MUTED });
    for (const part of wrap(note.reason, regular, 10, right - left - 150)) {
      write(page, part, left + 150, y);
      y -= 15;
    }
    y -= 4;
  }
  y -= 14;

  // The refunded lines, negative: per traveller when the invoice says how many there were.
  y = s.tableHeader(y);
  const quantity = receipt?.travelerCount ?? 1;
  const serviceDetail = receipt
    ? t('receipt.serviceFeeDetail', { processingName: receipt.processingName })
    : null;
  const lines = [
    { title: t('receipt.governmentFee'), detail: null, cents: note.governmentFeeCents },
    { title: t('receipt.serviceFee'), detail: serviceDetail, cents: note.serviceFeeCents },
  ].filter((line) => line.cents > 0);
  for (const line of lines) {
    const perTraveller = line.cents % quantity === 0 ? quantity : 1;
    y = s.tableLine(y, {
      title: line.title,
      detail: line.detail,
      quantity: perTraveller,
      unit: -line.cents / perTraveller,
    });
  }
  write(page, t('creditNote.total'), left + 8, y, { font: bold, size: 12 });
  write(page, euros(-note.amountCents), s.cols.amount, y, {
    font: bold,
    size: 12,
    align: 'right',
  });
  y -= 34;
  write(page, t('creditNote.refundedOn', { date: day(note.issuedAt) }), left, y);
  s.footer();
  return s.doc.save(SAVE);
}
