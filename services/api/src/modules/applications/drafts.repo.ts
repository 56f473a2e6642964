import { and, eq, gt, lte, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { isDatabaseUnavailable } from '../../db/faults';
import type { DraftOwner } from '../../db/rows';
import { WriteBatcher } from '../../lib/write-batcher';
import { countries, drafts, visaTypes } from '../../db/schema';

type Q = Db | Tx;

export type { DraftOwner };

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

/** What a save answers. */
export interface SavedDraft {
  id: string;
  updatedAt: Date;
}

/** The owner of a draft as one string: `u:` and a user id, or `s:` and a guest session's hash. */
type OwnerKey = `u:${string}` | `s:${string}`;

const ownerKey = (owner: DraftOwner): OwnerKey =>
  'userId' in owner ? `u:${owner.userId}` : `s:${owner.sessionHash}`;

/**
 * The saves of a batch by user, or by guest session, as prepared statements of one shape whatever the batch's
 * size: the drafts' columns arrive as arrays (`unnest`), in the table's column order. Built once per database
 * handle, and on PostgreSQL parsed and planned once per connection instead of at every save.
 */
function prepareUpserts(db: Q) {
  const upsert = (kind: 'u' | 's') =>
    db
      .insert(drafts)
      .select(
        sql`select gen_random_uuid(), ${kind === 's' ? sql`t.owner` : sql`null::text`}, ${
          kind === 'u' ? sql`t.owner::uuid` : sql`null::uuid`
        }, t.data, t.current_step, now(), now(), t.expires_at
        from unnest(${sql.placeholder('owners')}::text[], ${sql.placeholder('data')}::jsonb[],
          ${sql.placeholder('steps')}::int[], ${sql.placeholder('expires')}::timestamptz[])
          as t(owner, data, current_step, expires_at)`,
      )
      .onConflictDoUpdate({
        target: kind === 'u' ? drafts.userId : drafts.sessionKeyHash,
        set: {
          data: sql`excluded.data`,
          currentStep: sql`excluded.current_step`,
          expiresAt: sql`excluded.expires_at`,
          updatedAt: sql`now()`,
        },
      })
      .returning({
        id: drafts.id,
        updatedAt: drafts.updatedAt,
        owner: kind === 'u' ? drafts.userId : drafts.sessionKeyHash,
      })
      .prepare(kind === 'u' ? 'drafts_save_by_user' : 'drafts_save_by_session');
  return { u: upsert('u'), s: upsert('s') };
}

/** Saves of one kind of owner (all by user, or all by session) in one statement. */
async function upsertMany(
  upserts: ReturnType<typeof prepareUpserts>,
  kind: 'u' | 's',
  saves: [string, DraftValues][],
): Promise<[OwnerKey, SavedDraft][]> {
  const rows = await upserts[kind].execute({
    owners: saves.map(([owner]) => owner),
    data: saves.map(([, values]) => JSON.stringify(values.data)),
    steps: saves.map(([, values]) => values.currentStep),
    expires: saves.map(([, values]) => values.expiresAt.toISOString()),
  });
  return rows.map(({ owner, ...row }): [OwnerKey, SavedDraft] => [`${kind}:${owner}`, row]);
}

/**
 * The saves of one database handle, batched (see WriteBatcher): the wizard saves at every step, and under load a
 * batch of guests' saves is one statement and one commit. A batch holds at most two statements, one per kind of
 * owner. At most four batches are in the database at once, well within the pool.
 */
function draftWriter(db: Q) {
  const upserts = prepareUpserts(db);
  return new WriteBatcher<OwnerKey, DraftValues, SavedDraft>({
    maxInFlight: 4,
    maxBatch: 64,
    isolate: (err) => !isDatabaseUnavailable(err),
    write: async (batch) => {
      const byKind = { u: [] as [string, DraftValues][], s: [] as [string, DraftValues][] };
      for (const [key, values] of batch) byKind[key[0] as 'u' | 's'].push([key.slice(2), values]);
      const written = await Promise.all(
        (['u', 's'] as const)
          .filter((kind) => byKind[kind].length > 0)
          .map((kind) => upsertMany(upserts, kind, byKind[kind])),
      );
      return new Map(written.flat());
    },
  });
}

const writers = new WeakMap<Q, ReturnType<typeof draftWriter>>();

/**
 * Saves the owner's draft in one statement, answering only what the reply needs (not the draft back). Saves that
 * arrive together are written together; an owner's saves are written in the order they arrived.
 */
export function upsertDraft(db: Q, owner: DraftOwner, values: DraftValues): Promise<SavedDraft> {
  let writer = writers.get(db);
  if (!writer) {
    writer = draftWriter(db);
    writers.set(db, writer);
  }
  return writer.write(ownerKey(owner), values);
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

/** Deletes the drafts of these owners, in one statement. */
export async function deleteDrafts(db: Q, owners: DraftOwner[]) {
  if (owners.length === 0) return;
  await db.delete(drafts).where(or(...owners.map(ownedBy)));
}
