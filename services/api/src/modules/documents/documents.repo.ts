import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import type { DocumentRow } from '../../db/rows';
import { applications, documents, travelers, uploadLinks } from '../../db/schema';

type Q = Db | Tx;

/**
 * Stores a checked upload: an accepted document replaces the traveller's earlier accepted one of its kind (a
 * rejected one leaves it in place); the phone link it came through, the traveller and the application are marked.
 */
export async function insertDocument(
  tx: Tx,
  values: typeof documents.$inferInsert & { id: string },
  uploadLinkId: string | undefined,
): Promise<DocumentRow> {
  if (values.status === 'ACCEPTED') {
    await tx
      .update(documents)
      .set({ status: 'REPLACED' })
      .where(
        and(
          eq(documents.travelerId, values.travelerId),
          eq(documents.kind, values.kind),
          eq(documents.status, 'ACCEPTED'),
        ),
      );
  }
  const [doc] = await tx
    .insert(documents)
    .values({ ...values, decidedAt: sql`now()` })
    .returning();
  if (uploadLinkId) {
    await tx
      .update(uploadLinks)
      .set({ documentId: values.id })
      .where(eq(uploadLinks.id, uploadLinkId));
  }
  await tx
    .update(travelers)
    .set({ updatedAt: sql`now()` })
    .where(eq(travelers.id, values.travelerId));
  await tx
    .update(applications)
    .set({ updatedAt: sql`now()` })
    .where(eq(applications.id, values.applicationId));
  return doc!;
}

/** A document of this application, or undefined. */
export async function findDocument(db: Q, applicationId: string, documentId: string) {
  const [row] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.id, documentId), eq(documents.applicationId, applicationId)));
  return row;
}

/** The accepted decision documents of an order among `ids`, in that order. */
export async function decisionDocuments(db: Q, applicationId: string, ids: string[]) {
  const rows = await db
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.applicationId, applicationId),
        inArray(documents.id, ids),
        eq(documents.kind, 'DECISION'),
        eq(documents.status, 'ACCEPTED'),
      ),
    );
  return ids.flatMap((id) => rows.filter((r) => r.id === id));
}
