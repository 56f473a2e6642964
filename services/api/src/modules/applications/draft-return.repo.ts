import { and, eq, isNotNull, isNull, lte, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { draftReturnLinks, drafts } from '../../db/schema';

type Q = Db | Tx;

/** Ends the links of a draft not used yet: only the newest link works. */
export async function retireOpenLinks(tx: Tx, draftId: string) {
  await tx
    .delete(draftReturnLinks)
    .where(and(eq(draftReturnLinks.draftId, draftId), isNull(draftReturnLinks.usedAt)));
}

export async function insertLink(
  tx: Tx,
  values: { draftId: string; tokenHash: string; email: string; expiresAt: Date },
) {
  await tx.insert(draftReturnLinks).values(values);
}

/**
 * Marks a live, unused link used and answers its draft's id; undefined when there is no such link. Two claims of
 * one link at once serialise on its row: the second finds it used.
 */
export async function consumeLink(tx: Tx, tokenHash: string) {
  const [row] = await tx
    .update(draftReturnLinks)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(draftReturnLinks.tokenHash, tokenHash),
        isNull(draftReturnLinks.usedAt),
        sql`${draftReturnLinks.expiresAt} > now()`,
      ),
    )
    .returning({ draftId: draftReturnLinks.draftId });
  return row;
}

/** A link as it stands, to say why it cannot be used. */
export async function findLink(db: Q, tokenHash: string) {
  const [row] = await db
    .select({ usedAt: draftReturnLinks.usedAt, expiresAt: draftReturnLinks.expiresAt })
    .from(draftReturnLinks)
    .where(eq(draftReturnLinks.tokenHash, tokenHash));
  return row;
}

/** The draft of a link, locked until the claim commits. */
export async function lockDraft(tx: Tx, id: string) {
  const [row] = await tx.select().from(drafts).where(eq(drafts.id, id)).for('update');
  return row;
}

/**
 * Makes a draft this browser's (`sessionHash`) and, when given, the account's (`userId`), keeping an account it
 * already had. A browser and an account each have one draft: the one they had before is deleted (a browser's draft
 * that also belongs to an account stays the account's).
 */
export async function moveDraft(
  tx: Tx,
  draftId: string,
  to: { sessionHash: string; userId: string | null },
  expiresAt: Date,
) {
  const others = (owner: ReturnType<typeof eq>) => and(owner, ne(drafts.id, draftId));
  await tx
    .delete(drafts)
    .where(and(others(eq(drafts.sessionKeyHash, to.sessionHash)), isNull(drafts.userId)));
  await tx
    .update(drafts)
    .set({ sessionKeyHash: null })
    .where(and(others(eq(drafts.sessionKeyHash, to.sessionHash)), isNotNull(drafts.userId)));
  if (to.userId) await tx.delete(drafts).where(others(eq(drafts.userId, to.userId)));
  const [row] = await tx
    .update(drafts)
    .set({
      sessionKeyHash: to.sessionHash,
      ...(to.userId ? { userId: to.userId } : {}),
      expiresAt,
      updatedAt: sql`now()`,
    })
    .where(eq(drafts.id, draftId))
    .returning();
  return row!;
}

/** Deletes the links whose time is up, used or not; answers how many. */
export async function deleteExpiredLinks(db: Q) {
  const gone = await db
    .delete(draftReturnLinks)
    .where(lte(draftReturnLinks.expiresAt, sql`now()`))
    .returning({ id: draftReturnLinks.id });
  return gone.length;
}
