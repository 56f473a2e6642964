import crypto from 'node:crypto';
import {
  AuthText,
  DEFAULT_LOCALE,
  ErrorCode,
  type Locale,
  type MailboxProofVia,
  type User,
} from '@waypoint/contracts';
import type { Tx } from '../../db/client';
import type { Caller, ServiceContext } from '../../lib/context';
import {
  AppError,
  badRequest,
  conflict,
  unauthenticated,
  validationFailed,
} from '../../lib/errors';
import {
  backoffWait,
  clearBackoff,
  consumeRateLimits,
  forgiveBackoffFailure,
  recordBackoffFailure,
  type Backoff,
  type Limit,
} from '../../lib/rate-limit';
import type { SessionRow, UserRow } from '../../db/rows';
import { endAllSessions, endUnprovenSessions, markSession } from '../sessions/sessions.repo';
import { actorOf, recordAudit } from '../audit/audit.repo';
import { enqueueEmail } from '../notifications/outbox.repo';
import { hashPassword, isCommonPassword, verifyAgainstDummy, verifyPassword } from './passwords';
import * as repo from './auth.repo';
import { hashCode, hashToken, randomCode, randomToken, safeEqual } from './tokens';

export const SIGN_IN_LINK_MINUTES = 15;
export const CODE_MINUTES = 10;
export const MAX_CODE_ATTEMPTS = 5;
/** A password or a code to the current address counts as a recent proof for this long. */
export const RECENT_PROOF_MINUTES = 10;
/** How long the old address can undo a change of e-mail. */
export const EMAIL_UNDO_HOURS = 72;
/** Wrong passwords: growing delays after this many failures per account (1 s, 2 s, 4 s … up to 5 minutes). */
export const PASSWORD_FAILURES_BEFORE_DELAY = 5;
/** … and after this many per IP address (up to a minute). */
export const IP_FAILURES_BEFORE_DELAY = 20;

/** The caller's session, where a verb depends on what the session has proved. */
export type Session = SessionRow | null;

/** What a verb open to anyone receives: the request's input and who is asking. */
export interface CallerVerb<Input> {
  ctx: ServiceContext;
  input: Input;
  caller: Caller;
}

/** What a verb acting on the signed-in account, from its session, receives. */
export interface SessionVerb<Input> extends CallerVerb<Input> {
  user: UserRow;
  session: Session;
}

const minutes = (n: number) => new Date(Date.now() + n * 60_000);
const HOUR = 3600;

function secondFactorOf(row: UserRow, session: Session | undefined): User['secondFactor'] {
  if (row.role !== 'admin') return 'not-required';
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

/**
 * The mailbox owner has just proved control of the account's address (a sign-in link, or a code e-mailed to it).
 * The first time this happens the account is claimed: an account opened by someone else with this address (a
 * guest paying with it, a registration) may have sessions the owner never started, so every session that was not
 * itself started by such a proof ends, and the owner is told on screen (the returned notice) and by e-mail. With
 * `dropPassword`, a password chosen before the claim (by whoever registered) is removed too. In the caller's
 * transaction; returns the updated user.
 */
async function proveMailbox(
  tx: Tx,
  user: UserRow,
  options: {
    via: MailboxProofVia;
    keepSessionId?: string | null;
    dropPassword?: boolean;
    caller?: Caller;
  },
): Promise<{ user: UserRow; notice?: string }> {
  if (user.emailVerifiedAt) return { user };
  const passwordRemoved = Boolean(options.dropPassword && user.passwordHash);
  const claimed = await repo.claimAccount(tx, user.id, { dropPassword: passwordRemoved });
  // A concurrent proof claimed it first.
  if (!claimed) return { user: (await repo.findUserById(tx, user.id)) ?? user };
  const endedSessions = await endUnprovenSessions(tx, user.id, options.keepSessionId);
  // Codes asked for by those sessions (a new address, a recent proof) die with them.
  await repo.retireTokens(tx, user.id, 'EMAIL_VERIFICATION');
  await repo.retireTokens(tx, user.id, 'REAUTHENTICATION');
  await recordAudit(tx, {
    action: 'account.claimed',
    actor: actorOf(user, options.caller),
    entityId: user.id,
    details: { via: options.via, endedSessions, passwordRemoved },
  });
  if (endedSessions === 0 && !passwordRemoved) return { user: claimed };
  await enqueueEmail(
    tx,
    claimed.email,
    {
      template: 'account-claimed',
      payload: { firstName: claimed.firstName, endedSessions, passwordRemoved },
    },
    claimed.locale,
  );
  const notice = [
    endedSessions > 0 ? AuthText.otherSessionsEnded : AuthText.emailVerified,
    ...(passwordRemoved ? [AuthText.prehijackPasswordRemoved] : []),
  ].join(' ');
  return { user: claimed, notice };
}

/**
 * Changing the e-mail or the password, and downloading everything held about the account, need a proof of identity
 * in this session within the last 10 minutes.
 */
export function assertRecentProof(session: Session) {
  const at = session?.recentProofAt?.getTime() ?? 0;
  if (Date.now() - at > RECENT_PROOF_MINUTES * 60_000) {
    throw new AppError(ErrorCode.RECENT_PROOF_REQUIRED, 'auth.recentProofRequired');
  }
}

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
 * account: the owner can always sign in with an e-mailed link). The attempt is counted before the check, so
 * parallel guesses cannot slip past a delay; a right password takes it back.
 */
