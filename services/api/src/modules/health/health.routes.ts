import { okEnvelope, ErrorEnvelope } from '@waypoint/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors';

const Health = okEnvelope(z.object({ status: z.literal('ok') }));

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
    async () => {
      if (app.lifecycle.shuttingDown) throw new AppError(503, 'NOT_READY', 'Shutting down');
      try {
        await app.database.ping();
      } catch (err) {
        app.log.warn({ err }, 'readiness check: database did not answer');
        throw new AppError(503, 'NOT_READY', 'The database is not answering');
      }
      return { success: true as const, data: { status: 'ok' as const } };
    },
  );
}
