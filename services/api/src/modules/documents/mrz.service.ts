import { MrzRead, type MrzField, type PassportMrz } from '@waypoint/contracts';
import type { DocumentRow, TravelerRow, UserRow } from '../../db/rows';
import type { Caller, ServiceContext } from '../../lib/context';
import { actorOf, recordAudit } from '../audit/audit.repo';
import type { FieldEncryption } from '../../lib/field-encryption';
import { compareWithEntered, readValue, type EnteredPassport } from './mrz-read';
import type { MrzReader } from './mrz-reader';
import * as repo from './mrz.repo';

/**
 * The MRZ of an uploaded passport page: read in the background once the upload is stored, compared with the
 * traveller's passport details, and served with the document (compared again with the current details, so a
 * detail the traveller corrects stops differing).
 */

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

/** The MRZ result of a passport page as its owner and staff see it, or null for a document without one. */
export function passportMrzOf(
  encryption: FieldEncryption,
  doc: DocumentRow,
  traveler: TravelerRow,
): PassportMrz | null {
  if (!doc.mrzStatus) return null;
  if (doc.mrzStatus === 'pending' || doc.mrzStatus === 'unreadable')
    return { status: doc.mrzStatus, read: null, mismatches: [] };
  const read = fieldsOf(encryption, doc);
  if (!read) return { status: 'unreadable', read: null, mismatches: [] };
  const entered = enteredOf(encryption, traveler);
  const kept = new Set(doc.mrzKept ?? []);
  const mismatches = compareWithEntered(read, entered).map((field) => ({
    field,
    entered: entered[field]!,
    read: readValue(read, field) ?? '',
    kept: kept.has(field),
  }));
  return { status: mismatches.length ? 'mismatch' : 'matched', read, mismatches };
}

/**
 * Reads the MRZ of a stored passport page and records the result. Never throws: a page that cannot be read,
 * a read past its time or a crashed reader all end as `unreadable`; a reader closed meanwhile (the server is
 * stopping) leaves the page `pending`.
 */
export async function readStoredPassportPage({
  ctx,
  reader,
  input,
}: {
  ctx: ServiceContext;
  reader: MrzReader;
  input: { documentId: string; travelerId: string; image: Buffer };
}): Promise<void> {
  const outcome = await reader.read(input.image);
  if (!outcome.ok && outcome.reason === 'closed') return;
  try {
    const read = outcome.ok ? outcome.read : null;
    if (!read) {
      await repo.saveMrzResult(ctx.db, input.documentId, {
        mrzStatus: 'unreadable',
        mrzFieldsEncrypted: null,
        mrzMismatches: [],
      });
      return;
    }
    const traveler = await repo.findTraveler(ctx.db, input.travelerId);
    const mismatches = traveler
      ? compareWithEntered(read, enteredOf(ctx.encryption, traveler))
      : [];
    await repo.saveMrzResult(ctx.db, input.documentId, {
      mrzStatus: mismatches.length ? 'mismatch' : 'matched',
      mrzFieldsEncrypted: ctx.encryption.encrypt(JSON.stringify(read)),
      mrzMismatches: mismatches,
    });
  } catch (err) {
    ctx.log.warn({ err, documentId: input.documentId }, 'mrz result not saved');
  }
}

/** The traveller keeps their own value of these fields over the passport's (recorded, audited; shown to staff). */
export async function keepEnteredValues({
  ctx,
  input,
  user,
  caller,
}: {
  ctx: ServiceContext;
  input: { doc: DocumentRow; fields: MrzField[] };
  user: UserRow;
  caller: Caller;
}) {
  const kept = [...new Set([...(input.doc.mrzKept ?? []), ...input.fields])];
  await ctx.db.transaction(async (tx) => {
    await repo.saveMrzKept(tx, input.doc.id, kept);
    await recordAudit(tx, {
      action: 'document.mrz_kept',
      actor: actorOf(user, caller),
      entityId: input.doc.id,
      applicationId: input.doc.applicationId,
      details: { fields: input.fields },
    });
  });
}

/** A passport page of this application that has an MRZ result, or undefined. */
export async function findMrzDocument({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { applicationId: string; documentId: string };
}) {
  const doc = await repo.findDocument(ctx.db, input.applicationId, input.documentId);
  return doc && doc.kind === 'PASSPORT_PAGE' && doc.mrzStatus ? doc : undefined;
}
