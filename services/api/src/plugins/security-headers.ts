import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `false` on routes no browser asks (health probes): they are sent without the browser security headers. */
    securityHeaders?: false;
  }
}

/**
 * The browser security headers on every reply (Helmet's set): a policy that lets an API reply load nothing and be
 * framed nowhere, no MIME sniffing, same-origin resource policy, HSTS in production. The pages replace the
 * policy with their own where they are served (see bundles.ts).
 *
 * Helmet's middleware is built once here and applied in one callback hook. (The Fastify wrapper rebuilt it, parsing
 * the policy again, in two hooks on every request: a twentieth of the API's time under load.)
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  const apply = helmet({
    // The API answers JSON: it needs to load nothing. The pages, the API viewer and the development mailbox send
    // their own policy.
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.isProduction ? [] : null,
      },
    },
    hsts: config.isProduction,
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.config.securityHeaders === false) return done();
    apply(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
  });
}
