import countries from 'i18n-iso-countries';
import { parse } from 'mrz';
import type { MrzRead } from '@waypoint/contracts';

/**
 * The machine-readable zone (MRZ) of a passport page (ICAO 9303 TD3: two lines of 44 characters), from the text
 * an OCR pass returned: finding the two lines and checking their check digits (what they say is compared with the
 * traveller's passport details in applications/passport-mrz.ts).
 */

const TD3_LENGTH = 44;

/** ICAO codes that are not ISO 3166-1 alpha-3 codes, for the countries the portal lists. */
const ICAO_EXCEPTIONS: Record<string, string> = {
  D: 'DE',
  GBD: 'GB',
  GBN: 'GB',
  GBO: 'GB',
  GBP: 'GB',
  GBS: 'GB',
  RKS: 'XK',
  UNK: 'XK',
};

/** The ISO 3166-1 alpha-2 code of an MRZ nationality or issuing-state code (`FRA` → `FR`), or null. */
export function countryOfMrzCode(code: string): string | null {
  const clean = code.replace(/</g, '');
  return ICAO_EXCEPTIONS[clean] ?? countries.alpha3ToAlpha2(clean) ?? null;
}

/**
 * The second line with its end rebuilt when the OCR lost count of a run of fillers: on a passport without a
 * personal number, the line ends with 14 fillers, the personal number's check digit (`<` or `0`) and the
 * composite check digit, and a reader may drop or add a filler or the first of those digits. Every candidate
 * still has to pass the check digits.
 */
function secondLineCandidates(line: string): string[] {
  if (line.length === TD3_LENGTH) return [line];
  const head = line.slice(0, 28);
  const tail = /^<{8,}([0-9<]?)([0-9])$/.exec(line.slice(28));
  if (head.length !== 28 || !tail) return [];
  const checks = tail[1] ? [tail[1]] : ['<', '0'];
  return checks.map((check) => `${head}${'<'.repeat(14)}${check}${tail[2]}`);
}

/**
 * The candidate pairs of TD3 lines in OCR text, the bottom-most first. Spaces an OCR pass puts between
 * characters are dropped, and a first line cut short of its trailing fillers is padded (fillers carry nothing).
 */
export function td3Candidates(text: string): [string, string][] {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.replace(/\s+/g, '').toUpperCase())
    .filter((l) => /^[A-Z0-9<]{30,}$/.test(l));
  const found: [string, string][] = [];
  for (let i = lines.length - 1; i >= 1; i -= 1) {
    const first = lines[i - 1]!;
    if (!first.startsWith('P')) continue;
    if (first.length > TD3_LENGTH && !/^<+$/.test(first.slice(TD3_LENGTH))) continue;
    // The names end at the first run of three fillers: anything after it is filler misread as letters.
    const names = first.slice(5, TD3_LENGTH);
    const end = names.indexOf('<<<');
    const cleaned = `${first.slice(0, 5)}${end >= 0 ? names.slice(0, end) : names}`;
    for (const second of secondLineCandidates(lines[i]!))
      found.push([cleaned.padEnd(TD3_LENGTH, '<'), second]);
  }
  return found;
}

/** The first candidate pair of TD3 lines in OCR text, or null. */
export function findTd3Lines(text: string): [string, string] | null {
  return td3Candidates(text)[0] ?? null;
}

/**
 * The second line with the letter O and the digit 0 of the document number swapped (the pair an OCR pass confuses
 * most; a document number may hold both), fewest swaps first. Only this pair is tried: the number's check digit
 * is one digit, so every further variant tried would be another 1-in-10 chance of accepting a wrong number.
 */
function numberVariants(second: string): string[] {
  const positions = [...second.slice(0, 9)]
    .map((c, i) => (c === 'O' || c === '0' ? i : -1))
    .filter((i) => i >= 0)
    .slice(0, 3);
  const variants: { line: string; swaps: number }[] = [];
  for (let mask = 1; mask < 1 << positions.length; mask += 1) {
    const chars = [...second];
    let swaps = 0;
    positions.forEach((pos, bit) => {
      if (mask & (1 << bit)) {
        chars[pos] = chars[pos] === 'O' ? '0' : 'O';
        swaps += 1;
      }
    });
    variants.push({ line: chars.join(''), swaps });
  }
  return variants.sort((a, b) => a.swaps - b.swaps).map((v) => v.line);
}

