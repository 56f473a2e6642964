import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { countries, oneTimeTokens, users } from '../../db/schema';

type Q = Db | Tx;
export type TokenPurpose = (typeof oneTimeTokens.$inferSelect)['purpose'];

export async function findUserByEmail(db: Q, email: string) {
  return (await db.select().from(users).where(eq(users.email, email)))[0];
}

export async function findUserById(db: Q, id: string) {
  return (await db.select().from(users).where(eq(users.id, id)))[0];
}

export async function countryExists(db: Q, code: string) {
  return (
    (await db.select({ code: countries.code }).from(countries).where(eq(countries.code, code)))
      .length > 0
  );
}

/** The newest live token of a purpose for a user (not used, not expired). */
export async function findLiveToken(db: Q, userId: string, purpose: TokenPurpose) {
  return (
    await db
      .select()
      .from(oneTimeTokens)
      .where(
        and(
          eq(oneTimeTokens.userId, userId),
          eq(oneTimeTokens.purpose, purpose),
          isNull(oneTimeTokens.consumedAt),
          gt(oneTimeTokens.expiresAt, sql`now()`),
        ),
      )
      .orderBy(desc(oneTimeTokens.createdAt))
      .limit(1)
  )[0];
}

/** Ends every unused token of a purpose (a new code replaces the old ones). */
export async function retireTokens(db: Q, userId: string, purpose: TokenPurpose) {
  await db
    .update(oneTimeTokens)
    .set({ consumedAt: sql`now()` })
    .where(
      and(
        eq(oneTimeTokens.userId, userId),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.consumedAt),
      ),
    );
}

/** Marks a token used; false when it was already used (a concurrent request won). */
export async function consumeToken(db: Q, id: string) {
  const rows = await db
    .update(oneTimeTokens)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(oneTimeTokens.id, id), isNull(oneTimeTokens.consumedAt)))
    .returning({ id: oneTimeTokens.id });
  return rows.length === 1;
}

export async function pendingEmailOf(db: Q, userId: string, currentEmail: string) {
  const rows = await db
    .select({ email: oneTimeTokens.email })
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.userId, userId),
        eq(oneTimeTokens.purpose, 'EMAIL_VERIFICATION'),
        isNull(oneTimeTokens.consumedAt),
        gt(oneTimeTokens.expiresAt, sql`now()`),
        ne(oneTimeTokens.email, currentEmail),
      ),
    )
    .orderBy(desc(oneTimeTokens.createdAt))
    .limit(1);
  return rows[0]?.email ?? null;
}
