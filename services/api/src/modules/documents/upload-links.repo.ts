import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { applications, travelers, uploadLinks } from '../../db/schema';

export type UploadLinkRow = typeof uploadLinks.$inferSelect;

export async function insertLink(db: Db, values: typeof uploadLinks.$inferInsert) {
  const [row] = await db.insert(uploadLinks).values(values).returning();
  return row!;
}

/** The link with its application and traveller, by the hash of its id. */
export async function findLinkByHash(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ link: uploadLinks, application: applications, traveler: travelers })
    .from(uploadLinks)
    .innerJoin(applications, eq(applications.id, uploadLinks.applicationId))
    .innerJoin(travelers, eq(travelers.id, uploadLinks.travelerId))
    .where(eq(uploadLinks.tokenHash, tokenHash));
  return row;
}

/** A link that could still take an upload: unused, unexpired, not revoked. */
const open = () =>
  and(
    isNull(uploadLinks.usedAt),
    isNull(uploadLinks.revokedAt),
    sql`${uploadLinks.expiresAt} > now()`,
  );

/** Revokes the traveller's open links for this document (before a newer one is issued). */
export async function revokeOpenLinks(
  db: Db,
  input: { travelerId: string; kind: UploadLinkRow['kind'] },
): Promise<void> {
  await db
    .update(uploadLinks)
    .set({ revokedAt: sql`now()` })
    .where(
      and(eq(uploadLinks.travelerId, input.travelerId), eq(uploadLinks.kind, input.kind), open()),
    );
}

/** Revokes one open link of an application; the row when it was open, otherwise undefined. */
export async function revokeLink(db: Db, input: { applicationId: string; linkId: string }) {
  const [row] = await db
    .update(uploadLinks)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(uploadLinks.id, input.linkId),
        eq(uploadLinks.applicationId, input.applicationId),
        open(),
      ),
    )
    .returning();
  return row;
}

/**
 * Marks an unused, unexpired, unrevoked link as used; false when another upload got there first (or it expired
 * or was revoked meanwhile).
 */
export async function claimLink(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(uploadLinks)
    .set({ usedAt: sql`now()` })
    .where(and(eq(uploadLinks.id, id), open()))
    .returning({ id: uploadLinks.id });
  return rows.length === 1;
}

/** Gives a claimed link back when its upload was refused before anything was stored. */
export async function unclaimLink(db: Db, id: string) {
  await db
    .update(uploadLinks)
    .set({ usedAt: null })
    .where(and(eq(uploadLinks.id, id), isNull(uploadLinks.documentId)));
}

/** Removes links that expired more than a day ago. */
export async function deleteExpiredLinks(db: Db) {
  await db.delete(uploadLinks).where(lt(uploadLinks.expiresAt, sql`now() - interval '1 day'`));
}
