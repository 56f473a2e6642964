import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { DraftOwner } from '../db/rows';
import { hashToken, randomToken } from '../lib/tokens';

/** Days a browser keeps its guest session (and so its unfinished application). */
const GUEST_DAYS = 30;

const cookieName = (config: Config) =>
  config.isProduction ? '__Host-waypoint_guest' : 'waypoint_guest';

/**
 * The hash of this browser's guest session id (the database never sees the id itself). With `create`, a
 * browser without one gets a new cookie.
 */
export function guestSessionHash(
  config: Config,
  request: FastifyRequest,
  reply: FastifyReply,
  create: true,
): string;
export function guestSessionHash(
  config: Config,
  request: FastifyRequest,
  reply: FastifyReply,
  create: false,
): string | null;
export function guestSessionHash(
  config: Config,
  request: FastifyRequest,
  reply: FastifyReply,
  create: boolean,
) {
  const existing = request.cookies[cookieName(config)];
  if (existing && /^[A-Za-z0-9_-]{43}$/.test(existing)) return hashToken(existing);
  if (!create) return null;
  const token = randomToken(32);
  reply.setCookie(cookieName(config), token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.sessions.secureCookie,
    maxAge: GUEST_DAYS * 86_400,
  });
  // Later reads in the same request see it too.
  request.cookies[cookieName(config)] = token;
  return hashToken(token);
}

/**
 * Whose unfinished application a request reaches: the signed-in user's, else this browser's guest session (with
 * `create`, a browser without one gets it).
 */
export function draftOwners(
  request: FastifyRequest,
  reply: FastifyReply,
  create: boolean,
): DraftOwner[] {
  const { config } = request.server;
  const list: DraftOwner[] = [];
  if (request.user) list.push({ userId: request.user.id });
  const hash =
    create && !request.user
      ? guestSessionHash(config, request, reply, true)
      : guestSessionHash(config, request, reply, false);
  if (hash) list.push({ sessionHash: hash });
  return list;
}
