import http, { type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';

/** The liveness probe's path and its answer, serialized once (the route in health.routes.ts documents it). */
export const LIVENESS_PATH = '/api/health';
export const HEALTHY = JSON.stringify({ success: true, data: { status: 'ok' } });
const HEALTHY_LENGTH = String(Buffer.byteLength(HEALTHY));

/**
 * The HTTP server of the API, answering the liveness probe itself before the request reaches the framework.
 *
 * An orchestrator asks `GET /api/health` every few seconds on every instance, and the only thing the answer
 * says is that the process is up and its event loop turns. Answering it here costs no routing, hooks, session,
 * security headers or logging, and a busy instance is not reported dead (and restarted) because its request
 * pipeline is shedding load: readiness (`/api/ready`) goes through the full pipeline and reports that. While the
 * process shuts down, the probe takes the normal route. Every other request goes to `handler`.
 */
export function createApiServer(
  handler: RequestListener,
  options: {
    requestId: (req: IncomingMessage) => string;
    shuttingDown: () => boolean;
    keepAliveTimeout?: number;
    requestTimeout?: number;
    connectionTimeout?: number;
  },
): http.Server {
  const server = http.createServer((req: IncomingMessage, res: ServerResponse) => {
    if (req.url === LIVENESS_PATH && req.method === 'GET' && !options.shuttingDown()) {
      res.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': HEALTHY_LENGTH,
        'x-request-id': options.requestId(req),
      });
      res.end(HEALTHY);
      return;
    }
    handler(req, res);
  });
  // What Fastify sets on the servers it creates itself.
  if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
  if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
  if (options.connectionTimeout !== undefined) server.setTimeout(options.connectionTimeout);
  return server;
}
