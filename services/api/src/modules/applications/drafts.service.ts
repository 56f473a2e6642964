import { eq, sql } from 'drizzle-orm';
import type { DraftData } from '@waypoint/contracts';
import { drafts } from '../../db/schema';
import type { ServiceContext } from '../../lib/context';

/** Unfinished applications are kept this long after their last save. */
const DRAFT_DAYS = 30;

export type DraftOwner = { userId: string } | { sessionHash: string };

const expiry = () => new Date(Date.now() + DRAFT_DAYS * 86_400_000);

export async function saveDraft({
  ctx,
  owner,
  data,
}: {
  ctx: ServiceContext;
  owner: DraftOwner;
  data: DraftData;
}) {
  const values = {
    data,
    currentStep: data.currentStep,
    expiresAt: expiry(),
    updatedAt: sql`now()`,
  };
  const [row] =
    'userId' in owner
      ? await ctx.db
          .insert(drafts)
          .values({ userId: owner.userId, ...values })
          .onConflictDoUpdate({ target: drafts.userId, set: values })
          .returning()
      : await ctx.db
          .insert(drafts)
          .values({ sessionKeyHash: owner.sessionHash, ...values })
          .onConflictDoUpdate({ target: drafts.sessionKeyHash, set: values })
          .returning();
  return { sessionId: row!.id, savedAt: row!.updatedAt.toISOString() };
}

export async function loadDraft({ ctx, owners }: { ctx: ServiceContext; owners: DraftOwner[] }) {
  for (const owner of owners) {
    const where =
      'userId' in owner
        ? eq(drafts.userId, owner.userId)
        : eq(drafts.sessionKeyHash, owner.sessionHash);
    const row = (await ctx.db.select().from(drafts).where(where))[0];
    if (row && row.expiresAt.getTime() > Date.now()) {
      return { data: row.data as DraftData, sessionId: row.id };
    }
  }
  return { data: null, sessionId: null };
}

/** A paid order ends the wizard of whoever placed it. */
export async function clearDrafts(ctx: ServiceContext, owners: DraftOwner[]) {
  for (const owner of owners) {
    await ctx.db
      .delete(drafts)
      .where(
        'userId' in owner
          ? eq(drafts.userId, owner.userId)
          : eq(drafts.sessionKeyHash, owner.sessionHash),
      );
  }
}
