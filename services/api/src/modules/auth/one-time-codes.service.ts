import crypto from 'node:crypto';
import { AuthText, type RecentProofPurpose } from '@waypoint/contracts';
import type { Tx } from '../../db/client';
import type { UserRow } from '../../db/rows';
import type { ServiceContext } from '../../lib/context';
import { badRequest } from '../../lib/errors';
import { consumeRateLimits } from '../../lib/rate-limit';
import { queueEmail } from '../notifications/outbox.service';
import * as repo from './auth.repo';
import { proveMailbox } from './mailbox-proof';
import { hashCode, hashToken, randomCode, randomToken, safeEqual } from './tokens';
import { HOUR, limit, minutes, type CallerVerb } from './verbs';

/**
 * Single-use secrets sent by e-mail: 6-digit codes (verifying an address, resetting a password, a recent proof)
 * and sign-in links.
 */

export const SIGN_IN_LINK_MINUTES = 15;
export const CODE_MINUTES = 10;
export const MAX_CODE_ATTEMPTS = 5;

export type CodePurpose = 'EMAIL_VERIFICATION' | 'PASSWORD_RESET' | 'REAUTHENTICATION';

/** What a recent-proof code's e-mail says it confirms. */
export interface CodeOptions {
  proofPurpose?: RecentProofPurpose;
}

/** Creates a 6-digit code token and queues its e-mail, in the caller's transaction. */
export async function issueCode(
  ctx: ServiceContext,
  tx: Tx,
  user: UserRow,
  purpose: CodePurpose,
  toAddress: string,
  options: CodeOptions = {},
) {
  await repo.retireTokens(tx, user.id, purpose);
  const code = randomCode();
  const id = crypto.randomUUID();
  await repo.insertToken(tx, {
    id,
    userId: user.id,
    purpose,
    tokenHash: hashCode(ctx.codeKey, id, code),
    email: toAddress,
    expiresAt: minutes(CODE_MINUTES),
  });
  if (purpose === 'PASSWORD_RESET') {
    await queueEmail({
      tx,
      input: {
        to: toAddress,
        message: { template: 'password-reset', payload: { firstName: user.firstName, code } },
        locale: user.locale,
      },
    });
  } else if (purpose === 'REAUTHENTICATION') {
    await queueEmail({
      tx,
      input: {
        to: toAddress,
        message: {
          template: 'reauthentication-code',
          payload: { firstName: user.firstName, code, purpose: options.proofPurpose },
        },
        locale: user.locale,
      },
    });
  } else {
    await queueEmail({
      tx,
      input: {
        to: toAddress,
        message: {
          template: 'email-verification',
          payload: { firstName: user.firstName, code, newAddress: toAddress !== user.email },
        },
        locale: user.locale,
      },
    });
  }
}

/** Issues a code in its own transaction and sends its e-mail straight away. */
export async function mailCode(
  ctx: ServiceContext,
  user: UserRow,
  purpose: CodePurpose,
  toAddress: string,
  options: CodeOptions = {},
) {
  await ctx.db.transaction(async (tx) => {
    await issueCode(ctx, tx, user, purpose, toAddress, options);
  });
  ctx.pokeJobs('email');
}

/**
 * Checks a code against the newest live token of a purpose. Each wrong try counts; after the fifth the code is
 * dead. Returns the token on success (already consumed).
 */
export async function checkCode(
  ctx: ServiceContext,
  user: UserRow | undefined,
  purpose: CodePurpose,
  code: string,
) {
  if (!user) throw badRequest('auth.codeWrong', { code: 'auth.codeWrong' });
  const token = await repo.findLiveToken(ctx.db, user.id, purpose);
  if (!token) throw badRequest('auth.codeExpired', { code: 'auth.codeExpired' });
  if (token.attempts >= MAX_CODE_ATTEMPTS) {
    throw badRequest('auth.codeAttemptsExceeded', { code: 'auth.codeAttemptsExceeded' });
  }
  if (!safeEqual(hashCode(ctx.codeKey, token.id, code), token.tokenHash)) {
    const attempts = await repo.recordWrongCode(ctx.db, token.id);
    const message = attempts >= MAX_CODE_ATTEMPTS ? 'auth.codeAttemptsExceeded' : 'auth.codeWrong';
    throw badRequest(message, { code: message });
  }
  if (!(await repo.consumeToken(ctx.db, token.id))) {
    throw badRequest('auth.codeExpired', { code: 'auth.codeExpired' });
  }
  return token;
}

export async function requestSignInLink({ ctx, input, caller }: CallerVerb<{ email: string }>) {
  await consumeRateLimits(ctx.rateLimits, [
    limit(`sign-in-link:ip:${caller.ip}`, 20, HOUR),
    limit(`sign-in-link:email:${input.email}`, 5, HOUR),
  ]);
  const user = await repo.findUserByEmail(ctx.db, input.email);
  // A deactivated account gets no link (the reply is the same).
  if (user && !user.deactivatedAt) {
    await ctx.db.transaction(async (tx) => {
      await issueSignInLink({ tx, input: { user } });
    });
    ctx.pokeJobs('email');
  }
  return { sent: true as const, message: AuthText.signInLinkSent };
}

/**
 * A single-use 128-bit sign-in link valid for 15 minutes, e-mailed through the outbox (caller's transaction). A
 * newer link ends the older ones.
 */
export async function issueSignInLink({ tx, input }: { tx: Tx; input: { user: UserRow } }) {
  const { user } = input;
  // Only the newest link works.
  await repo.retireTokens(tx, user.id, 'SIGN_IN_LINK');
  const token = randomToken(16);
  await repo.insertToken(tx, {
    userId: user.id,
    purpose: 'SIGN_IN_LINK',
    tokenHash: hashToken(token),
    email: user.email,
    expiresAt: minutes(SIGN_IN_LINK_MINUTES),
  });
  await queueEmail({
    tx,
    input: {
      to: user.email,
      message: { template: 'sign-in-link', payload: { firstName: user.firstName, token } },
      locale: user.locale,
    },
  });
}

export async function verifySignInLink({
  ctx,
  input,
  caller,
}: CallerVerb<{ token: string }>): Promise<{ user: UserRow; notice?: string }> {
  await consumeRateLimits(ctx.rateLimits, [limit(`verify-token:ip:${caller.ip}`, 30, 600)]);
  const result = await ctx.db.transaction(async (tx) => {
    const token = await repo.consumeTokenByHash(tx, hashToken(input.token), 'SIGN_IN_LINK');
    const user = token ? await repo.findUserById(tx, token.userId) : undefined;
    // A link sent to an address the account no longer has does not sign in, nor one to a deactivated account.
    if (!token || !user || user.email !== token.email || user.deactivatedAt) return null;
    // Following the link proves the address is theirs: the first time, it claims the account.
    return proveMailbox(tx, user, { via: 'sign-in-link', dropPassword: true, caller });
  });
  if (!result) throw badRequest('auth.signInLinkInvalid');
  ctx.pokeJobs('email');
  return result;
}
