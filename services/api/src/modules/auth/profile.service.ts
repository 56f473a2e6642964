import type { Locale, User } from '@waypoint/contracts';
import type { UserRow } from '../../db/rows';
import type { ServiceContext } from '../../lib/context';
import { badRequest, conflict } from '../../lib/errors';
import { isStaff } from '../../lib/roles';
import { consumeRateLimits } from '../../lib/rate-limit';
import * as repo from './auth.repo';
import { issueCode } from './one-time-codes.service';
import { assertRecentProof } from './recent-proof.service';
import { HOUR, limit, type Session } from './verbs';

/** The account as its owner sees and edits it: names, nationality, address and language. */

function secondFactorOf(row: UserRow, session: Session | undefined): User['secondFactor'] {
  if (!isStaff(row.role)) return 'not-required';
  if (session?.secondFactorAt) return 'verified';
  return row.totpEnabledAt ? 'required' : 'setup-required';
}

/** The account as the signed-in person sees it, through this session. */
export async function toUser({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { user: UserRow; session?: Session | undefined };
}): Promise<User> {
  const { user: row, session } = input;
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
    secondFactor: secondFactorOf(row, session),
    locale: row.locale,
  };
}

export async function updateProfile({
  ctx,
  user,
  session,
  input,
}: {
  ctx: ServiceContext;
  user: UserRow;
  session: Session;
  input: {
    firstName: string;
    lastName: string;
    nationality?: string | null | undefined;
    email: string;
    locale?: Locale | undefined;
  };
}): Promise<UserRow> {
  const nationality = input.nationality ?? null;
  const changingEmail = input.email !== user.email;
  // Checked first: without a recent proof nothing changes, not even the name.
  if (changingEmail) assertRecentProof(session);
  if (nationality && !(await repo.countryExists(ctx.db, nationality))) {
    throw badRequest('validation.nationalityFromList', {
      nationality: 'validation.nationalityFromList',
    });
  }
  if (changingEmail) {
    await consumeRateLimits(ctx.rateLimits, [limit(`email-change:user:${user.id}`, 5, HOUR)]);
    if (await repo.findUserByEmail(ctx.db, input.email)) {
      throw conflict('auth.emailInUse', {
        email: 'auth.emailInUse',
      });
    }
  }
  const updated = await ctx.db.transaction(async (tx) => {
    const row = await repo.updateNames(tx, user.id, {
      // Both required by UpdateProfileBody: a name is changed, never blanked.
      firstName: input.firstName,
      lastName: input.lastName,
      nationality,
      ...(input.locale ? { locale: input.locale } : {}),
    });
    // The new address takes effect once its code is entered.
    if (changingEmail) await issueCode(ctx, tx, row, 'EMAIL_VERIFICATION', input.email);
    return row;
  });
  if (changingEmail) ctx.pokeJobs('email');
  return updated;
}

/** Keeps the account's language (the language picker of a signed-in traveller). */
export async function updateLocale({
  ctx,
  user,
  input,
}: {
  ctx: ServiceContext;
  user: UserRow;
  input: { locale: Locale };
}): Promise<UserRow> {
  if (input.locale === user.locale) return user;
  return repo.updateLocale(ctx.db, user.id, input.locale);
}