/** 19xx or 20xx for a birth date (never in the future), 20xx for an expiry until 2069. */
function isoDate(yymmdd: string, kind: 'birth' | 'expiry', today = new Date()): string | null {
  if (!/^\d{6}$/.test(yymmdd)) return null;
  const yy = Number(yymmdd.slice(0, 2));
  const thisYear = today.getUTCFullYear() % 100;
  const century = kind === 'birth' ? (yy > thisYear ? 1900 : 2000) : yy >= 70 ? 1900 : 2000;
  const iso = `${century + yy}-${yymmdd.slice(2, 4)}-${yymmdd.slice(4, 6)}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso ? null : iso;
}

/** ICAO 9303's specimen state (Utopia), printed on the specimen passports testers use. */
const SPECIMEN_CODES: ReadonlySet<string> = new Set(['UTO']);

/** Codes ICAO 9303 gives organisations and people without a state (the EU, the UN, stateless persons, refugees). */
const ORGANISATION_CODES = [
  'EUE',
  'UNA',
  'UNO',
  'XBA',
  'XIM',
  'XCC',
  'XCO',
  'XEC',
  'XPO',
  'XES',
  'XMP',
  'XOM',
  'XDC',
  'XXA',
  'XXB',
  'XXC',
  'XXX',
];

let stateCodes: string[] | null = null;

/** Every code an MRZ may give as issuing state or nationality (ISO 3166-1 alpha-3 and ICAO's own). */
export function mrzStateCodes(): string[] {
  stateCodes ??= [
    ...new Set([
      ...Object.keys(countries.getAlpha3Codes()),
      ...Object.keys(ICAO_EXCEPTIONS),
      ...SPECIMEN_CODES,
      ...ORGANISATION_CODES,
    ]),
  ];
  return stateCodes;
}

const specimenCode = (code: string) => (SPECIMEN_CODES.has(code) ? code : null);

/** Whether the only faults of a reading are specimen state codes (every check digit right). */
function onlySpecimenCodes(result: ReturnType<typeof parse>): boolean {
  const faults = result.details.filter((d) => !d.valid);
  return (
    faults.length > 0 &&
    faults.every(
      (d) =>
        (d.field === 'issuingState' || d.field === 'nationality') &&
        [...SPECIMEN_CODES].some((code) => d.error === `invalid state code: ${code}`),
    )
  );
}

/**
 * The fields of a TD3 MRZ whose check digits (each field's and the composite one) are all right, or null.
 * Letters the OCR confuses with digits (O/0, I/1…) are corrected only where the field allows digits or letters
 * alone, and the check digits then decide.
 */
export function parseTd3(lines: [string, string], today = new Date()): MrzRead | null {
  const valid = (second: string) => {
    try {
      const result = parse([lines[0], second], { autocorrect: true });
      return result.format === 'TD3' && (result.valid || onlySpecimenCodes(result)) ? result : null;
    } catch {
      return null;
    }
  };
  let result = valid(lines[1]);
  for (const variant of result ? [] : numberVariants(lines[1])) {
    result = valid(variant);
    if (result) break;
  }
  if (!result) return null;
  // A specimen's state codes are left empty by the parser: they are where TD3 puts them.
  const f = {
    ...result.fields,
    nationality: result.fields.nationality ?? specimenCode(lines[1].slice(10, 13)),
    issuingState: result.fields.issuingState ?? specimenCode(lines[0].slice(2, 5)),
  };
  const dateOfBirth = isoDate(f.birthDate ?? '', 'birth', today);
  const expirationDate = isoDate(f.expirationDate ?? '', 'expiry', today);
  if (!f.documentNumber || !f.nationality || !dateOfBirth || !expirationDate) return null;
  return {
    number: f.documentNumber,
    nationalityCode: f.nationality,
    nationality: countryOfMrzCode(f.nationality),
    issuingCountry: f.issuingState ? countryOfMrzCode(f.issuingState) : null,
    lastName: (f.lastName ?? '').trim(),
    firstName: (f.firstName ?? '').trim(),
    dateOfBirth,
    expirationDate,
    sex: f.sex === 'male' || f.sex === 'female' ? f.sex : null,
  };
}

/** The MRZ fields and the lines they were read from, or null when no lines with right check digits are found. */
export function readMrzLines(
  text: string,
  today = new Date(),
): { read: MrzRead; lines: [string, string] } | null {
  for (const lines of td3Candidates(text)) {
    const read = parseTd3(lines, today);
    if (read) return { read, lines };
  }
  return null;
}

/** Reads the MRZ fields from OCR text, or null when no two lines with right check digits are found. */
export function readMrzText(text: string, today = new Date()): MrzRead | null {
  return readMrzLines(text, today)?.read ?? null;
}

/**
 * The names another OCR pass read on the first line, checked against a second line already read: the names
 * have no check digit, so passes are compared to out-vote a misread letter.
 */
export function namesFromText(
  text: string,
  second: string,
  today = new Date(),
): { lastName: string; firstName: string } | null {
  for (const [first] of td3Candidates(text)) {
    const read = parseTd3([first, second], today);
    if (read) return { lastName: read.lastName, firstName: read.firstName };
  }
  return null;
}
