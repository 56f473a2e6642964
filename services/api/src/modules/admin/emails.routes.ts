import {
  EmailIdParams,
  ErrorEnvelope,
  FailedEmailsResponse,
  okEnvelope,
  RequeueEmailResponse,
} from '@waypoint/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAdmin } from '../../plugins/session';
import { listFailedEmails, requeueEmail } from '../notifications/failed-emails.service';

const errors = { 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope };

/** Staff only: e-mails that failed every retry, and sending one again. */
export async function adminEmailsRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  // The role is checked before anything else of the request is looked at.
  app.addHook('onRequest', async (request, reply) => {
    requireAdmin(request);
    reply.header('cache-control', 'no-store');
  });

  r.get(
    '/api/admin/emails',
    {
      schema: {
        tags,
        summary: 'E-mails that failed every retry (newest first, up to 100)',
        response: { 200: okEnvelope(FailedEmailsResponse), ...errors },
      },
    },
    async () => ({ success: true as const, data: await listFailedEmails({ ctx }) }),
  );

  r.post(
    '/api/admin/emails/:id/requeue',
    {
      schema: {
        tags,
        summary: 'Send a failed e-mail again (audited)',
        params: EmailIdParams,
        response: { 200: okEnvelope(RequeueEmailResponse), ...errors },
      },
    },
    async (request) => {
      const user = requireAdmin(request);
      return {
        success: true as const,
        data: await requeueEmail({
          ctx,
          input: { id: request.params.id },
          caller: {
            userId: user.id,
            ip: request.ip,
            userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
          },
        }),
      };
    },
  );
}
