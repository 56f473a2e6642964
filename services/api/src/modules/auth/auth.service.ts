import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { AuthText, ErrorCode, type User } from '@waypoint/contracts';
import type { Tx } from '../../db/client';
import { oneTimeTokens, users } from '../../db/schema';
import type { ServiceContext } from '../../lib/context';
import { AppError, badRequest, conflict } from '../../lib/errors';
import { consumeRateLimits, type Limit } from '../../lib/rate-limit';
import type { UserRow } from '../../plugins/session';
import { endAllSessions } from '../../plugins/session';
import { enqueueEmail } from '../notifications/outbox';
import { hashPassword, isCommonPassword, verifyAgainstDummy, verifyPassword } from './passwords';
import * as repo from './auth.repo';
import { hashCode, hashToken, randomCode, randomToken, safeEqual } from './tokens';

export const SIGN_IN_LINK_MINUTES = 15;
export const CODE_MINUTES = 10;
export const MAX_CODE_ATTEMPTS = 5;

/** Who is asking: used for rate limits and records. */
export interface Caller {
  ip: string;
}

const minutes = (n: number) => new Date(Date.now() + n * 60_000);
const HOUR = 3600;

export async function toUser(ctx: ServiceContext, row: UserRow): Promise<User> {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    nationality: row.nationality,
    role: row.role,
    emailVerified: row.emailVerifiedAt !== null,
    hasPassword: row.passwordHash !== null,
    pendingEmail: await repo.pendingEmailOf(ctx.db, row.id, row.email),
  };
}

function limit(key: string, max: number, windowSeconds: number): Limit {
  return { key, max, windowSeconds };
}

function assertUsablePassword(password: string) {
  if (isCommonPassword(password)) {
    throw new AppError(400, ErrorCode.VALIDATION_FAILED, AuthText.passwordTooCommon, {
      password: AuthText.passwordTooCommon,
    });
  }
}

/** Creates a 6-digit code token and queues its e-mail, in the caller's transaction. */
async function issueCode(
  ctx: ServiceContext,
  tx: Tx,
  user: UserRow,
  purpose: 'EMAIL_VERIFICATION' | 'PASSWORD_RESET',
  toAddress: string,
) {
  await repo.retireTokens(tx, user.id, purpose);
  const code = randomCode();
  const id = crypto.randomUUID();
  await tx.insert(oneTimeTokens).values({
    id,
    userId: user.id,
    purpose,
    tokenHash: hashCode(ctx.codeKey, id, code),
    email: toAddress,
    expiresAt: minutes(CODE_MINUTES),
  });
  if (purpose === 'PASSWORD_RESET') {
    await enqueueEmail(tx, toAddress, {
      template: 'password-reset',
      payload: { firstName: user.firstName, code },
    });
  } else {
    await enqueueEmail(tx, toAddress, {
      template: 'email-verification',
      payload: { firstName: user.firstName, code, newAddress: toAddress !== user.email },
    });
  }
}

/**
 * Checks a code against the newest live token of a purpose. Each wrong try counts; after the fifth the code is
 * dead. Returns the token on success (already consumed).
 */
async function checkCode(
  ctx: ServiceContext,
  user: UserRow | undefined,
  purpose: 'EMAIL_VERIFICATION' | 'PASSWORD_RESET',
  code: string,
) {
  if (!user) throw badRequest(AuthText.codeWrong, { code: AuthText.codeWrong });
  const token = await repo.findLiveToken(ctx.db, user.id, purpose);
  if (!token) throw badRequest(AuthText.codeExpired, { code: AuthText.codeExpired });
  if (token.attempts >= MAX_CODE_ATTEMPTS) {
    throw badRequest(AuthText.codeAttemptsExceeded, { code: AuthText.codeAttemptsExceeded });
  }
  if (!safeEqual(hashCode(ctx.codeKey, token.id, code), token.tokenHash)) {
    const [updated] = await ctx.db
      .update(oneTimeTokens)
      .set({ attempts: sql`${oneTimeTokens.attempts} + 1` })
      .where(eq(oneTimeTokens.id, token.id))
      .returning({ attempts: oneTimeTokens.attempts });
    const message =
      (updated?.attempts ?? 0) >= MAX_CODE_ATTEMPTS
        ? AuthText.codeAttemptsExceeded
        : AuthText.codeWrong;
    throw badRequest(message, { code: message });
  }
  if (!(await repo.consumeToken(ctx.db, token.id))) {
    throw badRequest(AuthText.codeExpired, { code: AuthText.codeExpired });
  }
  return token;
}

