import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode, type User } from '@waypoint/contracts';
import type { Config } from '../config';
import type { SessionRow, UserRow } from '../db/rows';
import { AppError, forbidden, unauthenticated } from '../lib/errors';
import { isAdmin, isStaff } from '../lib/roles';
import type { SessionProof, SessionServices } from '../lib/session-services';

declare module 'fastify' {
  interface FastifyInstance {
    /** The sessions and accounts services the session plugin works with (given by app.ts). */
    sessionServices: SessionServices;
  }
  interface FastifyRequest {
    /** The signed-in user, when the session cookie names a live session. */
    user: UserRow | null;
    sessionId: string | null;
    /** The live session itself (how it was started, its recent proof and second factor). */
    session: SessionRow | null;
  }
}

/** The request's user agent as it is recorded (sessions, audit log). */
export const userAgentOf = (request: FastifyRequest) =>
  request.headers['user-agent']?.slice(0, 300) ?? null;

/**
 * Carries sessions (modules/sessions) between the cookie and the request: every `/api/` request with a session
 * cookie gets `request.user` and `request.session` when the session is live.
 */
export async function registerSessions(
  app: FastifyInstance,
  config: Config,
  services: SessionServices,
) {
  app.decorate('sessionServices', services);
  const sessions = services;
  await app.register(cookie);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('session', null);

  const attachSession = async (request: FastifyRequest, reply: FastifyReply, token: string) => {
    const open = await sessions.openSession({ ctx: app.ctx, input: { token } });
    if (!open) {
      clearSessionCookie(reply, config);
      return;
    }
    request.user = open.user;
    request.sessionId = open.session.id;
    request.session = open.session;
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
 * Signs a user in: a new session (a new id at every sign-in) and its cookie. The request's previous session, if
 * any, is ended.
 */
export async function startSession(
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
  proof: SessionProof = {},
): Promise<void> {
  const { ctx, config, sessionServices } = request.server;
  const started = await sessionServices.startSession({
    ctx,
    input: {
      user,
      proof,
      replaces: request.sessionId,
      ip: request.ip,
      userAgent: userAgentOf(request),
    },
  });
  reply.setCookie(config.sessions.cookieName, started.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.sessions.secureCookie,
    maxAge: started.maxAgeSeconds,
  });
  request.user = user;
  request.sessionId = started.session.id;
  request.session = started.session;
}

/** Signs out: the request's session ends and its cookie is cleared. */
export async function endSession(request: FastifyRequest, reply: FastifyReply) {
  const { ctx, config, sessionServices } = request.server;
  if (request.sessionId) {
    await sessionServices.endSession({ ctx, input: { sessionId: request.sessionId } });
  }
  request.user = null;
  request.sessionId = null;
  request.session = null;
  clearSessionCookie(reply, config);
}

/** A signed-in user, whether or not a staff member has completed the second factor yet. */
export function requireSignedIn(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthenticated('auth.notSignedIn');
  return request.user;
}

/** Whether this session may act: staff need the second factor first. */
export function secondFactorDone(request: FastifyRequest): boolean {
  return !isStaff(request.user?.role) || Boolean(request.session?.secondFactorAt);
}

/**
 * A signed-in user who may act. A staff session without its second factor is refused with 403
 * SECOND_FACTOR_REQUIRED, which the front end turns into the second-factor screen.
 */
export function requireUser(request: FastifyRequest): UserRow {
  const user = requireSignedIn(request);
  if (!secondFactorDone(request)) {
    throw new AppError(
      ErrorCode.SECOND_FACTOR_REQUIRED,
      user.totpEnabledAt ? 'auth.secondFactorRequired' : 'auth.secondFactorSetupRequired',
    );
  }
  return user;
}

/**
 * The user whose session a page request (outside `/api/`, where sessions are not attached) carries, as the profile
 * reply describes them, when that session may act (a member of staff past their second factor, as requireUser
 * asks); null for anyone else. Never fails: without the database, the answer is null.
 */
export async function userOfPageRequest(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<User | null> {
  const token = request.cookies[app.config.sessions.cookieName];
  if (!token) return null;
  try {
    const open = await app.sessionServices.openSession({ ctx: app.ctx, input: { token } });
    if (!open || (isStaff(open.user.role) && !open.session.secondFactorAt)) return null;
    return await app.sessionServices.describeUser({
      ctx: app.ctx,
      input: { user: open.user, session: open.session },
    });
  } catch {
    return null;
  }
}

/** A member of staff (either role) past their second factor; 403 for a traveller. */
export function requireStaff(request: FastifyRequest): UserRow {
  const user = requireUser(request);
  if (!isStaff(user.role)) throw forbidden('auth.forbidden');
  return user;
}

/** An admin past their second factor; 403 for a caseworker (and for a traveller). */
export function requireAdmin(request: FastifyRequest): UserRow {
  const user = requireStaff(request);
  if (!isAdmin(user.role)) throw forbidden('staff.adminOnly');
  return user;
}
