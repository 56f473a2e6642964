import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { countries, drafts, visaTypes } from '../../db/schema';

type Q = Db | Tx;

export type DraftOwner = { userId: string } | { sessionHash: string };

const ownedBy = (owner: DraftOwner) =>
  'userId' in owner
    ? eq(drafts.userId, owner.userId)
    : eq(drafts.sessionKeyHash, owner.sessionHash);

/** What a save writes besides its owner. */
export interface DraftValues {
  data: unknown;
  currentStep: number;
  expiresAt: Date;
}

/**
 * The two saves (by user, by guest session) as prepared statements: built once per database handle, and on
 * PostgreSQL parsed and planned once per connection instead of at every save (drafts are saved at every step).
 */
function prepareUpserts(db: Q) {
  const values = {
    data: sql.placeholder('data'),
    currentStep: sql.placeholder('currentStep'),
    expiresAt: sql.placeholder('expiresAt'),
    updatedAt: sql`now()`,
  };
  const set = {
    data: sql`excluded.data`,
    currentStep: sql`excluded.current_step`,
    expiresAt: sql`excluded.expires_at`,
    updatedAt: sql`now()`,
  };
  const saved = { id: drafts.id, updatedAt: drafts.updatedAt };
  return {
    byUser: db
      .insert(drafts)
      .values({ ...values, userId: sql.placeholder('owner') })
      .onConflictDoUpdate({ target: drafts.userId, set })
      .returning(saved)
      .prepare('draft_save_by_user'),
    bySession: db
      .insert(drafts)
      .values({ ...values, sessionKeyHash: sql.placeholder('owner') })
      .onConflictDoUpdate({ target: drafts.sessionKeyHash, set })
      .returning(saved)
      .prepare('draft_save_by_session'),
  };
}

const preparedUpserts = new WeakMap<Q, ReturnType<typeof prepareUpserts>>();

/** Saves the owner's draft in one statement, answering only what the reply needs (not the draft back). */
export async function upsertDraft(db: Q, owner: DraftOwner, values: DraftValues) {
  let upserts = preparedUpserts.get(db);
  if (!upserts) {
    upserts = prepareUpserts(db);
    preparedUpserts.set(db, upserts);
  }
  const [row] =
    'userId' in owner
      ? await upserts.byUser.execute({ ...values, owner: owner.userId })
      : await upserts.bySession.execute({ ...values, owner: owner.sessionHash });
  return row!;
}

/** Deletes the drafts whose time is up; answers how many. */
export async function deleteExpiredDrafts(db: Q) {
  const gone = await db
    .delete(drafts)
    .where(lte(drafts.expiresAt, sql`now()`))
    .returning({ id: drafts.id });
  return gone.length;
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