async function checkPasswordThrottled(
  ctx: ServiceContext,
  user: UserRow | undefined,
  email: string,
  password: string,
  caller: Caller,
): Promise<boolean> {
  const backoffs = passwordBackoffs(email, caller.ip);
  const wait = await backoffWait(ctx.rateLimits, backoffs);
  if (wait > 0) {
    throw new AppError(
      ErrorCode.RATE_LIMITED,
      { key: 'auth.passwordThrottled', params: { seconds: wait } },
      {
        retryAfterSeconds: wait,
      },
    );
  }
  await recordBackoffFailure(ctx.rateLimits, backoffs);
  const ok = user?.passwordHash
    ? await verifyPassword(user.passwordHash, password)
    : await verifyAgainstDummy(password);
  if (ok) {
    await clearBackoff(ctx.rateLimits, [backoffs[0]!.key]);
    await forgiveBackoffFailure(ctx.rateLimits, backoffs[1]!.key);
  }
  return ok;
}

function limit(key: string, max: number, windowSeconds: number): Limit {
  return { key, max, windowSeconds };
}

function assertUsablePassword(password: string) {
  if (isCommonPassword(password)) {
    throw validationFailed('auth.passwordTooCommon', { password: 'auth.passwordTooCommon' });
  }
}

type CodePurpose = 'EMAIL_VERIFICATION' | 'PASSWORD_RESET' | 'REAUTHENTICATION';

/** Creates a 6-digit code token and queues its e-mail, in the caller's transaction. */
async function issueCode(
  ctx: ServiceContext,
  tx: Tx,
  user: UserRow,
  purpose: CodePurpose,
  toAddress: string,
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
    await enqueueEmail(
      tx,
      toAddress,
      { template: 'password-reset', payload: { firstName: user.firstName, code } },
      user.locale,
    );
  } else if (purpose === 'REAUTHENTICATION') {
    await enqueueEmail(
      tx,
      toAddress,
      { template: 'reauthentication-code', payload: { firstName: user.firstName, code } },
      user.locale,
    );
  } else {
    await enqueueEmail(
      tx,
      toAddress,
      {
        template: 'email-verification',
        payload: { firstName: user.firstName, code, newAddress: toAddress !== user.email },
      },
      user.locale,
    );
  }
}

/** Issues a code in its own transaction and sends its e-mail straight away. */
async function mailCode(
  ctx: ServiceContext,
  user: UserRow,
  purpose: CodePurpose,
  toAddress: string,
) {
  await ctx.db.transaction(async (tx) => {
    await issueCode(ctx, tx, user, purpose, toAddress);
  });
  ctx.pokeOutbox();
}

/**
 * Checks a code against the newest live token of a purpose. Each wrong try counts; after the fifth the code is
 * dead. Returns the token on success (already consumed).
 */
async function checkCode(
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
  if (!user || !ok) throw unauthenticated('auth.wrongCredentials');
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
  ctx.pokeOutbox();
  return user;
}

export async function requestSignInLink({ ctx, input, caller }: CallerVerb<{ email: string }>) {
  await consumeRateLimits(ctx.rateLimits, [
    limit(`sign-in-link:ip:${caller.ip}`, 20, HOUR),
    limit(`sign-in-link:email:${input.email}`, 5, HOUR),
  ]);
  const user = await repo.findUserByEmail(ctx.db, input.email);
  if (user) {
    await ctx.db.transaction(async (tx) => {
      await issueSignInLink({ tx, input: { user } });
    });
    ctx.pokeOutbox();
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
  await enqueueEmail(
    tx,
    user.email,
    { template: 'sign-in-link', payload: { firstName: user.firstName, token } },
    user.locale,
  );
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
    // A link sent to an address the account no longer has does not sign in.
    if (!token || !user || user.email !== token.email) return null;
    // Following the link proves the address is theirs: the first time, it claims the account.
    return proveMailbox(tx, user, { via: 'sign-in-link', dropPassword: true, caller });
  });
  if (!result) throw badRequest('auth.signInLinkInvalid');
  ctx.pokeOutbox();
  return result;
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
  if (changingEmail) ctx.pokeOutbox();
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

