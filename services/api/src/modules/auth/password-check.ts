import { ErrorCode } from '@waypoint/contracts';
import type { UserRow } from '../../db/rows';
import type { Caller, ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { clearBackoff, forgiveBackoffFailure, type Backoff } from '../../lib/rate-limit';
import { reserveBackoffAttempt } from '../rate-limits/backoff';
import { verifyAgainstDummy, verifyPassword } from './passwords';
import { HOUR } from './verbs';

/**
 * The one place a password is checked (signing in, and a recent proof with the password), so that every check
 * goes through the same growing delays.
 */

/** Wrong passwords: growing delays after this many failures per account (1 s, 2 s, 4 s … up to 5 minutes). */
export const PASSWORD_FAILURES_BEFORE_DELAY = 5;
/** … and after this many per IP address (up to a minute). */
export const IP_FAILURES_BEFORE_DELAY = 20;

function passwordBackoffs(email: string, ip: string): Backoff[] {
  return [
    {
      key: `login:email:${email}`,
      after: PASSWORD_FAILURES_BEFORE_DELAY,
      capSeconds: 300,
      windowSeconds: 24 * HOUR,
    },
    { key: `login:ip:${ip}`, after: IP_FAILURES_BEFORE_DELAY, capSeconds: 60, windowSeconds: HOUR },
  ];
}

/**
 * Checks a password with growing delays after repeated failures per account and per IP address (never a locked
 * account: the owner can always sign in with an e-mailed link). The attempt is counted, atomically, before the
 * password is checked, so however many guesses arrive at once no more are checked than the delays allow; a
 * right password takes it back.
 */
export async function checkPasswordThrottled(
  ctx: ServiceContext,
  user: UserRow | undefined,
  email: string,
  password: string,
  caller: Caller,
): Promise<boolean> {
  const backoffs = passwordBackoffs(email, caller.ip);
  const wait = await reserveBackoffAttempt(ctx.rateLimits, backoffs);
  if (wait > 0) {
    throw new AppError(
      ErrorCode.RATE_LIMITED,
      { key: 'auth.passwordThrottled', params: { seconds: wait } },
      {
        retryAfterSeconds: wait,
      },
    );
  }
  const ok = user?.passwordHash
    ? await verifyPassword(user.passwordHash, password)
    : await verifyAgainstDummy(password);
  if (ok) {
    await clearBackoff(ctx.rateLimits, [backoffs[0]!.key]);
    await forgiveBackoffFailure(ctx.rateLimits, backoffs[1]!.key);
  }
  return ok;
}
