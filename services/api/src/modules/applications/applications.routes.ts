import { ErrorEnvelope, MyApplicationsResponse, okEnvelope } from '@waypoint/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/session';
import { listMyApplications } from './orders.service';

export async function applicationsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/applications/my-applications',
    {
      schema: {
        tags: ['applications'],
        summary: "The signed-in traveller's orders",
        response: { 200: okEnvelope(MyApplicationsResponse), 401: ErrorEnvelope },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const user = requireUser(request);
      return {
        success: true as const,
        data: await listMyApplications({ ctx: app.ctx, userId: user.id }),
      };
    },
  );
}
