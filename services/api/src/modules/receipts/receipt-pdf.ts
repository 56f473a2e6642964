import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { languageTag, type Locale } from '@waypoint/contracts';
import type { ReceiptRow } from '../../db/rows';
import { emailMessages, type EmailKey, type EmailValues } from '../notifications/i18n/catalog';

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

const INK = rgb(0.1, 0.13, 0.17);
const MUTED = rgb(0.35, 0.4, 0.47);
const RULE = rgb(0.8, 0.84, 0.88);
const BAND = rgb(0.94, 0.96, 0.98);
const BRAND = rgb(0.04, 0.31, 0.54);

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

/**
 * Text as the standard PDF font can draw it (WinAnsi: Latin letters with their accents, €, £): the narrow spaces
 * Intl puts in French amounts become plain spaces, and a letter outside the set is written without its accent or
 * stroke (names on passports are in Latin letters).
 */
function drawable(font: PDFFont, text: string): string {
  const known = new Set(font.getCharacterSet());
  const drawn = (value: string) => [...value].every((c) => known.has(c.codePointAt(0)!));
  let out = '';
  for (const ch of text.replace(/[\u202f\u2009\u00a0]/g, ' ')) {
    if (drawn(ch)) out += ch;
    else {
      const bare = PLAIN_LETTER[ch] ?? ch.normalize('NFD').replace(/\p{M}/gu, '');
      out += drawn(bare) ? bare : '?';
    }
  }
  return out;
}

/** A receipt as a one-page A4 PDF, in the given language (see `receiptLanguage`). */
export async function renderReceiptPdf(receipt: ReceiptRow, locale: Locale): Promise<Uint8Array> {
  const lang = receiptLanguage(locale);
  const tag = languageTag(lang);
  const messages = emailMessages(lang);
  const t = (key: EmailKey, values?: EmailValues) => messages(key, values);
  const euros = (cents: number) =>
    new Intl.NumberFormat(tag, { style: 'currency', currency: receipt.currency }).format(
      cents / 100,
    );
  const pounds = (pence: number) =>
    new Intl.NumberFormat(tag, { style: 'currency', currency: 'GBP' }).format(pence / 100);
  const day = (d: Date) =>
    new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeZone: 'UTC' }).format(d);
  const rate = new Intl.NumberFormat(tag, {
    style: 'currency',
    currency: receipt.currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 6,
  }).format(Number(receipt.exchangeRate));

  const doc = await PDFDocument.create();
  doc.setTitle(`Waypoint – ${t('receipt.title')} ${receipt.number}`);
  doc.setAuthor('Waypoint');
  doc.setLanguage(tag);
  doc.setCreationDate(receipt.issuedAt);
  doc.setModificationDate(receipt.issuedAt);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([595.28, 841.89]);
  const left = 56;
  const right = page.getWidth() - 56;
  let y = page.getHeight() - 64;

  const write = (
    p: PDFPage,
    text: string,
    x: number,
    at: number,
    opts: { font?: PDFFont; size?: number; color?: typeof INK; align?: 'left' | 'right' } = {},
  ) => {
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

  // Heading: the company, the title and the number.
  write(page, 'Waypoint', left, y, { font: bold, size: 24, color: BRAND });
  write(page, t('receipt.title'), right, y + 2, { font: bold, size: 18, align: 'right' });
  y -= 22;
  write(page, t('receipt.number', { number: receipt.number }), right, y, {
    align: 'right',
    color: MUTED,
  });
  y -= 14;
  write(page, t('receipt.date', { date: day(receipt.issuedAt) }), right, y, {
    align: 'right',
    color: MUTED,
  });
  y -= 18;
  page.drawLine({ start: { x: left, y }, end: { x: right, y }, thickness: 1, color: RULE });
  y -= 26;

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
  const cols = { qty: right - 210, unit: right - 100, amount: right };
  const header = y;
  page.drawRectangle({ x: left, y: header - 7, width: right - left, height: 22, color: BAND });
  write(page, t('receipt.description'), left + 8, header, { font: bold });
  write(page, t('receipt.quantity'), cols.qty, header, { font: bold, align: 'right' });
  write(page, t('receipt.unitPrice'), cols.unit, header, { font: bold, align: 'right' });
  write(page, t('receipt.amount'), cols.amount - 8, header, { font: bold, align: 'right' });
  y -= 30;
  const n = receipt.travelerCount;
  const lines = [
    {
      title: t('receipt.governmentFee'),
      detail: t('receipt.governmentFeeDetail', {
        pounds: pounds(receipt.governmentFeeGbpPence),
        rate,
        date: day(new Date(`${receipt.exchangeRateDate}T00:00:00Z`)),
      }),
      unit: receipt.governmentFeeCents,
    },
    {
      title: t('receipt.serviceFee'),
      detail: t('receipt.serviceFeeDetail', { processingName: receipt.processingName }),
      unit: receipt.processingFeeCents,
    },
  ];
  for (const line of lines) {
    write(page, line.title, left + 8, y);
    write(page, String(n), cols.qty, y, { align: 'right' });
    write(page, euros(line.unit), cols.unit, y, { align: 'right' });
    write(page, euros(line.unit * n), cols.amount - 8, y, { align: 'right' });
    y -= 13;
    for (const part of wrap(line.detail, regular, 8.5, right - left - 16)) {
      write(page, part, left + 8, y, { size: 8.5, color: MUTED });
      y -= 11;
    }
    y -= 8;
    page.drawLine({
      start: { x: left, y: y + 6 },
      end: { x: right, y: y + 6 },
      thickness: 0.5,
      color: RULE,
    });
    y -= 10;
  }
  write(page, t('receipt.total'), left + 8, y, { font: bold, size: 12 });
  write(page, euros(receipt.totalCents), cols.amount - 8, y, {
    font: bold,
    size: 12,
    align: 'right',
  });
  y -= 34;
  write(page, t('receipt.paidInFull', { date: day(receipt.issuedAt) }), left, y);

  // Footer.
  let footer = 72;
  for (const part of wrap(t('receipt.disclaimer'), regular, 8, right - left).reverse()) {
    write(page, part, left, footer, { size: 8, color: MUTED });
    footer += 11;
  }
  page.drawLine({
    start: { x: left, y: footer + 4 },
    end: { x: right, y: footer + 4 },
    thickness: 0.5,
    color: RULE,
  });
  return doc.save();
}