export async function checkEmail({
  ctx,
  input,
  caller,
}: {
  ctx: ServiceContext;
  input: { email: string };
  caller: Caller;
}) {
  await consumeRateLimits(ctx.db, [limit(`check-email:ip:${caller.ip}`, 60, 600)]);
  const user = await repo.findUserByEmail(ctx.db, input.email);
  return { hasPassword: Boolean(user?.passwordHash) };
}

export async function login({
  ctx,
  input,
  caller,
}: {
  ctx: ServiceContext;
  input: { email: string; password: string };
  caller: Caller;
}): Promise<UserRow> {
  await consumeRateLimits(ctx.db, [
    limit(`login:ip:${caller.ip}`, 50, 15 * 60),
    limit(`login:email:${input.email}`, 10, 15 * 60),
  ]);
  const user = await repo.findUserByEmail(ctx.db, input.email);
  const ok = user?.passwordHash
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyAgainstDummy(input.password);
  if (!user || !ok) throw new AppError(401, ErrorCode.UNAUTHENTICATED, AuthText.wrongCredentials);
  return user;
}

export async function register({
  ctx,
  input,
  caller,
}: {
  ctx: ServiceContext;
  input: { firstName: string; lastName: string; email: string; password: string };
  caller: Caller;
}): Promise<UserRow> {
  await consumeRateLimits(ctx.db, [limit(`register:ip:${caller.ip}`, 20, HOUR)]);
  assertUsablePassword(input.password);
  if (await repo.findUserByEmail(ctx.db, input.email)) throw conflict(AuthText.emailTaken);
  const passwordHash = await hashPassword(input.password);
  const user = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        passwordHash,
      })
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (!created) throw conflict(AuthText.emailTaken);
    await issueCode(ctx, tx, created, 'EMAIL_VERIFICATION', created.email);
    return created;
  });
  ctx.pokeOutbox();
  return user;
}

export async function requestSignInLink({
  ctx,
  input,
  caller,
}: {
  ctx: ServiceContext;
  input: { email: string };
  caller: Caller;
}) {
  await consumeRateLimits(ctx.db, [
    limit(`sign-in-link:ip:${caller.ip}`, 20, HOUR),
    limit(`sign-in-link:email:${input.email}`, 5, HOUR),
  ]);
  const user = await repo.findUserByEmail(ctx.db, input.email);
  if (user) {
    await ctx.db.transaction(async (tx) => {
      await issueSignInLink(tx, user);
    });
    ctx.pokeOutbox();
  }
  return { sent: true as const, message: AuthText.signInLinkSent };
}

/** A single-use 128-bit sign-in link valid for 15 minutes, e-mailed through the outbox (caller's transaction). */
export async function issueSignInLink(tx: Tx, user: UserRow) {
  const token = randomToken(16);
  await tx.insert(oneTimeTokens).values({
    userId: user.id,
    purpose: 'SIGN_IN_LINK',
    tokenHash: hashToken(token),
    email: user.email,
    expiresAt: minutes(SIGN_IN_LINK_MINUTES),
  });
  await enqueueEmail(tx, user.email, {
    template: 'sign-in-link',
    payload: { firstName: user.firstName, token },
  });
}

export async function verifySignInLink({
  ctx,
  input,
  caller,
}: {
  ctx: ServiceContext;
  input: { token: string };
  caller: Caller;
}): Promise<UserRow> {
  await consumeRateLimits(ctx.db, [limit(`verify-token:ip:${caller.ip}`, 30, 600)]);
  const rows = await ctx.db
    .update(oneTimeTokens)
    .set({ consumedAt: sql`now()` })
    .where(
      sql`${oneTimeTokens.tokenHash} = ${hashToken(input.token)} and ${oneTimeTokens.purpose} = 'SIGN_IN_LINK'
        and ${oneTimeTokens.consumedAt} is null and ${oneTimeTokens.expiresAt} > now()`,
    )
    .returning({ userId: oneTimeTokens.userId });
  const userId = rows[0]?.userId;
  if (!userId) throw badRequest(AuthText.signInLinkInvalid);
  // Following the link proves the address is theirs.
  const [user] = await ctx.db
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning();
  if (!user) throw badRequest(AuthText.signInLinkInvalid);
  return user;
}

