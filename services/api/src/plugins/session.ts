import cookie from '@fastify/cookie';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AuthText } from '@waypoint/contracts';
import type { Config } from '../config';
import type { Db, Tx } from '../db/client';
import { sessions, users } from '../db/schema';
import { forbidden, unauthenticated } from '../lib/errors';
import { hashToken, randomToken } from '../modules/auth/tokens';

export type UserRow = typeof users.$inferSelect;

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, when the session cookie names a live session. */
    user: UserRow | null;
    sessionId: string | null;
  }
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

  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    const token = request.cookies[config.sessions.cookieName];
    if (!token) return;
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
    if (now - found.session.lastSeenAt.getTime() > TOUCH_AFTER_SECONDS * 1000) {
      await app.ctx.db
        .update(sessions)
        .set({ lastSeenAt: sql`now()` })
        .where(eq(sessions.id, found.session.id));
    }
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
): Promise<void> {
  if (request.sessionId) await db.delete(sessions).where(eq(sessions.id, request.sessionId));
  const token = randomToken(32);
  const life = lifetimes(config, user.role);
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId: user.id,
    idleTimeoutSeconds: life.idleSeconds,
    expiresAt: new Date(Date.now() + life.absoluteSeconds * 1000),
    ip: request.ip,
    userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
  });
  reply.setCookie(config.sessions.cookieName, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.sessions.secureCookie,
    maxAge: life.absoluteSeconds,
  });
  request.user = user;
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
  clearSessionCookie(reply, config);
}

/** Ends every session of a user (after a password reset), except `keep` when given. */
export async function endAllSessions(db: Db | Tx, userId: string) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Removes sessions past their absolute lifetime (run by the background worker). */
export async function pruneSessions(db: Db) {
  await db.delete(sessions).where(and(gt(sql`now()`, sessions.expiresAt)));
}

export function requireUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthenticated(AuthText.notSignedIn);
  return request.user;
}

export function requireAdmin(request: FastifyRequest): UserRow {
  const user = requireUser(request);
  if (user.role !== 'admin') throw forbidden(AuthText.forbidden);
  return user;
}
