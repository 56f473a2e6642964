import { AuthText, DEFAULT_LOCALE } from '@waypoint/contracts';
import type { UserRow } from '../../db/rows';
import { conflict, unauthenticated, validationFailed } from '../../lib/errors';
import { consumeRateLimits } from '../../lib/rate-limit';
import { actorOf, recordAudit } from '../audit/audit.repo';
import { endAllSessions } from '../sessions/sessions.service';
import * as repo from './auth.repo';
import { proveMailbox } from './mailbox-proof';
import { checkCode, issueCode, mailCode } from './one-time-codes.service';
import { checkPasswordThrottled } from './password-check';
import { hashPassword, isCommonPassword } from './passwords';
import { assertRecentProof } from './recent-proof.service';
import { HOUR, limit, type CallerVerb, type SessionVerb } from './verbs';

/** Passwords: signing in and registering with one, and resetting or changing it. */

function assertUsablePassword(password: string) {
  if (isCommonPassword(password)) {
    throw validationFailed('auth.passwordTooCommon', { password: 'auth.passwordTooCommon' });
  }
}

export async function checkEmail({ ctx, input, caller }: CallerVerb<{ email: string }>) {
  await consumeRateLimits(ctx.rateLimits, [limit(`check-email:ip:${caller.ip}`, 60, 600)]);
  const user = await repo.findUserByEmail(ctx.db, input.email);
  return { hasPassword: Boolean(user?.passwordHash) };
}

export async function login({
  ctx,
  input,
  caller,
}: CallerVerb<{ email: string; password: string }>): Promise<UserRow> {
  const user = await repo.findUserByEmail(ctx.db, input.email);
  const ok = await checkPasswordThrottled(ctx, user, input.email, input.password, caller);
  // A deactivated staff account is answered as a wrong password: the reply tells nothing about the account.
  if (!user || !ok || user.deactivatedAt) throw unauthenticated('auth.wrongCredentials');
  return user;
}

export async function register({
  ctx,
  input,
  caller,
}: CallerVerb<{
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}>): Promise<UserRow> {
  await consumeRateLimits(ctx.rateLimits, [limit(`register:ip:${caller.ip}`, 20, HOUR)]);
  assertUsablePassword(input.password);
  if (await repo.findUserByEmail(ctx.db, input.email)) throw conflict('auth.emailTaken');
  const passwordHash = await hashPassword(input.password);
  const user = await ctx.db.transaction(async (tx) => {
    const created = await repo.insertUser(tx, {
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      passwordHash,
      // The account speaks the language of the visit that opened it.
      locale: caller.locale ?? DEFAULT_LOCALE,
    });
    if (!created) throw conflict('auth.emailTaken');
    await issueCode(ctx, tx, created, 'EMAIL_VERIFICATION', created.email);
    return created;
  });
  ctx.pokeJobs('email');
  return user;
}

export async function forgotPassword({ ctx, input, caller }: CallerVerb<{ email: string }>) {
  await consumeRateLimits(ctx.rateLimits, [
    limit(`forgot:ip:${caller.ip}`, 20, HOUR),
    limit(`forgot:email:${input.email}`, 5, HOUR),
  ]);
  const user = await repo.findUserByEmail(ctx.db, input.email);
  if (user && !user.deactivatedAt) await mailCode(ctx, user, 'PASSWORD_RESET', user.email);
  return { sent: true as const, message: AuthText.resetEmailSent };
}

export async function resetPassword({
  ctx,
  input,
  caller,
}: CallerVerb<{ email: string; code: string; password: string }>) {
  await consumeRateLimits(ctx.rateLimits, [
    limit(`reset:ip:${caller.ip}`, 30, HOUR),
    limit(`reset:email:${input.email}`, 10, HOUR),
  ]);
  assertUsablePassword(input.password);
  const user = await repo.findUserByEmail(ctx.db, input.email);
  await checkCode(ctx, user, 'PASSWORD_RESET', input.code);
  const passwordHash = await hashPassword(input.password);
  const claim = await ctx.db.transaction(async (tx) => {
    // The code proves the mailbox: the first time, it claims the account (the e-mail notice goes out).
    const proved = await proveMailbox(tx, user!, { via: 'password-reset', caller });
    await repo.setPassword(tx, user!.id, passwordHash, { verifyEmail: true });
    // Every session of the account ends: whoever knew the old password is signed out.
    await endAllSessions({ tx, input: { userId: user!.id } });
    await recordAudit(tx, {
      action: 'account.password-reset',
      actor: actorOf(user!, caller),
      entityId: user!.id,
    });
    return proved;
  });
  ctx.pokeJobs('email');
  return {
    reset: true as const,
    message: AuthText.passwordResetDone,
    ...(claim.notice ? { notice: claim.notice } : {}),
  };
}

/** Sets or changes the password (a recent proof needed); every other session of the account ends. */
export async function changePassword({
  ctx,
  user,
  session,
  input,
  caller,
}: SessionVerb<{ password: string }>): Promise<UserRow> {
  assertRecentProof(session);
  assertUsablePassword(input.password);
  const passwordHash = await hashPassword(input.password);
  return ctx.db.transaction(async (tx) => {
    const row = await repo.setPassword(tx, user.id, passwordHash);
    const endedSessions = await endAllSessions({
      tx,
      input: { userId: user.id, keep: session?.id ?? null },
    });
    await recordAudit(tx, {
      action: user.passwordHash ? 'account.password-changed' : 'account.password-set',
      actor: actorOf(user, caller),
      entityId: user.id,
      details: { endedSessions },
    });
    return row;
  });
}
