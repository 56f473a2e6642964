import {
  differsOnlyByConfusables,
  MrzRead,
  normalisePassportNumber,
  MrzField,
  type MrzMismatch,
  type PassportMrz,
} from '@waypoint/contracts';
import type { DocumentRow, TravelerRow } from '../../db/rows';
import type { FieldEncryption } from '../../lib/field-encryption';

/**
 * A passport page's MRZ beside the traveller's answers: which of the details they entered differ from what the page
 * says. Compared when the page is read, and again whenever the order is shown, so a detail the traveller corrects
 * stops differing.
 */

/**
 * A name as the MRZ writes it: upper case, accents removed (ICAO transliteration for the letters it names),
 * anything not a letter a single space. "Müller-Lüdenscheidt" → "MUELLER LUEDENSCHEIDT" and "MULLER LUDENSCHEIDT".
 */
export function mrzNameForms(name: string): string[] {
  // ICAO 9303 drops apostrophes (O'Sullivan is OSULLIVAN); hyphens and spaces become fillers.
  const upper = name.toUpperCase().replace(/['’ʼ`´]/g, '');
  const icao = upper
    .replace(/Ä/g, 'AE')
    .replace(/Ö/g, 'OE')
    .replace(/Ü/g, 'UE')
    .replace(/ß/g, 'SS')
    .replace(/Å/g, 'AA')
    .replace(/Æ/g, 'AE')
    .replace(/Ø/g, 'OE')
    .replace(/Þ/g, 'TH');
  const plain = (s: string) =>
    s
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .replace(/[^A-Z]+/g, ' ')
      .trim();
  return [...new Set([plain(upper), plain(icao)])];
}

/** Whether an entered name is the name read: the MRZ may cut a long name short at the end of its line. */
function sameName(entered: string, read: string, readMayBeCut: boolean) {
  const readForm = mrzNameForms(read)[0]!;
  return mrzNameForms(entered).some(
    (form) =>
      form === readForm || (readMayBeCut && readForm.length >= 1 && form.startsWith(readForm)),
  );
}

/** The traveller's details the MRZ is compared with (null where not given yet). */
export interface EnteredPassport {
  number: string | null;
  expirationDate: string | null;
  nationality: string | null;
  lastName: string | null;
  firstName: string | null;
  dateOfBirth: string | null;
  sex: 'male' | 'female' | null;
}

/** The value of a field as read, for showing beside the value entered. */
export function readValue(read: MrzRead, field: MrzField): string | null {
  return field === 'nationality' ? (read.nationality ?? read.nationalityCode) : read[field];
}

export const MRZ_FIELDS: readonly MrzField[] = MrzField.options;

/**
 * The fields where what the traveller entered differs from what was read. A field the traveller has not given
 * yet, or that the MRZ does not carry (a sex of "X"), is not compared.
 */
export function compareWithEntered(read: MrzRead, entered: EnteredPassport): MrzField[] {
  // A name field that fills the first line to its end may have been cut short.
  const namesCut = `${read.lastName}<<${read.firstName}`.length >= 39;
  const differs: Record<MrzField, () => boolean> = {
    number: () => normalisePassportNumber(entered.number!) !== normalisePassportNumber(read.number),
    expirationDate: () => entered.expirationDate !== read.expirationDate,
    nationality: () => entered.nationality!.toUpperCase() !== read.nationality,
    lastName: () => !sameName(entered.lastName!, read.lastName, namesCut),
    firstName: () => !sameName(entered.firstName!, read.firstName, namesCut),
    dateOfBirth: () => entered.dateOfBirth !== read.dateOfBirth,
    sex: () => read.sex !== null && entered.sex !== read.sex,
  };
  return MRZ_FIELDS.filter((field) => entered[field] !== null && differs[field]());
}

/** A traveller's details as the MRZ is compared with them (the passport number decrypted). */
export function enteredOf(encryption: FieldEncryption, t: TravelerRow): EnteredPassport {
  return {
    number: t.passportNumberEncrypted ? encryption.decrypt(t.passportNumberEncrypted) : null,
    expirationDate: t.passportExpirationDate,
    nationality: t.passportNationality,
    lastName: t.lastName,
    firstName: t.firstName,
    dateOfBirth: t.dateOfBirth,
    sex: t.gender,
  };
}

function fieldsOf(encryption: FieldEncryption, doc: DocumentRow): MrzRead | null {
  if (!doc.mrzFieldsEncrypted) return null;
  const parsed = MrzRead.safeParse(JSON.parse(encryption.decrypt(doc.mrzFieldsEncrypted)));
  return parsed.success ? parsed.data : null;
}

/**
 * Where the traveller's details differ from a reading, each with whether the value read may be offered as a
 * one-click replacement: never for a field read with doubt, nor where the two differ only by characters a reader
 * confuses (two misread characters can cancel out in a check digit).
 */
export function mismatchesOf(
  read: MrzRead,
  entered: EnteredPassport,
  kept: ReadonlySet<MrzField> = new Set(),
): MrzMismatch[] {
  const unsure = new Set(read.unsure ?? []);
  return compareWithEntered(read, entered).map((field) => {
    const value = readValue(read, field) ?? '';
    return {
      field,
      entered: entered[field]!,
      read: value,
      kept: kept.has(field),
      offered: !unsure.has(field) && !differsOnlyByConfusables(entered[field]!, value),
    };
  });
}

/** The MRZ result of a passport page as its owner and staff see it, or null for a document without one. */
export function passportMrzOf(
  encryption: FieldEncryption,
  doc: DocumentRow,
  traveler: TravelerRow,
): PassportMrz | null {
  if (!doc.mrzStatus) return null;
  if (doc.mrzStatus === 'pending') return { status: 'pending', read: null, mismatches: [] };
  if (doc.mrzStatus === 'unreadable')
    return { status: 'unreadable', read: null, mismatches: [], reason: doc.mrzUnreadableReason };
  const read = fieldsOf(encryption, doc);
  if (!read) return { status: 'unreadable', read: null, mismatches: [], reason: 'failed' };
  const mismatches = mismatchesOf(
    read,
    enteredOf(encryption, traveler),
    new Set(doc.mrzKept ?? []),
  );
  return { status: mismatches.length ? 'mismatch' : 'matched', read, mismatches };
}