export async function updateProfile({
  ctx,
  user,
  input,
}: {
  ctx: ServiceContext;
  user: UserRow;
  input: {
    firstName: string;
    lastName: string;
    nationality?: string | null | undefined;
    email: string;
  };
}): Promise<UserRow> {
  const nationality = input.nationality ?? null;
  if (nationality && !(await repo.countryExists(ctx.db, nationality))) {
    throw badRequest('Please choose a nationality from the list', {
      nationality: 'Please choose a nationality from the list',
    });
  }
  const changingEmail = input.email !== user.email;
  if (changingEmail) {
    await consumeRateLimits(ctx.db, [limit(`email-change:user:${user.id}`, 5, HOUR)]);
    if (await repo.findUserByEmail(ctx.db, input.email)) {
      throw new AppError(409, ErrorCode.CONFLICT, 'Another account already uses this email.', {
        email: 'Another account already uses this email.',
      });
    }
  }
  const updated = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({
        firstName: input.firstName || null,
        lastName: input.lastName || null,
        nationality,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, user.id))
      .returning();
    // The new address takes effect once its code is entered.
    if (changingEmail) await issueCode(ctx, tx, row!, 'EMAIL_VERIFICATION', input.email);
    return row!;
  });
  if (changingEmail) ctx.pokeOutbox();
  return updated;
}

export async function verifyEmail({
  ctx,
  user,
  input,
}: {
  ctx: ServiceContext;
  user: UserRow;
  input: { code: string };
}): Promise<UserRow> {
  await consumeRateLimits(ctx.db, [limit(`verify-email:user:${user.id}`, 30, HOUR)]);
  const token = await checkCode(ctx, user, 'EMAIL_VERIFICATION', input.code);
  if (token.email !== user.email && (await repo.findUserByEmail(ctx.db, token.email))) {
    throw new AppError(409, ErrorCode.CONFLICT, 'Another account already uses this email.');
  }
  const [row] = await ctx.db
    .update(users)
    .set({ email: token.email, emailVerifiedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(users.id, user.id))
    .returning();
  return row!;
}

export async function resendVerification({ ctx, user }: { ctx: ServiceContext; user: UserRow }) {
  await consumeRateLimits(ctx.db, [limit(`verify-resend:user:${user.id}`, 5, HOUR)]);
  const pending = await repo.pendingEmailOf(ctx.db, user.id, user.email);
  if (!pending && user.emailVerifiedAt) {
    return { sent: true as const, message: AuthText.emailVerified };
  }
  await ctx.db.transaction(async (tx) => {
    await issueCode(ctx, tx, user, 'EMAIL_VERIFICATION', pending ?? user.email);
  });
  ctx.pokeOutbox();
  return { sent: true as const, message: AuthText.verificationSent };
}

export async function forgotPassword({
  ctx,
  input,
  caller,
}: {
  ctx: ServiceContext;
  input: { email: string };
  caller: Caller;
}) {
  await consumeRateLimits(ctx.db, [
    limit(`forgot:ip:${caller.ip}`, 20, HOUR),
    limit(`forgot:email:${input.email}`, 5, HOUR),
  ]);
  const user = await repo.findUserByEmail(ctx.db, input.email);
  if (user) {
    await ctx.db.transaction(async (tx) => {
      await issueCode(ctx, tx, user, 'PASSWORD_RESET', user.email);
    });
    ctx.pokeOutbox();
  }
  return { sent: true as const, message: AuthText.resetEmailSent };
}

export async function resetPassword({
  ctx,
  input,
  caller,
}: {
  ctx: ServiceContext;
  input: { email: string; code: string; password: string };
  caller: Caller;
}) {
  await consumeRateLimits(ctx.db, [
    limit(`reset:ip:${caller.ip}`, 30, HOUR),
    limit(`reset:email:${input.email}`, 10, HOUR),
  ]);
  assertUsablePassword(input.password);
  const user = await repo.findUserByEmail(ctx.db, input.email);
  await checkCode(ctx, user, 'PASSWORD_RESET', input.code);
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        passwordHash,
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, user!.id));
    // Every session of the account ends: whoever knew the old password is signed out.
    await endAllSessions(tx, user!.id);
  });
  return { reset: true as const, message: AuthText.passwordResetDone };
}
