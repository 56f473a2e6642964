import {
  AdminApplicationDetail,
  AdminListQuery,
  AdminListResponse,
  ApplicationIdParams,
  AuditEntry,
  DashboardResponse,
  DecisionBody,
  ErrorEnvelope,
  okEnvelope,
} from '@waypoint/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '../../plugins/session';
import * as service from './admin.service';

const errors = {
  400: ErrorEnvelope,
  401: ErrorEnvelope,
  403: ErrorEnvelope,
  404: ErrorEnvelope,
  409: ErrorEnvelope,
};

/** Staff only: every route checks the role on the server (401 for nobody, 403 for a traveller). */
export async function adminRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  const admin = (request: FastifyRequest): service.Admin => ({
    user: requireAdmin(request),
    ip: request.ip,
    userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
  });
  // Staff only, settled before a query or body is parsed or validated: 401 for nobody, 403 for a traveller.
  app.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    requireAdmin(request);
  });

  r.get(
    '/api/admin/dashboard',
    {
      schema: {
        tags,
        summary: 'Recent applications, counts by status and amounts paid',
        response: { 200: okEnvelope(DashboardResponse), ...errors },
      },
    },
    async (request) => {
      admin(request);
      return { success: true as const, data: await service.dashboard(ctx) };
    },
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
      admin(request);
      const { page, sort, order, ...filters } = request.query;
      return {
        success: true as const,
        data: await service.listApplications(ctx, filters, page, { column: sort, order }),
      };
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
      const who = admin(request);
      // The export is always newest first (it walks the list with keyset pages).
      const { page: _page, sort: _sort, order: _order, ...filters } = request.query;
      await service.audit(ctx, who, 'applications.exported', null, { filters });
      const stamp = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="waypoint-applications-${stamp}.csv"`)
        .send(service.exportCsv(ctx, filters));
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
    async (request) => ({
      success: true as const,
      data: await service.applicationForAdmin(ctx, admin(request), request.params.id),
    }),
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
    async (request) => ({
      success: true as const,
      data: await service.decide(ctx, admin(request), request.params.id, request.body),
    }),
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
    async (request) => {
      admin(request);
      return { success: true as const, data: await service.auditTrail(ctx, request.params.id) };
    },
  );
}