export async function verifyEmail({
  ctx,
  user,
  session,
  input,
  caller,
}: SessionVerb<{ code: string }>): Promise<{ user: UserRow; notice?: string }> {
  await consumeRateLimits(ctx.rateLimits, [limit(`verify-email:user:${user.id}`, 30, HOUR)]);
  const token = await checkCode(ctx, user, 'EMAIL_VERIFICATION', input.code);
  if (token.email !== user.email && (await repo.findUserByEmail(ctx.db, token.email))) {
    throw conflict('auth.emailInUse');
  }
  const result = await ctx.db.transaction(async (tx) => {
    // This session has just proved the mailbox (the current one, or the new one).
    await markSession(tx, session?.id, { mailboxProof: true });
    if (token.email === user.email) {
      if (user.emailVerifiedAt) return { user: await repo.markEmailVerified(tx, user.id) };
      return proveMailbox(tx, user, {
        via: 'verification-code',
        keepSessionId: session?.id ?? null,
        caller,
      });
    }
    return changeEmail(tx, user, token.email, session, caller);
  });
  ctx.pokeOutbox();
  return result;
}

/**
 * Applies a confirmed change of address. When the old address had been confirmed, it is told, with a link that
 * undoes the change for 72 hours (an unconfirmed old address gets no such power over the account).
 */
async function changeEmail(
  tx: Tx,
  user: UserRow,
  newEmail: string,
  session: Session,
  caller: Caller,
): Promise<{ user: UserRow; notice?: string }> {
  const oldEmail = user.email;
  // An unclaimed account is claimed below, by proveMailbox.
  const row = await repo.changeEmail(tx, user.id, newEmail, {
    verified: user.emailVerifiedAt !== null,
  });
  // Links and codes sent to the old address no longer work.
  for (const purpose of ['SIGN_IN_LINK', 'PASSWORD_RESET', 'REAUTHENTICATION'] as const) {
    await repo.retireTokens(tx, user.id, purpose);
  }
  await recordAudit(tx, {
    action: 'account.email-changed',
    actor: actorOf(user, caller),
    entityId: user.id,
    details: { from: oldEmail, to: newEmail, undoOffered: user.emailVerifiedAt !== null },
  });
  if (user.emailVerifiedAt) {
    const token = randomToken(16);
    await repo.insertToken(tx, {
      userId: user.id,
      purpose: 'EMAIL_CHANGE_UNDO',
      tokenHash: hashToken(token),
      email: oldEmail,
      expiresAt: minutes(EMAIL_UNDO_HOURS * 60),
    });
    await enqueueEmail(
      tx,
      oldEmail,
      { template: 'email-changed', payload: { firstName: user.firstName, newEmail, token } },
      user.locale,
    );
    return { user: row };
  }
  // An unclaimed account: proving the new address claims it.
  return proveMailbox(tx, row, {
    via: 'verification-code',
    keepSessionId: session?.id ?? null,
    caller,
  });
}

export async function resendVerification({ ctx, user }: { ctx: ServiceContext; user: UserRow }) {
  await consumeRateLimits(ctx.rateLimits, [limit(`verify-resend:user:${user.id}`, 5, HOUR)]);
  const pending = await repo.pendingEmailOf(ctx.db, user.id, user.email);
  if (!pending && user.emailVerifiedAt) {
    return { sent: true as const, message: AuthText.emailVerified };
  }
  await mailCode(ctx, user, 'EMAIL_VERIFICATION', pending ?? user.email);
  return { sent: true as const, message: AuthText.verificationSent };
}

export async function forgotPassword({ ctx, input, caller }: CallerVerb<{ email: string }>) {
  await consumeRateLimits(ctx.rateLimits, [
    limit(`forgot:ip:${caller.ip}`, 20, HOUR),
    limit(`forgot:email:${input.email}`, 5, HOUR),
  ]);
  const user = await repo.findUserByEmail(ctx.db, input.email);
  if (user) await mailCode(ctx, user, 'PASSWORD_RESET', user.email);
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
    await endAllSessions(tx, user!.id);
    await recordAudit(tx, {
      action: 'account.password-reset',
      actor: actorOf(user!, caller),
      entityId: user!.id,
    });
    return proved;
  });
  ctx.pokeOutbox();
  return {
    reset: true as const,
    message: AuthText.passwordResetDone,
    ...(claim.notice ? { notice: claim.notice } : {}),
  };
}

