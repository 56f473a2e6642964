import type { MrzField } from '@waypoint/contracts';
import type { CellScores } from './mrz-glyphs';
import { mrzStateCodes } from './mrz-read';

/**
 * From how much each cell of the zone looks like each character to the zone's two lines, using the zone's own
 * structure (ICAO 9303 TD3): each field's format (digits in dates and check digits, letters or fillers in names
 * and country codes, M, F or `<` for sex, a real state code), then each check digit and the composite one. Where
 * a check fails, a character is replaced only by a confusable one (0/O, 1/I, 2/Z, 5/S, 8/B, `<`/K/L/C…) or one
 * that looked almost as much like the cell, one or two at a time, the likeliest first; the first reading that
 * satisfies every rule is kept. Fields no check digit vouches for (names, sex, state codes) are marked unsure
 * where a character was a near thing: they are compared with the traveller's, never offered in their place.
 */

const WEIGHTS = [7, 3, 1];

/** The ICAO 9303 check digit of a field. */
export function checkDigit(field: string): string {
  let sum = 0;
  for (let i = 0; i < field.length; i += 1) {
    const c = field[i]!;
    const value = /\d/.test(c) ? Number(c) : /[A-Z]/.test(c) ? c.charCodeAt(0) - 55 : 0;
    sum += value * WEIGHTS[i % 3]!;
  }
  return String(sum % 10);
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';
const FILLER = '<';
const ALNUM = LETTERS + DIGITS + FILLER;

/** Characters OCR-B readers take for one another. */
const CONFUSIONS = ['0OQD', '1I', '2Z', '5S', '8B', '6G', '<KLC', 'MN', 'UV', 'EF', 'PR'];
const confusable = (a: string, b: string) =>
  CONFUSIONS.some((group) => group.includes(a) && group.includes(b));

/** An alternative this close to a cell's best character is worth trying when a check fails. */
const NEAR = 0.12;
/** A character won by less than this over the next makes its field unsure. */
const UNSURE_MARGIN = 0.05;

interface Option {
  char: string;
  loss: number;
}

/** The allowed characters of a cell, best first, with how much likeness each gives up against the best. */
function optionsOf(cell: CellScores, allowed: string): Option[] {
  const ranked = [...allowed].sort((a, b) => cell[b]! - cell[a]!);
  const best = cell[ranked[0]!]!;
  return ranked.map((char) => ({ char, loss: best - cell[char]! }));
}

interface Reading {
  text: string;
  loss: number;
  /** Whether a cell was illegible or a near thing, or a character was replaced by one it is not confused with. */
  doubtful: boolean;
}

/** Below this likeness to its best character a cell is illegible (glare, a stain): any character could fit. */
const LEGIBLE = 0.6;

/** Whether a cell gives no clear character: illegible, or its best two (not a known confusion) nearly tied. */
function unclear(cell: CellScores, allowed: string): boolean {
  const [first, second] = optionsOf(cell, allowed);
  if (cell[first!.char]! < LEGIBLE) return true;
  return !!second && second.loss < UNSURE_MARGIN && !confusable(first!.char, second.char);
}

/**
 * The readings of a run of cells, likeliest first: each cell's best allowed character, then with one or two of
 * them replaced by a confusable or near alternative.
 */
function readings(cells: CellScores[], allowed: string[]): Reading[] {
  const options = cells.map((cell, i) => optionsOf(cell, allowed[i]!));
  const best = options.map((o) => o[0]!.char);
  const swaps: { pos: number; char: string; loss: number }[] = [];
  options.forEach((list, pos) => {
    for (const o of list.slice(1))
      if (o.loss <= NEAR || (confusable(o.char, best[pos]!) && o.loss <= 3 * NEAR))
        swaps.push({ pos, char: o.char, loss: o.loss });
  });
  swaps.sort((a, b) => a.loss - b.loss);
  // A field with an unclear cell is doubtful whatever reading passes: a check digit can always be met by
  // guessing an illegible character, and a near tie between unconfusable characters is a guess too.
  const anyUnclear = cells.some((cell, i) => unclear(cell, allowed[i]!));
  const reading = (changes: typeof swaps): Reading => {
    const chars = [...best];
    for (const c of changes) chars[c.pos] = c.char;
    return {
      text: chars.join(''),
      loss: changes.reduce((sum, c) => sum + c.loss, 0),
      doubtful: anyUnclear || changes.some((c) => !confusable(c.char, best[c.pos]!)),
    };
  };
  const out: Reading[] = [reading([])];
  for (const s of swaps) out.push(reading([s]));
  const few = swaps.slice(0, 10);
  for (let i = 0; i < few.length; i += 1)
    for (let j = i + 1; j < few.length; j += 1)
      if (few[i]!.pos !== few[j]!.pos) out.push(reading([few[i]!, few[j]!]));
  return out.sort((a, b) => a.loss - b.loss);
}

const validDate = (yymmdd: string) => {
  const month = Number(yymmdd.slice(2, 4));
  const day = Number(yymmdd.slice(4, 6));
  return /^\d{6}$/.test(yymmdd) && month >= 1 && month <= 12 && day >= 1 && day <= 31;
};

/** A field of the second line with its check digit: where it is, what it allows, what makes it valid. */
interface CheckedField {
  from: number;
  length: number;
  allowed: string;
  valid?: (value: string) => boolean;
}

const NUMBER: CheckedField = { from: 0, length: 9, allowed: ALNUM };
const BIRTH: CheckedField = { from: 13, length: 6, allowed: DIGITS, valid: validDate };
const EXPIRY: CheckedField = { from: 21, length: 6, allowed: DIGITS, valid: validDate };
const PERSONAL: CheckedField = { from: 28, length: 14, allowed: ALNUM };

/** The readings of a field and its check digit that pass, likeliest first (at most three). */
function checkedReadings(cells: CellScores[], field: CheckedField): Reading[] {
  const run = cells.slice(field.from, field.from + field.length + 1);
  // A personal number left empty may have `<` as its check digit.
  const checkAllowed = field === PERSONAL ? DIGITS + FILLER : DIGITS;
  const allowed = [...Array(field.length).fill(field.allowed), checkAllowed];
  const passing: Reading[] = [];
  for (const r of readings(run, allowed)) {
    const value = r.text.slice(0, field.length);
    const check = r.text[field.length]!;
    const empty = /^<*$/.test(value);
    const passes =
      (check === checkDigit(value) || (empty && check === FILLER)) &&
      (!field.valid || field.valid(value));
    if (passes) passing.push(r);
    if (passing.length === 3) break;
  }
  return passing;
}

/** The likeliest state code in three cells, and whether another code was nearly as likely. */
function stateCode(cells: CellScores[]): { code: string; unsure: boolean } {
  const ranked = mrzStateCodes()
    .map((code) => {
      const padded = code.padEnd(3, FILLER);
      return { code: padded, score: [...padded].reduce((s, c, i) => s + cells[i]![c]!, 0) };
    })
    .sort((a, b) => b.score - a.score);
  const [best, next] = ranked;
  const weakest = Math.min(...[...best!.code].map((c, i) => cells[i]![c]!));
  return {
    code: best!.code,
    unsure: !!next && (best!.score - next.score < UNSURE_MARGIN * 3 || weakest < LEGIBLE),
  };
}

/** Whether a cell's best character among those allowed was a near thing (any two characters). */
function unsureCell(cell: CellScores, allowed: string): boolean {
  const [first, second] = optionsOf(cell, allowed);
  return cell[first!.char]! < LEGIBLE || (!!second && second.loss < UNSURE_MARGIN);
}

/**
 * The names of the first line: the best letter or filler in each cell; after the names end (a run of two fillers
 * after the given names) every cell is a filler. Each name is unsure if one of its letters was a near thing.
 */
function names(cells: CellScores[]): { text: string; unsure: MrzField[] } {
  const allowed = LETTERS + FILLER;
  const chars = cells.map((cell) => optionsOf(cell, allowed)[0]!.char);
  const text = chars.join('');
  const separator = text.indexOf('<<');
  const end = separator < 0 ? -1 : text.indexOf('<<', separator + 2);
  const cut = end < 0 ? text : text.slice(0, end).padEnd(text.length, FILLER);
  const unsure = new Set<MrzField>();
  const lastEnd = separator < 0 ? cut.length : separator;
  cells.forEach((cell, i) => {
    if (end >= 0 && i >= end) return;
    if (unsureCell(cell, allowed)) unsure.add(i < lastEnd ? 'lastName' : 'firstName');
  });
  return { text: cut, unsure: [...unsure] };
}

/** The zone's two lines read from its cells' scores, and the fields read with doubt; null if no reading passes. */
export function decodeZone(
  first: CellScores[],
  second: CellScores[],
): { lines: [string, string]; unsure: MrzField[]; issuingUnsure: boolean } | null {
  if (first.length !== 44 || second.length !== 44) return null;
  const type = optionsOf(first[1]!, LETTERS + FILLER)[0]!.char;
  const issuing = stateCode(first.slice(2, 5));
  const name = names(first.slice(5));
  const nationality = stateCode(second.slice(10, 13));
  const sexOptions = optionsOf(second[20]!, 'MF<');
  const sex = sexOptions[0]!.char;
  const fields = [NUMBER, BIRTH, EXPIRY, PERSONAL].map((f) => checkedReadings(second, f));
  if (fields.some((f) => !f.length)) return null;
  const composite = optionsOf(second[43]!, DIGITS);
  const compositeUnclear = unclear(second[43]!, DIGITS);
  // Each field's passing readings combined (with the composite check digit they give), likeliest first; the
  // first whose composite check digit is the one printed, or a character it is confused with, is kept.
  const combos: { parts: Reading[]; loss: number; digit: string }[] = [];
  const walk = (i: number, parts: Reading[]) => {
    if (i < fields.length) {
      for (const r of fields[i]!) walk(i + 1, [...parts, r]);
      return;
    }
    const digit = checkDigit(parts.map((p) => p.text).join(''));
    const option = composite.find((o) => o.char === digit)!;
    if (option.loss > NEAR && !confusable(digit, composite[0]!.char)) return;
    combos.push({ parts, digit, loss: parts.reduce((sum, p) => sum + p.loss, 0) + option.loss });
  };
  walk(0, []);
  combos.sort((a, b) => a.loss - b.loss);
  const chosen = combos[0];
  if (!chosen) return null;
  const [number, birth, expiry, personal] = chosen.parts as [Reading, Reading, Reading, Reading];
  const lines: [string, string] = [
    `P${type}${issuing.code}${name.text}`,
    `${number.text}${nationality.code}${birth.text}${sex}${expiry.text}${personal.text}${chosen.digit}`,
  ];
  const unsure: MrzField[] = [...name.unsure];
  if (nationality.unsure) unsure.push('nationality');
  if (unsureCell(second[20]!, 'MF<')) unsure.push('sex');
  // A checked field is unsure when its own reading was doubtful, or when the composite check digit that
  // vouches for every field together could not be read.
  if (number.doubtful || compositeUnclear) unsure.push('number');
  if (birth.doubtful || compositeUnclear) unsure.push('dateOfBirth');
  if (expiry.doubtful || compositeUnclear) unsure.push('expirationDate');
  return { lines, unsure, issuingUnsure: issuing.unsure };
}
