import { ApplicationIdParams, okEnvelope, RefundBody, RefundResponse } from '@waypoint/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, ok } from '../../lib/reply';
import { adminOnly, callerOf, userOf } from '../../plugins/scopes';
import { refundOrder } from './refunds.service';

const errors = errorResponses(400, 401, 403, 404, 409, 502);

/**
 * Admins refund an order through the payment provider (registered inside the staff scope; a caseworker is refused
 * with 403, though the application's detail shows its refunds to every member of staff).
 */
export async function adminRefundsRoutes(app: FastifyInstance) {
  adminOnly(app);
  const { ctx } = app;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/admin/applications/:id/refunds',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Refund an order in full or its service fee only (the same idempotency key returns the same refund)',
        params: ApplicationIdParams,
        body: RefundBody,
        response: { 200: okEnvelope(RefundResponse), ...errors },
      },
    },
    async (request) => {
      const made = await refundOrder({
        ctx,
        input: { id: request.params.id, ...request.body },
        staff: userOf(request),
        caller: callerOf(request),
        provider: app.payments,
      });
      return ok(made);
    },
  );
}