/** E-mails a 6-digit code to the account's current address, for a recent proof. */
export async function requestRecentProofCode({
  ctx,
  user,
}: {
  ctx: ServiceContext;
  user: UserRow;
}) {
  await consumeRateLimits(ctx.rateLimits, [limit(`recent-proof-code:user:${user.id}`, 5, HOUR)]);
  await mailCode(ctx, user, 'REAUTHENTICATION', user.email);
  return { sent: true as const, message: AuthText.recentProofCodeSent };
}

/**
 * Proves, in this session, that the person is the owner: with the password or a code sent to the current
 * address. Valid for 10 minutes for changing the e-mail or the password. A code also proves the mailbox (and so
 * may claim the account).
 */
export async function recentProof({
  ctx,
  user,
  session,
  input,
  caller,
}: SessionVerb<{ password: string } | { code: string }>): Promise<{
  user: UserRow;
  session: Session;
  notice?: string;
}> {
  await consumeRateLimits(ctx.rateLimits, [limit(`recent-proof:user:${user.id}`, 20, HOUR)]);
  if ('password' in input) {
    if (!user.passwordHash) {
      throw badRequest('auth.recentProofRequired', {
        password: 'auth.noPasswordUseCode',
      });
    }
    if (!(await checkPasswordThrottled(ctx, user, user.email, input.password, caller))) {
      throw badRequest('auth.wrongPassword', { password: 'auth.wrongPassword' });
    }
    const updated = await markSession(ctx.db, session?.id, { recentProofAt: new Date() });
    return { user, session: updated };
  }
  const token = await checkCode(ctx, user, 'REAUTHENTICATION', input.code);
  if (token.email !== user.email)
    throw badRequest('auth.codeExpired', { code: 'auth.codeExpired' });
  const result = await ctx.db.transaction(async (tx) => {
    const updated = await markSession(tx, session?.id, {
      recentProofAt: new Date(),
      mailboxProof: true,
    });
    const proved = await proveMailbox(tx, user, {
      via: 'recent-proof-code',
      keepSessionId: session?.id ?? null,
      caller,
    });
    return { ...proved, session: updated };
  });
  ctx.pokeOutbox();
  return result;
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
    const endedSessions = await endAllSessions(tx, user.id, session?.id ?? null);
    await recordAudit(tx, {
      action: user.passwordHash ? 'account.password-changed' : 'account.password-set',
      actor: actorOf(user, caller),
      entityId: user.id,
      details: { endedSessions },
    });
    return row;
  });
}

/**
 * Undoes a change of e-mail with the link sent to the old address: the old address comes back, every session
 * ends, and the password is removed (whoever changed the address may have set it); the owner signs in by link.
 */
export async function undoEmailChange({ ctx, input, caller }: CallerVerb<{ token: string }>) {
  await consumeRateLimits(ctx.rateLimits, [limit(`undo-email:ip:${caller.ip}`, 30, 600)]);
  const outcome = await ctx.db.transaction(async (tx) => {
    const token = await repo.consumeTokenByHash(tx, hashToken(input.token), 'EMAIL_CHANGE_UNDO');
    if (!token) return 'invalid' as const;
    const user = await repo.findUserById(tx, token.userId);
    if (!user) return 'invalid' as const;
    const holder = await repo.findUserByEmail(tx, token.email);
    if (holder && holder.id !== user.id) return 'taken' as const;
    await repo.restoreEmail(tx, user.id, token.email);
    for (const purpose of [
      'SIGN_IN_LINK',
      'EMAIL_VERIFICATION',
      'PASSWORD_RESET',
      'REAUTHENTICATION',
      'EMAIL_CHANGE_UNDO',
    ] as const) {
      await repo.retireTokens(tx, user.id, purpose);
    }
    const endedSessions = await endAllSessions(tx, user.id);
    await recordAudit(tx, {
      action: 'account.email-change-undone',
      actor: actorOf(user, caller),
      entityId: user.id,
      details: { restored: token.email, replaced: user.email, endedSessions },
    });
    return 'undone' as const;
  });
  if (outcome === 'invalid') throw badRequest('auth.emailChangeUndoInvalid');
  if (outcome === 'taken') throw conflict('auth.emailChangeUndoTaken');
  return { undone: true as const, message: AuthText.emailChangeUndone };
}
