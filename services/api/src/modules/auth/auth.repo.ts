import type { Locale } from '@waypoint/contracts';
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import type { UserRow } from '../../db/rows';
import { countries, oneTimeTokens, recoveryCodes, users } from '../../db/schema';

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

export async function replaceRecoveryCodes(db: Q, userId: string, hashes: string[]) {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
}

/** Uses a recovery code once; false when there is no such unused code. */
export async function useRecoveryCode(db: Q, userId: string, codeHash: string) {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, codeHash),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return rows.length === 1;
}

export async function unusedRecoveryCodes(db: Q, userId: string) {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return Number(rows[0]?.n ?? 0);
}

/** Records an accepted TOTP step; false when this step (or a later one) was already used: a replay. */
export async function advanceTotpStep(db: Q, userId: string, step: number) {
  const rows = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(users.id, userId),
        sql`(${users.totpLastStep} is null or ${users.totpLastStep} < ${step})`,
      ),
    )
    .returning({ id: users.id });
  return rows.length === 1;
}

export type NewToken = typeof oneTimeTokens.$inferInsert;

export async function insertToken(db: Q, values: NewToken) {
  await db.insert(oneTimeTokens).values(values);
}

/** Counts a wrong try of a code; returns how many wrong tries it has had. */
export async function recordWrongCode(db: Q, tokenId: string): Promise<number> {
  const [row] = await db
    .update(oneTimeTokens)
    .set({ attempts: sql`${oneTimeTokens.attempts} + 1` })
    .where(eq(oneTimeTokens.id, tokenId))
    .returning({ attempts: oneTimeTokens.attempts });
  return row?.attempts ?? 0;
}

/**
 * Uses a live link token (unused, unexpired) of a purpose, found by its hash; the account and address it was
 * sent to, or undefined.
 */
export async function consumeTokenByHash(
  db: Q,
  tokenHash: string,
  purpose: 'SIGN_IN_LINK' | 'EMAIL_CHANGE_UNDO',
) {
  const [row] = await db
    .update(oneTimeTokens)
    .set({ consumedAt: sql`now()` })
    .where(
      sql`${oneTimeTokens.tokenHash} = ${tokenHash} and ${oneTimeTokens.purpose} = ${purpose}
          and ${oneTimeTokens.consumedAt} is null and ${oneTimeTokens.expiresAt} > now()`,
    )
    .returning({ userId: oneTimeTokens.userId, email: oneTimeTokens.email });
  return row;
}

/** A new account; undefined when the address is taken (a concurrent registration won). */
export async function insertUser(
  db: Q,
  values: {
    email: string;
    firstName: string;
    lastName: string;
    passwordHash: string;
    locale: Locale;
  },
) {
  const [row] = await db
    .insert(users)
    .values(values)
    .onConflictDoNothing({ target: users.email })
    .returning();
  return row;
}

/** Marks an unclaimed account's address proved (and drops its password with `dropPassword`); undefined when it was already claimed. */
export async function claimAccount(db: Q, userId: string, options: { dropPassword: boolean }) {
  const [row] = await db
    .update(users)
    .set({
      emailVerifiedAt: sql`now()`,
      ...(options.dropPassword ? { passwordHash: null } : {}),
      updatedAt: sql`now()`,
    })
    .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)))
    .returning();
  return row;
}

export async function updateNames(
  db: Q,
  userId: string,
  values: { firstName: string; lastName: string; nationality: string | null; locale?: Locale },
): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning();
  return row!;
}

export async function updateLocale(db: Q, userId: string, locale: Locale): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ locale, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning();
  return row!;
}

/** Records that the account's current address was proved (again) now. */
export async function markEmailVerified(db: Q, userId: string): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ emailVerifiedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning();
  return row!;
}

/** Moves an account to a new address; `verified` records it as proved now. */
export async function changeEmail(
  db: Q,
  userId: string,
  email: string,
  options: { verified: boolean },
): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({
      email,
      ...(options.verified ? { emailVerifiedAt: sql`now()` } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId))
    .returning();
  return row!;
}

/** Puts back an address the account had: proved now, and without a password (its owner signs in by link). */
export async function restoreEmail(db: Q, userId: string, email: string) {
  await db
    .update(users)
    .set({ email, emailVerifiedAt: sql`now()`, passwordHash: null, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

/** Sets the password; `verifyEmail` also records the address as proved (a reset code was e-mailed to it). */
export async function setPassword(
  db: Q,
  userId: string,
  passwordHash: string,
  options: { verifyEmail?: boolean } = {},
): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({
      passwordHash,
      ...(options.verifyEmail
        ? { emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` }
        : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId))
    .returning();
  return row!;
}

/** Keeps a new authenticator secret (encrypted) while the second factor is not set up yet. */
export async function setTotpSecret(db: Q, userId: string, secretEncrypted: string) {
  await db
    .update(users)
    .set({ totpSecretEncrypted: secretEncrypted, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), isNull(users.totpEnabledAt)));
}

/** Turns the second factor on with its first accepted step; undefined when it was already on. */
export async function enableTotp(db: Q, userId: string, step: number) {
  const [row] = await db
    .update(users)
    .set({ totpEnabledAt: sql`now()`, totpLastStep: step, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), isNull(users.totpEnabledAt)))
    .returning();
  return row;
}
