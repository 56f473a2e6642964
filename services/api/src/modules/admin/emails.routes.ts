import {
  EmailIdParams,
  FailedEmailsResponse,
  okEnvelope,
  RequeueEmailResponse,
} from '@waypoint/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, ok } from '../../lib/reply';
import { adminOnly, callerOf, userOf } from '../../plugins/scopes';
import { listFailedEmails, requeueEmail } from '../notifications/failed-emails.service';

const errors = errorResponses(401, 403, 404);

/** E-mails that failed every retry, and sending one again (registered inside the staff scope; admins only). */
export async function adminEmailsRoutes(app: FastifyInstance) {
  adminOnly(app);
  const { ctx } = app;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];

  r.get(
    '/api/admin/emails',
    {
      schema: {
        tags,
        summary: 'E-mails that failed every retry (newest first, up to 100)',
        response: { 200: okEnvelope(FailedEmailsResponse), ...errors },
      },
    },
    async () => ok(await listFailedEmails({ ctx })),
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
    async (request) =>
      ok(
        await requeueEmail({
          ctx,
          input: request.params,
          staff: userOf(request),
          caller: callerOf(request),
        }),
      ),
  );
}
