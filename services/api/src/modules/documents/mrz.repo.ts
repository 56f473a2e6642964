import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import type { MrzField, MrzUnreadableReason } from '@waypoint/contracts';
import { documents, travelers } from '../../db/schema';

type Q = Db | Tx;

/** Records the outcome of a passport page's MRZ reading. */
export async function saveMrzResult(
  db: Q,
  documentId: string,
  values: {
    mrzStatus: 'matched' | 'mismatch' | 'unreadable';
    mrzFieldsEncrypted: string | null;
    mrzMismatches: MrzField[];
    mrzUnreadableReason: MrzUnreadableReason | null;
  },
) {
  await db
    .update(documents)
    .set({ ...values, mrzReadAt: sql`now()` })
    .where(eq(documents.id, documentId));
}

/** A passport page still waiting for its MRZ to be read (its stored file), or undefined. */
export async function findPendingPage(db: Q, documentId: string) {
  const [row] = await db
    .select({ storageKey: documents.storageKey })
    .from(documents)
    .where(and(eq(documents.id, documentId), eq(documents.mrzStatus, 'pending')));
  return row;
}

/** The fields whose entered value the traveller keeps. */
export async function saveMrzKept(db: Q, documentId: string, kept: MrzField[]) {
  await db.update(documents).set({ mrzKept: kept }).where(eq(documents.id, documentId));
}

export async function findTraveler(db: Q, travelerId: string) {
  const [row] = await db.select().from(travelers).where(eq(travelers.id, travelerId));
  return row;
}

export async function findDocument(db: Q, applicationId: string, documentId: string) {
  const [row] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.id, documentId), eq(documents.applicationId, applicationId)));
  return row;
}
