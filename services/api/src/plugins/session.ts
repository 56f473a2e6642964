import cookie from '@fastify/cookie';
import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AuthText, ErrorCode } from '@waypoint/contracts';
import type { Config } from '../config';
import type { Db, Tx } from '../db/client';
import { sessions, users } from '../db/schema';
import { AppError, forbidden, unauthenticated } from '../lib/errors';
import { hashToken, randomToken } from '../modules/auth/tokens';

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, when the session cookie names a live session. */
    user: UserRow | null;
    sessionId: string | null;
    /** The live session itself (how it was started, its recent proof and second factor). */
    session: SessionRow | null;
  }
}

/** How a session was started: what it proves about the person holding it. */
export interface SessionProof {
  /** Started by following a link or entering a code e-mailed to the account's address. */
  mailboxProof?: boolean;
  /** Started by entering the password (or another proof that counts as recent). */
  recentProof?: boolean;
}

/** Touch a session's last-seen time at most this often. */
const TOUCH_AFTER_SECONDS = 60;

function lifetimes(config: Config, role: UserRow['role']) {
  return role === 'admin' ? config.sessions.admin : config.sessions.user;
}

/**
 * Server-side sessions: the cookie holds a random id, the database only its hash. A session ends after the idle
 * timeout or the absolute lifetime, whichever comes first (admins have shorter ones).
 */
export async function registerSessions(app: FastifyInstance, config: Config) {
  await app.register(cookie);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('session', null);

  /** Looks the session up and attaches it to the request, ending it when it has expired. */
  const attachSession = async (request: FastifyRequest, reply: FastifyReply, token: string) => {
    const rows = await app.ctx.db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.tokenHash, hashToken(token)));
    const found = rows[0];
    const now = Date.now();
    const alive =
      found &&
      found.session.expiresAt.getTime() > now &&
      found.session.lastSeenAt.getTime() + found.session.idleTimeoutSeconds * 1000 > now;
    if (!found || !alive) {
      if (found) await app.ctx.db.delete(sessions).where(eq(sessions.id, found.session.id));
      clearSessionCookie(reply, config);
      return;
    }
    request.user = found.user;
    request.sessionId = found.session.id;
    request.session = found.session;
    if (now - found.session.lastSeenAt.getTime() > TOUCH_AFTER_SECONDS * 1000) {
      await app.ctx.db
        .update(sessions)
        .set({ lastSeenAt: sql`now()` })
        .where(eq(sessions.id, found.session.id));
    }
  };
  // A callback hook, so the requests that carry no session (most of them) cost no promise.
  app.addHook('onRequest', (request, reply, done) => {
    const token = request.url.startsWith('/api/')
      ? request.cookies[config.sessions.cookieName]
      : undefined;
    if (!token) return done();
    attachSession(request, reply, token).then(() => done(), done);
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config) {
  reply.clearCookie(config.sessions.cookieName, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.sessions.secureCookie,
  });
}

/**
 * Starts a new session for a user (a new id at every sign-in) and sets the cookie.
 * The request's previous session, if any, is ended.
 */
export async function startSession(
  db: Db | Tx,
  config: Config,
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
  proof: SessionProof = {},
): Promise<void> {
  if (request.sessionId) await db.delete(sessions).where(eq(sessions.id, request.sessionId));
  const token = randomToken(32);
  const life = lifetimes(config, user.role);
  const [session] = await db
    .insert(sessions)
    .values({
      tokenHash: hashToken(token),
      userId: user.id,
      idleTimeoutSeconds: life.idleSeconds,
      expiresAt: new Date(Date.now() + life.absoluteSeconds * 1000),
      ip: request.ip,
      userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
      mailboxProof: proof.mailboxProof ?? false,
      recentProofAt: proof.recentProof ? new Date() : null,
    })
    .returning();
  reply.setCookie(config.sessions.cookieName, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.sessions.secureCookie,
    maxAge: life.absoluteSeconds,
  });
  request.user = user;
  request.sessionId = session!.id;
  request.session = session!;
}

export async function endSession(
  db: Db,
  config: Config,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (request.sessionId) await db.delete(sessions).where(eq(sessions.id, request.sessionId));
  request.user = null;
  request.sessionId = null;
  request.session = null;
  clearSessionCookie(reply, config);
}

/** Ends every session of a user (after a password reset), except `keep` when given; returns how many ended. */
export async function endAllSessions(db: Db | Tx, userId: string, keep?: string | null) {
  const ended = await db
    .delete(sessions)
    .where(
      keep ? and(eq(sessions.userId, userId), ne(sessions.id, keep)) : eq(sessions.userId, userId),
    )
    .returning({ id: sessions.id });
  return ended.length;
}

/**
 * Ends every session of a user that was not started by proving control of the mailbox (except `keep`): used when
 * the owner of the address first claims an account someone else may have opened with it.
 */
export async function endUnprovenSessions(db: Db | Tx, userId: string, keep?: string | null) {
  const unproven = and(eq(sessions.userId, userId), eq(sessions.mailboxProof, false));
  const ended = await db
    .delete(sessions)
    .where(keep ? and(unproven, ne(sessions.id, keep)) : unproven)
    .returning({ id: sessions.id });
  return ended.length;
}

/** Records on a session what it has just proved; returns the updated session. */
export async function markSession(
  db: Db | Tx,
  sessionId: string | null | undefined,
  set: Partial<Pick<SessionRow, 'mailboxProof' | 'recentProofAt' | 'secondFactorAt'>>,
): Promise<SessionRow | null> {
  if (!sessionId) return null;
  const [row] = await db.update(sessions).set(set).where(eq(sessions.id, sessionId)).returning();
  return row ?? null;
}

/** Removes sessions past their absolute lifetime (run by the background worker). */
export async function pruneSessions(db: Db) {
  await db.delete(sessions).where(and(gt(sql`now()`, sessions.expiresAt)));
}

/** A signed-in user, whether or not a staff member has completed the second factor yet. */
export function requireSignedIn(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthenticated(AuthText.notSignedIn);
  return request.user;
}

/** Whether this session may act: staff need the second factor first. */
export function secondFactorDone(request: FastifyRequest): boolean {
  return request.user?.role !== 'admin' || Boolean(request.session?.secondFactorAt);
}

/**
 * A signed-in user who may act. A staff session without its second factor is refused with 403
 * SECOND_FACTOR_REQUIRED, which the front end turns into the second-factor screen.
 */
export function requireUser(request: FastifyRequest): UserRow {
  const user = requireSignedIn(request);
  if (!secondFactorDone(request)) {
    throw new AppError(
      403,
      ErrorCode.SECOND_FACTOR_REQUIRED,
      user.totpEnabledAt ? AuthText.secondFactorRequired : AuthText.secondFactorSetupRequired,
    );
  }
  return user;
}

export function requireAdmin(request: FastifyRequest): UserRow {
  const user = requireUser(request);
  if (user.role !== 'admin') throw forbidden(AuthText.forbidden);
  return user;
}
