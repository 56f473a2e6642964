import {
  AdminApplicationDetail,
  AdminListQuery,
  AdminListResponse,
  ApplicationIdParams,
  AuditEntry,
  DashboardResponse,
  DecisionBody,
  okEnvelope,
  StaffRemoteResponse,
} from '@waypoint/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, ok } from '../../lib/reply';
import { callerOf, staffScope, userOf } from '../../plugins/scopes';
import * as service from './admin.service';
import { adminEmailsRoutes } from './emails.routes';
import { adminRefundsRoutes } from '../refunds/refunds.routes';

const errors = errorResponses(400, 401, 403, 404, 409);

/**
 * Staff only. The scope's hook checks the role once, before a query or body is parsed or validated (401 for
 * nobody, 403 for a traveller); every /api/admin route is registered inside it.
 */
export async function adminRoutes(app: FastifyInstance) {
  staffScope(app);
  const { ctx } = app;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  /** The member of staff the scope let in, and where the request came from. */
  const staff = (request: FastifyRequest) => ({
    ctx,
    staff: userOf(request),
    caller: callerOf(request),
  });

  r.get(
    '/api/admin/remote',
    {
      schema: {
        tags,
        summary:
          "Where the staff area's bundle is deployed (handed only to a signed-in member of staff)",
        response: { 200: okEnvelope(StaffRemoteResponse), ...errors },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok({ entry: app.remotes.current().admin });
    },
  );

  r.get(
    '/api/admin/dashboard',
    {
      schema: {
        tags,
        summary: 'Recent applications, counts by status and amounts paid',
        response: { 200: okEnvelope(DashboardResponse), ...errors },
      },
    },
    async () => ok(await service.dashboard({ ctx })),
  );

  r.get(
    '/api/admin/applications',
    {
      schema: {
        tags,
        summary: 'Applications, filtered and paginated (20 per page)',
        querystring: AdminListQuery,
        response: { 200: okEnvelope(AdminListResponse), ...errors },
      },
    },
    async (request) => {
      const { page, sort, order, ...filters } = request.query;
      return ok(
        await service.listApplications({
          ctx,
          input: { filters, page, sort: { column: sort, order } },
        }),
      );
    },
  );

  r.get(
    '/api/admin/applications/export.csv',
    {
      schema: {
        tags,
        summary: 'Every application matching the filters, as CSV (streamed)',
        querystring: AdminListQuery,
      },
    },
    async (request, reply) => {
      // The export is always newest first (it walks the list with keyset pages).
      const { page: _page, sort: _sort, order: _order, ...filters } = request.query;
      const csv = await service.exportApplications({ ...staff(request), input: { filters } });
      const stamp = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="waypoint-applications-${stamp}.csv"`)
        .send(csv);
    },
  );

  r.get(
    '/api/admin/applications/:id',
    {
      schema: {
        tags,
        summary: 'An application with payment, passport data (audited), documents and history',
        params: ApplicationIdParams,
        response: { 200: okEnvelope(AdminApplicationDetail), ...errors },
      },
    },
    async (request) =>
      ok(await service.applicationForAdmin({ ...staff(request), input: request.params })),
  );

  r.post(
    '/api/admin/applications/:id/status',
    {
      schema: {
        tags,
        summary: 'Move an application along SUBMITTED → UNDER_REVIEW → APPROVED / REJECTED',
        params: ApplicationIdParams,
        body: DecisionBody,
        response: { 200: okEnvelope(AdminApplicationDetail), ...errors },
      },
    },
    async (request) =>
      ok(
        await service.decide({
          ...staff(request),
          input: { id: request.params.id, ...request.body },
        }),
      ),
  );

  r.get(
    '/api/admin/applications/:id/audit',
    {
      schema: {
        tags,
        summary: 'The audit trail of an application',
        params: ApplicationIdParams,
        response: { 200: okEnvelope(z.array(AuditEntry)), ...errors },
      },
    },
    async (request) => ok(await service.auditTrail({ ctx, input: request.params })),
  );

  await app.register(adminEmailsRoutes);
  await app.register(adminRefundsRoutes);
}
