import type { FastifyInstance, FastifyRequest } from 'fastify';
import { negotiateLocale } from '@waypoint/contracts';
import type { ApplicationRow, UserRow } from '../db/rows';
import type { Caller, ServiceContext } from '../lib/context';
import { requireAdmin, requireSignedIn, requireStaff, requireUser, userAgentOf } from './session';

/**
 * Who may use a group of routes is settled once, in the group's `onRequest` hook, before its body is parsed or
 * validated: 401 without a session, 403 for staff without their second factor, a traveller on staff routes or a
 * caseworker on an admin's. Handlers then take the user the hook let in with `userOf(request)`.
 */

/** Signed in, with or without the staff second factor (the profile and the second-factor steps). */
export function signedInScope(scope: FastifyInstance) {
  scope.addHook('onRequest', async (request) => {
    requireSignedIn(request);
  });
}

/** Signed in and allowed to act (staff past their second factor). */
export function userScope(scope: FastifyInstance) {
  scope.addHook('onRequest', async (request) => {
    requireUser(request);
  });
}

/** Staff only (caseworkers and admins); their replies are never cached. */
export function staffScope(scope: FastifyInstance) {
  scope.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    requireStaff(request);
  });
}

/**
 * Admins only, inside a staff scope: refunds, failed e-mails and the staff accounts. A caseworker is refused with
 * 403 (`staff.adminOnly`) before the body is read.
 */
export function adminOnly(scope: FastifyInstance) {
  scope.addHook('onRequest', async (request) => {
    requireAdmin(request);
  });
}

/** The user a scope hook let in (a route outside such a scope has none: a fault in the code, answered 500). */
export function userOf(request: FastifyRequest): UserRow {
  if (!request.user) throw new Error(`${request.routeOptions.url} is not in a signed-in scope`);
  return request.user;
}

/** Where a request comes from, for rate limits and the audit log. */
export function callerOf(request: FastifyRequest): Caller {
  return {
    ip: request.ip,
    userAgent: userAgentOf(request),
    locale: negotiateLocale({
      cookie: request.headers.cookie,
      acceptLanguage: request.headers['accept-language'],
    }),
  };
}

/**
 * What the application scope needs of the applications module, given by the app (app.ts): the plugin knows no
 * module.
 */
export interface ApplicationAccess {
  /** The application when the user may open it; a 404 for anyone else. */
  open(args: {
    ctx: ServiceContext;
    input: { id: string };
    user: UserRow;
    caller: Caller;
  }): Promise<ApplicationRow>;
  /** Refuses (409) a change of answers the application no longer takes. */
  assertEditable(application: ApplicationRow, user: UserRow): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    applicationAccess: ApplicationAccess;
  }
  interface FastifyRequest {
    /** The application named by the path, loaded once (its ownership checked) by `applicationScope`. */
    application: ApplicationRow | null;
  }
  interface FastifyContextConfig {
    /** The route changes the application's answers: refused (409) once it is submitted (or before it is paid). */
    editable?: boolean;
  }
}

/** Declares `request.application` (null outside an application scope), and how scopes open applications. */
export function decorateScopes(app: FastifyInstance, applicationAccess: ApplicationAccess) {
  app.decorate('applicationAccess', applicationAccess);
  app.decorateRequest('application', null);
}

/**
 * Routes under /api/application/:id belong to a signed-in owner (or staff). The application is loaded and its
 * ownership checked once, before the request is parsed or validated: 401 without a session, 404 for an
 * application that is not theirs, and only then 400 for a bad body. Routes marked `editable` are then refused
 * with 409 once answers can no longer change (after validation, as before the hook existed).
 */
export function applicationScope(scope: FastifyInstance) {
  scope.addHook('onRequest', async (request) => {
    const user = requireUser(request);
    const { id } = request.params as { id?: string };
    request.application = await scope.applicationAccess.open({
      ctx: scope.ctx,
      input: { id: id ?? '' },
      user,
      caller: callerOf(request),
    });
  });
  scope.addHook('preHandler', async (request) => {
    if (request.routeOptions.config.editable)
      scope.applicationAccess.assertEditable(applicationOf(request), userOf(request));
  });
}

/** The application `applicationScope` loaded for this request. */
export function applicationOf(request: FastifyRequest): ApplicationRow {
  if (!request.application)
    throw new Error(`${request.routeOptions.url} is not in an application scope`);
  return request.application;
}
