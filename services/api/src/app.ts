import { remindersRoutes } from './modules/applications/reminders.routes';
import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { trustProxyOption, type Config } from './config';
import type { Database } from './db/client';
import type { ServiceContext } from './lib/context';
import { badRequest } from './lib/errors';
import type { FieldEncryption } from './lib/field-encryption';
import { loggerOptions } from './lib/logging';
import { applicationsRoutes } from './modules/applications/applications.routes';
import { draftReturnRoutes } from './modules/applications/draft-return.routes';
import { adminRoutes } from './modules/admin/admin.routes';
import { postPaymentRoutes } from './modules/applications/post-payment.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { documentsRoutes } from './modules/documents/documents.routes';
import { createStorage } from './modules/documents/storage';
import { createUploadPipeline } from './modules/documents/upload-pipeline';
import { registerLiveEvents } from './modules/events/events.routes';
import { checkoutRoutes } from './modules/checkout/checkout.routes';
import { healthRoutes } from './modules/health/health.routes';
import { createApiServer } from './modules/health/liveness';
import { mailboxRoutes } from './modules/notifications/mailbox.routes';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { personalDataRoutes } from './modules/personal-data/personal-data.routes';
import { createProvider } from './modules/payments/providers';
import { ReferenceCache } from './modules/reference/reference.cache';
import { referenceRoutes } from './modules/reference/reference.routes';
import { receiptsRoutes } from './modules/receipts/receipts.routes';
import { staffRoutes } from './modules/staff/staff.routes';
import { supportRoutes } from './modules/support/support.routes';
import { bundlesAvailable, registerBundles } from './plugins/bundles';
import { ordersPageQueries } from './modules/applications/my-orders.service';
import { REFERENCE_PAGE_QUERIES } from './modules/reference/reference-pages';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerCompression } from './plugins/compression';
import { registerCsrf } from './plugins/csrf';
import { registerErrorHandling } from './plugins/error-handler';
import { createCounterStore } from './modules/rate-limits/counters';
import { registerOpenApi } from './plugins/openapi';
import { registerPressure } from './plugins/pressure';
import { RemoteRegistry } from './plugins/remote-registry';
import { decorateScopes } from './plugins/scopes';
import { assertEditable, openOwnedApplication } from './modules/applications/post-payment.service';
import { registerSessions } from './plugins/session';
import { toUser } from './modules/auth/profile.service';
import * as sessions from './modules/sessions/sessions.service';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    /** The service context for work not tied to one request. */
    ctx: ServiceContext;
    lifecycle: { shuttingDown: boolean };
    /** Where each area of the portal is deployed, followed from the registry file while the server runs. */
    remotes: RemoteRegistry;
  }
}

export interface AppDeps {
  config: Config;
  database: Database;
  encryption: FieldEncryption;
  /** Where log lines go (standard output when not given). */
  logStream?: NodeJS.WritableStream;
}

/** JSON bodies larger than this are refused with 413 (uploads have their own limit). */
export const JSON_BODY_LIMIT = 256 * 1024;

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** A caller's request id is kept when it looks like one, so a trace can cross services. */
function requestIdOf(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
}

export async function buildApp({
  config,
  database,
  encryption,
  logStream,
}: AppDeps): Promise<FastifyInstance> {
  const lifecycle = { shuttingDown: false };
  const app = Fastify({
    logger: { ...loggerOptions(config.logLevel), ...(logStream ? { stream: logStream } : {}) },
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: trustProxyOption(config.trustProxy),
    genReqId: requestIdOf,
    serverFactory: (handler, options) =>
      createApiServer(handler, {
        requestId: requestIdOf,
        shuttingDown: () => lifecycle.shuttingDown,
        keepAliveTimeout: options.keepAliveTimeout as number | undefined,
        requestTimeout: options.requestTimeout as number | undefined,
        connectionTimeout: options.connectionTimeout as number | undefined,
      }),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  });
  // Only JSON bodies (and multipart uploads where a route allows them): a cross-site form cannot
  // send JSON without a preflight, which is part of the CSRF defence.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('lifecycle', lifecycle);
  app.decorate('ctx', {
    db: database.db,
    config,
    log: app.log,
    encryption,
    codeKey: encryption.deriveKey('one-time-codes'),
    pokeJobs: () => undefined,
    rateLimits: createCounterStore(config, database.db, app.log),
    storage: createStorage(config),
    uploads: createUploadPipeline(config),
  });
  app.addHook('onClose', () => app.ctx.rateLimits.close());
  // Registered early, so it runs after the routes' and the background jobs' own closing.
  app.addHook('onClose', async () => app.ctx.storage.close?.());
  await app.ctx.rateLimits.ready();
  // Loaded on first use here; `bootstrap` loads it at start and follows changes.
  app.decorate('referenceCache', new ReferenceCache(app.ctx, database));
  app.addHook('onClose', () => app.referenceCache.stop());
  app.decorate('remotes', new RemoteRegistry(config, app.log));
  if (config.role !== 'worker') app.remotes.follow();
  app.addHook('onClose', () => app.remotes.stop());

  // A callback hook (no promise per request).
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    // Header values reach the database (user agent, forwarded address); it cannot store a NUL character.
    for (const value of Object.values(request.headers)) {
      const values = Array.isArray(value) ? value : [value];
      if (values.some((v) => typeof v === 'string' && v.includes('\u0000'))) {
        return done(badRequest('validation.forbiddenHeader'));
      }
    }
    done();
  });

  const errorPages = registerErrorHandling(app);
  await registerPressure(app, config);
  registerSecurityHeaders(app, config);
  // Before any route: the plugin attaches its hook to each route as it is added.
  await registerCompression(app);
  if (config.role === 'worker') {
    // A worker process answers the health probes and nothing else; its work is the background jobs (boot.ts).
    await app.register(healthRoutes);
    app.decorate('payments', createProvider(app));
    return app;
  }
  if (config.apiDocs) await registerOpenApi(app);
  registerCsrf(app, config);
  await registerSessions(app, config, {
    openSession: sessions.openSession,
    startSession: sessions.startSession,
    endSession: sessions.endSession,
    describeUser: toUser,
  });
  decorateScopes(app, { open: openOwnedApplication, assertEditable });
  await app.register(healthRoutes);
  await app.register(referenceRoutes);
  await app.register(authRoutes);
  app.decorate('payments', createProvider(app));
  await app.register(applicationsRoutes);
  await app.register(draftReturnRoutes);
  await app.register(checkoutRoutes);
  await app.register(paymentsRoutes);
  await app.register(postPaymentRoutes);
  await app.register(documentsRoutes);
  await app.register(adminRoutes);
  await app.register(staffRoutes);
  await app.register(personalDataRoutes);
  await app.register(receiptsRoutes);
  await app.register(supportRoutes);
  await app.register(remindersRoutes);
  await registerLiveEvents(app);
  if (!config.isProduction && !config.mail.smtpUrl) await app.register(mailboxRoutes);
  if (bundlesAvailable(config)) {
    await registerBundles(
      app,
      config,
      {
        user: { '/orders': (ctx, userId) => ordersPageQueries({ ctx, input: { userId } }) },
        reference: REFERENCE_PAGE_QUERIES,
      },
      errorPages,
    );
  }
  return app;
}
