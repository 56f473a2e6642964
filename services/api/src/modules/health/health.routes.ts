import { ErrorCode, okEnvelope } from '@waypoint/contracts';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import type { FileStorage } from '../../lib/file-storage';
import { withTimeout } from '../../lib/timeout';
import { RETRY_AFTER_SECONDS } from '../../plugins/error-handler';
import { errorResponses, ok } from '../../lib/reply';
import { HEALTHY, LIVENESS_PATH } from './liveness';

const Health = okEnvelope(z.object({ status: z.literal('ok') }));

/**
 * Probes are asked every few seconds by the orchestrator, never by a browser: they are not logged unless
 * something goes wrong, and skip the browser security headers and compression meant for pages and API replies.
 */
const PROBE = {
  logLevel: 'warn',
  compress: false,
  config: { securityHeaders: false },
} as const;

/** A readiness probe waits this long for the database, or the document storage, before it reports it unreachable. */
const PING_TIMEOUT_MS = 2000;

/**
 * How long a probe of the document storage is believed: probes come every few seconds from each orchestrator, and
 * one of S3 is a request to it. A failure is believed for less, so a recovered store is seen soon.
 */
export const STORAGE_PROBE_OK_MS = 5000;
export const STORAGE_PROBE_FAILED_MS = 1000;

/** Whether the document storage can be used, probed at most once per period (concurrent probes share one). */
function storageReadiness(storage: FileStorage, log: FastifyBaseLogger): () => Promise<boolean> {
  let last: { ok: boolean; at: number } | null = null;
  let running: Promise<boolean> | null = null;
  const probe = async (): Promise<boolean> => {
    try {
      await withTimeout(
        storage.probe?.(AbortSignal.timeout(PING_TIMEOUT_MS)) ?? Promise.resolve(),
        PING_TIMEOUT_MS,
        'timeout exceeded when probing the document storage',
      );
      return true;
    } catch (err) {
      log.warn({ err: { message: (err as Error).message } }, 'readiness: no document storage');
      return false;
    }
  };
  return () => {
    if (last && Date.now() - last.at < (last.ok ? STORAGE_PROBE_OK_MS : STORAGE_PROBE_FAILED_MS)) {
      return Promise.resolve(last.ok);
    }
    running ??= probe().then((ok) => {
      last = { ok, at: Date.now() };
      running = null;
      return ok;
    });
    return running;
  };
}

export async function healthRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const storageReady = storageReadiness(app.ctx.storage, app.log);
  // Untyped, to send the prepared bytes as they are.
  // The HTTP server answers the probe before it gets here (see liveness.ts), except while shutting down and for
  // requests that do not come through it (`inject`).
  app.get(
    LIVENESS_PATH,
    {
      schema: { tags: ['health'], summary: 'The process is up', response: { 200: Health } },
      ...PROBE,
    },
    (_request, reply) => reply.type('application/json; charset=utf-8').send(HEALTHY),
  );
  r.get(
    '/api/ready',
    {
      schema: {
        tags: ['health'],
        summary:
          'The database and the document storage answer, and the process is not shutting down',
        response: { 200: Health, ...errorResponses(503) },
      },
      ...PROBE,
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      if (app.lifecycle.shuttingDown)
        throw new AppError(ErrorCode.NOT_READY, 'availability.shuttingDown', {
          retryAfterSeconds: RETRY_AFTER_SECONDS,
        });
      try {
        await withTimeout(
          app.database.ping(),
          PING_TIMEOUT_MS,
          'timeout exceeded when trying to connect',
        );
      } catch (err) {
        app.log.warn({ err: { message: (err as Error).message } }, 'readiness: no database');
        throw new AppError(ErrorCode.DATABASE_UNAVAILABLE, 'availability.databaseUnavailable', {
          retryAfterSeconds: RETRY_AFTER_SECONDS,
        });
      }
      if (!(await storageReady()))
        throw new AppError(ErrorCode.NOT_READY, 'availability.storageUnavailable', {
          retryAfterSeconds: RETRY_AFTER_SECONDS,
        });
      return ok({ status: 'ok' as const });
    },
  );
}
