import { AvailabilityText, ErrorCode, ErrorEnvelope, okEnvelope } from '@waypoint/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { withTimeout } from '../../lib/timeout';
import { RETRY_AFTER_SECONDS } from '../../plugins/error-handler';

const Health = okEnvelope(z.object({ status: z.literal('ok') }));

/** A readiness probe waits this long for the database before it reports it unreachable. */
const PING_TIMEOUT_MS = 2000;

export async function healthRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/health',
    {
      schema: { tags: ['health'], summary: 'The process is up', response: { 200: Health } },
    },
    async () => ({ success: true as const, data: { status: 'ok' as const } }),
  );
  r.get(
    '/api/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'The database answers and the process is not shutting down',
        response: { 200: Health, 503: ErrorEnvelope },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      if (app.lifecycle.shuttingDown)
        throw new AppError(
          503,
          ErrorCode.NOT_READY,
          AvailabilityText.shuttingDown,
          undefined,
          RETRY_AFTER_SECONDS,
        );
      try {
        await withTimeout(
          app.database.ping(),
          PING_TIMEOUT_MS,
          'timeout exceeded when trying to connect',
        );
      } catch (err) {
        app.log.warn({ err: { message: (err as Error).message } }, 'readiness: no database');
        throw new AppError(
          503,
          ErrorCode.DATABASE_UNAVAILABLE,
          AvailabilityText.databaseUnavailable,
          undefined,
          RETRY_AFTER_SECONDS,
        );
      }
      return { success: true as const, data: { status: 'ok' as const } };
    },
  );
}
