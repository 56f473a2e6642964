import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { ApiMessages } from '@waypoint/contracts';
import { forbidden, type AppError } from '../lib/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Server-to-server callers that sign their requests instead. */
const EXEMPT = new Set(['/api/payments/webhook']);

export const CROSS_SITE_MESSAGE = ApiMessages['request.crossSite'];

/**
 * CSRF defence for every state-changing API call: the browser's Sec-Fetch-Site must say same-origin (or none,
 * for a typed URL), and an Origin header, when sent, must be this portal's. Bodies are JSON or multipart only
 * (see app.ts), which a cross-site form cannot send without a preflight.
 */
export function registerCsrf(app: FastifyInstance, config: Config) {
  const allowed = new Set([new URL(config.publicUrl).origin]);
  /** The reason to refuse a request another site may have sent, or null. */
  const crossSite = (request: FastifyRequest): AppError | null => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return null;
    if (EXEMPT.has(request.url.split('?')[0] ?? '')) return null;
    const site = request.headers['sec-fetch-site'];
    if (typeof site === 'string' && site !== 'same-origin' && site !== 'none') {
      return forbidden('request.crossSite');
    }
    const origin = request.headers.origin;
    if (typeof origin === 'string') {
      const self = `${request.protocol}://${request.host}`;
      if (!allowed.has(origin) && origin !== self) {
        return forbidden('request.crossSite');
      }
    }
    return null;
  };
  // A callback hook: the check is synchronous, and most requests pass it.
  app.addHook('onRequest', (request, _reply, done) => {
    const refused = crossSite(request);
    if (refused) done(refused);
    else done();
  });
}
