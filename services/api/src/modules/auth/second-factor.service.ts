import crypto from 'node:crypto';
import { AuthText, ErrorCode } from '@waypoint/contracts';
import type { Tx } from '../../db/client';
import type { ServiceContext } from '../../lib/context';
import { AppError, badRequest, conflict, forbidden } from '../../lib/errors';
import { consumeRateLimits } from '../../lib/rate-limit';
import { isStaff } from '../../lib/roles';
import type { UserRow } from '../../db/rows';
import { markSession } from '../sessions/sessions.service';
import * as repo from './auth.repo';
import { actorOf, recordAudit, type AuditRecord } from '../audit/audit.repo';
import type { Caller } from '../../lib/context';
import type { Session, SessionVerb } from './verbs';
import {
  checkTotp,
  newTotpSecret,
  normaliseRecoveryCode,
  randomRecoveryCode,
  RECOVERY_CODE_COUNT,
  totpEnrolment,
} from './totp';

/**
 * The staff second factor: a TOTP authenticator app (secret encrypted at rest, each code accepted once) and ten
 * single-use recovery codes (stored as keyed hashes). Every attempt is rate-limited and audited.
 */

const FIFTEEN_MINUTES = 15 * 60;

function assertStaff(user: UserRow) {
  if (!isStaff(user.role)) throw forbidden('auth.secondFactorStaffOnly');
}

const attemptsKey = (user: UserRow) => `second-factor:user:${user.id}`;

async function limitAttempts(ctx: ServiceContext, user: UserRow, caller: Caller) {
  await consumeRateLimits(ctx.rateLimits, [
    { key: attemptsKey(user), max: 10, windowSeconds: FIFTEEN_MINUTES },
    { key: `second-factor:ip:${caller.ip}`, max: 50, windowSeconds: FIFTEEN_MINUTES },
  ]);
}

/**
 * A right code gives its attempt back: the account's limit counts wrong codes (guessing), so a member of staff
 * signing in from several browsers is never locked out by their own successful sign-ins.
 */
async function refundAttempt(ctx: ServiceContext, user: UserRow) {
  await ctx.rateLimits.decrement(attemptsKey(user));
}

function recoveryHash(ctx: ServiceContext, userId: string, code: string) {
  return crypto
    .createHmac('sha256', Buffer.from(ctx.codeKey, 'base64'))
    .update(`recovery:${userId}:${normaliseRecoveryCode(code)}`)
    .digest('hex');
}

/** Records in the session that it has passed the second factor, and audits how; returns the updated session. */
async function passSecondFactor(tx: Tx, session: Session, entry: AuditRecord) {
  const updated = await markSession({
    tx,
    input: { sessionId: session?.id, proved: { secondFactorAt: new Date() } },
  });
  await recordAudit(tx, entry);
  return updated;
}

/** Starts (or shows again) the set-up of the authenticator: the secret, its otpauth URI and QR code. */
export async function beginSetup({
  ctx,
  user,
  caller,
}: {
  ctx: ServiceContext;
  user: UserRow;
  caller: Caller;
}) {
  assertStaff(user);
  if (user.totpEnabledAt) throw conflict('auth.secondFactorAlreadySetUp');
  await consumeRateLimits(ctx.rateLimits, [
    { key: `second-factor-setup:user:${user.id}`, max: 20, windowSeconds: 3600 },
  ]);
  let secret = user.totpSecretEncrypted ? ctx.encryption.decrypt(user.totpSecretEncrypted) : null;
  if (!secret) {
    secret = newTotpSecret();
    await ctx.db.transaction(async (tx) => {
      await repo.setTotpSecret(tx, user.id, ctx.encryption.encrypt(secret!));
      await recordAudit(tx, {
        action: 'auth.second-factor.setup-started',
        actor: actorOf(user, caller),
        entityId: user.id,
      });
    });
  }
  return totpEnrolment(secret, user.email);
}

