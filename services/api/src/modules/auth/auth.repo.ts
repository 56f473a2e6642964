import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { auditLog, countries, oneTimeTokens, recoveryCodes, users } from '../../db/schema';

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

export interface AuditRow {
  actorUserId: string | null;
  actorRole: string;
  action: string;
  entityId: string;
  details?: Record<string, unknown>;
  ip?: string | null;
  userAgent?: string | null;
}

/** One audit_log row about an account (in the caller's transaction). */
export async function audit(db: Q, row: AuditRow) {
  await db.insert(auditLog).values({
    actorUserId: row.actorUserId,
    actorRole: row.actorRole,
    action: row.action,
    entityType: 'user',
    entityId: row.entityId,
    details: row.details ?? null,
    ip: row.ip ?? null,
    userAgent: row.userAgent ?? null,
  });
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
