import {
  AdminApplicationDetail,
  AdminListQuery,
  AssignBody,
  AssignResponse,
  BulkAssignBody,
  NoteBody,
  NotesResponse,
  StaffListResponse,
  AdminListResponse,
  ApplicationIdParams,
  AuditEntry,
  DashboardChartsQuery,
  DashboardChartsResponse,
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
import * as work from './staff-work';
import { dashboardCharts } from './dashboard-charts';
import { adminEmailsRoutes } from './emails.routes';
import { adminJobsRoutes } from './jobs.routes';
import { adminRefundsRoutes } from '../refunds/refunds.routes';

const errors = errorResponses(400, 401, 403, 404, 409);

/**
 * Staff only (caseworkers and admins). The scope's hook checks the role once, before a query or body is parsed or
 * validated (401 for nobody, 403 for a traveller); the admins' routes inside it (refunds, failed e-mails) add their
 * own check (403 for a caseworker). The staff accounts' routes (modules/staff) have scopes of their own.
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
    async (request) => ok(await service.dashboard({ ctx, staff: userOf(request) })),
  );

  r.get(
    '/api/admin/dashboard/charts',
    {
      schema: {
        tags,
        summary:
          'Charts for a period of UK days (the last 30 by default): applications received per day by status, the funnel from paid to decided, time to lodging per speed, revenue per day net of refunds',
        querystring: DashboardChartsQuery,
        response: { 200: okEnvelope(DashboardChartsResponse), ...errors },
      },
    },
    async (request) => ok(await dashboardCharts({ ctx, period: request.query })),
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
          input: {
            filters: { ...filters, staffId: userOf(request).id },
            page,
            sort: { column: sort, order },
          },
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
      const csv = await service.exportApplications({
        ...staff(request),
        input: { filters: { ...filters, staffId: userOf(request).id } },
      });
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

  r.get(
    '/api/admin/staff',
    {
      schema: {
        tags,
        summary: 'The staff who can be given work, and which of them is asking',
        response: { 200: okEnvelope(StaffListResponse), ...errors },
      },
    },
    async (request) => ok(await work.staffList({ ctx, staff: userOf(request) })),
  );

  r.put(
    '/api/admin/applications/:id/assignee',
    {
      schema: {
        tags,
        summary:
          'Give an application to a member of staff (yourself included), or to nobody (audited)',
        params: ApplicationIdParams,
        body: AssignBody,
        response: { 200: okEnvelope(AssignResponse), ...errors },
      },
    },
    async (request) =>
      ok(
        await work.assign({
          ...staff(request),
          input: { ids: [request.params.id], assigneeId: request.body.assigneeId, single: true },
        }),
      ),
  );

  r.post(
    '/api/admin/applications/assignee',
    {
      schema: {
        tags,
        summary:
          'Give a selection of applications (at most 100) to a member of staff, or to nobody',
        body: BulkAssignBody,
        response: { 200: okEnvelope(AssignResponse), ...errors },
      },
    },
    async (request) => ok(await work.assign({ ...staff(request), input: request.body })),
  );

  r.post(
    '/api/admin/applications/:id/notes',
    {
      schema: {
        tags,
        summary: 'Add an internal note (staff only; never shown to the traveller)',
        params: ApplicationIdParams,
        body: NoteBody,
        response: { 200: okEnvelope(NotesResponse), ...errors },
      },
    },
    async (request) =>
      ok(
        await work.addNote({
          ...staff(request),
          input: { id: request.params.id, body: request.body.body },
        }),
      ),
  );

  await app.register(adminEmailsRoutes);
  await app.register(adminJobsRoutes);
  await app.register(adminRefundsRoutes);
}