/** Confirms the set-up with a first code: the second factor is on, and ten recovery codes are returned once. */
export async function confirmSetup({
  ctx,
  user,
  session,
  input,
  caller,
}: SessionVerb<{ code: string }>): Promise<{
  user: UserRow;
  session: Session;
  recoveryCodes: string[];
}> {
  assertStaff(user);
  if (user.totpEnabledAt) throw conflict('auth.secondFactorAlreadySetUp');
  await limitAttempts(ctx, user, caller);
  if (!user.totpSecretEncrypted) {
    throw badRequest('auth.secondFactorSetupRestart');
  }
  const secret = ctx.encryption.decrypt(user.totpSecretEncrypted);
  const step = await checkTotp(secret, input.code, user.totpLastStep);
  if (step === null) {
    await recordAudit(ctx.db, {
      action: 'auth.second-factor.failed',
      actor: actorOf(user, caller),
      entityId: user.id,
      details: { during: 'setup' },
    });
    throw badRequest('auth.secondFactorWrong', { code: 'auth.secondFactorWrong' });
  }
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, randomRecoveryCode);
  const result = await ctx.db.transaction(async (tx) => {
    const row = await repo.enableTotp(tx, user.id, step);
    if (!row) return null;
    await repo.replaceRecoveryCodes(
      tx,
      user.id,
      recoveryCodes.map((code) => recoveryHash(ctx, user.id, code)),
    );
    const updated = await passSecondFactor(tx, session, {
      action: 'auth.second-factor.enabled',
      actor: actorOf(user, caller),
      entityId: user.id,
    });
    return { user: row, session: updated };
  });
  if (!result) throw conflict('auth.secondFactorAlreadySetUp');
  await refundAttempt(ctx, user);
  return { ...result, recoveryCodes };
}

/** The second step of a staff sign-in: a code from the authenticator app, or an unused recovery code. */
export async function verifySecondFactor({
  ctx,
  user,
  session,
  input,
  caller,
}: SessionVerb<{ code: string }>): Promise<{ user: UserRow; session: Session; notice?: string }> {
  assertStaff(user);
  if (!user.totpEnabledAt || !user.totpSecretEncrypted) {
    throw new AppError(ErrorCode.SECOND_FACTOR_REQUIRED, 'auth.secondFactorSetupRequired');
  }
  await limitAttempts(ctx, user, caller);
  const fail = async (method: 'totp' | 'recovery-code') => {
    await recordAudit(ctx.db, {
      action: 'auth.second-factor.failed',
      actor: actorOf(user, caller),
      entityId: user.id,
      details: { method },
    });
    return badRequest('auth.secondFactorWrong', { code: 'auth.secondFactorWrong' });
  };
  if (/^\d{6}$/.test(input.code)) {
    const secret = ctx.encryption.decrypt(user.totpSecretEncrypted);
    const step = await checkTotp(secret, input.code, user.totpLastStep);
    // Recorded atomically: two sign-ins racing with the same code cannot both pass.
    if (step === null || !(await repo.advanceTotpStep(ctx.db, user.id, step))) {
      throw await fail('totp');
    }
    const updated = await ctx.db.transaction((tx) =>
      passSecondFactor(tx, session, {
        action: 'auth.second-factor.verified',
        actor: actorOf(user, caller),
        entityId: user.id,
        details: { method: 'totp' },
      }),
    );
    await refundAttempt(ctx, user);
    return { user, session: updated };
  }
  const hash = recoveryHash(ctx, user.id, input.code);
  const result = await ctx.db.transaction(async (tx) => {
    if (!(await repo.useRecoveryCode(tx, user.id, hash))) return null;
    const left = await repo.unusedRecoveryCodes(tx, user.id);
    const row = await passSecondFactor(tx, session, {
      action: 'auth.second-factor.verified',
      actor: actorOf(user, caller),
      entityId: user.id,
      details: { method: 'recovery-code', left },
    });
    return { session: row, left };
  });
  if (!result) throw await fail('recovery-code');
  await refundAttempt(ctx, user);
  return { user, session: result.session, notice: AuthText.recoveryCodeUsed(result.left) };
}
