import type { MrzField, MrzUnreadableReason } from '@waypoint/contracts';
import type { DocumentRow, UserRow } from '../../db/rows';
import type { Caller, ServiceContext } from '../../lib/context';
import { actorOf, recordAudit } from '../audit/audit.repo';
import { compareWithEntered, enteredOf } from '../applications/passport-mrz';
import type { MrzOutcome, MrzReader } from './mrz-reader';
import { StoredObjectMissing } from '../../lib/file-storage';
import * as repo from './mrz.repo';

/**
 * The MRZ of an uploaded passport page: read in the background once the upload is stored and compared with the
 * traveller's passport details (the order's detail compares them again, so a detail the traveller corrects stops
 * differing).
 */

/** Why a page was not read, as staff are told it. */
function unreadableReason(outcome: MrzOutcome): MrzUnreadableReason {
  if (outcome.ok) return outcome.read ? 'failed' : outcome.reason;
  switch (outcome.reason) {
    case 'timeout':
      return 'timeout';
    case 'crash':
    case 'error':
      return 'failed';
    case 'busy':
    case 'closed':
      return 'not-read';
  }
}

/**
 * Records what the reader made of a stored passport page: a page that could not be read, a read past its time
 * or a crashed reader all end as `unreadable`, with the reason staff see.
 */
export async function recordMrzOutcome({
  ctx,
  input,
  outcome,
}: {
  ctx: ServiceContext;
  input: { documentId: string; travelerId: string };
  outcome: MrzOutcome;
}): Promise<void> {
  const read = outcome.ok ? outcome.read : null;
  if (!read) {
    await repo.saveMrzResult(ctx.db, input.documentId, {
      mrzStatus: 'unreadable',
      mrzFieldsEncrypted: null,
      mrzMismatches: [],
      mrzUnreadableReason: unreadableReason(outcome),
    });
    return;
  }
  const traveler = await repo.findTraveler(ctx.db, input.travelerId);
  const mismatches = traveler ? compareWithEntered(read, enteredOf(ctx.encryption, traveler)) : [];
  await repo.saveMrzResult(ctx.db, input.documentId, {
    mrzStatus: mismatches.length ? 'mismatch' : 'matched',
    mrzFieldsEncrypted: ctx.encryption.encrypt(JSON.stringify(read)),
    mrzMismatches: mismatches,
    mrzUnreadableReason: null,
  });
}

/**
 * The passport-read job: reads a stored page's MRZ and records the outcome. A page erased, replaced or read
 * meanwhile is left as it is; a reader that is shutting down or full throws, so the job is retried later.
 */
export async function readStoredPassportPage({
  ctx,
  reader,
  input,
}: {
  ctx: ServiceContext;
  reader: MrzReader;
  input: { documentId: string; travelerId: string };
}): Promise<void> {
  const page = await repo.findPendingPage(ctx.db, input.documentId);
  if (!page) return;
  let image: Buffer;
  try {
    image = await ctx.storage.get(page.storageKey);
  } catch (err) {
    if (!(err instanceof StoredObjectMissing)) throw err;
    ctx.log.error({ documentId: input.documentId }, "a stored passport page's file is missing");
    await recordMrzOutcome({ ctx, input, outcome: { ok: false, reason: 'error' } });
    return;
  }
  const outcome = await reader.read(image);
  if (!outcome.ok && (outcome.reason === 'closed' || outcome.reason === 'busy')) {
    throw new Error(`the passport reader is ${outcome.reason}`);
  }
  await recordMrzOutcome({ ctx, input, outcome });
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
