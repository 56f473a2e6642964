import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { countries, drafts, visaTypes } from '../../db/schema';

type Q = Db | Tx;

export type DraftOwner = { userId: string } | { sessionHash: string };

const ownedBy = (owner: DraftOwner) =>
  'userId' in owner
    ? eq(drafts.userId, owner.userId)
    : eq(drafts.sessionKeyHash, owner.sessionHash);

/** Saves the owner's draft in one statement, answering only what the reply needs (not the draft back). */
export async function upsertDraft(
  db: Q,
  owner: DraftOwner,
  values: { data: unknown; currentStep: number; expiresAt: Date },
) {
  const set = { ...values, updatedAt: sql`now()` };
  const saved = { id: drafts.id, updatedAt: drafts.updatedAt };
  const [row] =
    'userId' in owner
      ? await db
          .insert(drafts)
          .values({ userId: owner.userId, ...set })
          .onConflictDoUpdate({ target: drafts.userId, set })
          .returning(saved)
      : await db
          .insert(drafts)
          .values({ sessionKeyHash: owner.sessionHash, ...set })
          .onConflictDoUpdate({ target: drafts.sessionKeyHash, set })
          .returning(saved);
  return row!;
}

export async function findDraft(db: Q, owner: DraftOwner) {
  const [row] = await db.select().from(drafts).where(ownedBy(owner));
  return row;
}

/** A user's unexpired draft, without its id. */
export async function findLiveDraftOfUser(db: Q, userId: string) {
  const [row] = await db
    .select({
      data: drafts.data,
      currentStep: drafts.currentStep,
      updatedAt: drafts.updatedAt,
      expiresAt: drafts.expiresAt,
    })
    .from(drafts)
    .where(and(eq(drafts.userId, userId), gt(drafts.expiresAt, sql`now()`)));
  return row;
}

export async function findVisaTypeName(db: Q, id: string) {
  const [row] = await db
    .select({ id: visaTypes.id, name: visaTypes.name })
    .from(visaTypes)
    .where(eq(visaTypes.id, id));
  return row;
}

export async function findCountryName(db: Q, code: string) {
  const [row] = await db
    .select({ id: countries.code, name: countries.name, flagEmoji: countries.flagEmoji })
    .from(countries)
    .where(eq(countries.code, code));
  return row;
}

export async function deleteDraft(db: Q, owner: DraftOwner) {
  await db.delete(drafts).where(ownedBy(owner));
}
