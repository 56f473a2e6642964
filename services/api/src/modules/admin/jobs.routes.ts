import {
  FailedJobsResponse,
  JobRetryParams,
  okEnvelope,
  RetryJobResponse,
} from '@waypoint/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, ok } from '../../lib/reply';
import { adminOnly, callerOf, userOf } from '../../plugins/scopes';
import { listFailedJobs, retryJob } from '../jobs/failed-jobs.service';

const errors = errorResponses(400, 401, 403, 404);

/**
 * Background jobs that failed every attempt, and running one again (registered inside the staff scope; admins
 * only, as for failed e-mails).
 */
export async function adminJobsRoutes(app: FastifyInstance) {
  adminOnly(app);
  const { ctx } = app;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];

  r.get(
    '/api/admin/jobs',
    {
      schema: {
        tags,
        summary: 'Background jobs that failed every attempt (newest first, up to 100)',
        response: { 200: okEnvelope(FailedJobsResponse), ...errors },
      },
    },
    async () => ok(await listFailedJobs({ ctx })),
  );

  r.post(
    '/api/admin/jobs/:queue/:id/retry',
    {
      schema: {
        tags,
        summary: 'Run a failed background job once more (audited)',
        params: JobRetryParams,
        response: { 200: okEnvelope(RetryJobResponse), ...errors },
      },
    },
    async (request) =>
      ok(
        await retryJob({
          ctx,
          input: request.params,
          staff: userOf(request),
          caller: callerOf(request),
        }),
      ),
  );
}
