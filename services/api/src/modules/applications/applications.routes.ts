import {
  DraftData,
  MyApplicationsResponse,
  MyDraftResponse,
  okEnvelope,
  SaveDraftResponse,
  SessionDataResponse,
} from '@waypoint/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, ok } from '../../lib/reply';
import { draftOwners } from '../../plugins/guest-session';
import { userOf, userScope } from '../../plugins/scopes';
import { loadDraft, myDraftSummary, saveDraft } from './drafts.service';
import { listMyApplications } from './my-orders.service';

const errors = errorResponses(400, 401, 404, 409, 429);

/** The wizard's unfinished application, and a signed-in traveller's orders. */
export async function applicationsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['applications'];

  r.post(
    '/api/applications/save',
    {
      schema: {
        tags,
        summary: 'Save the unfinished application of this browser or user',
        body: DraftData,
        response: { 200: okEnvelope(SaveDraftResponse), ...errors },
      },
    },
    async (request, reply) => {
      const owner = draftOwners(request, reply, true)[0]!;
      return ok(await saveDraft({ ctx, input: { owner, data: request.body } }));
    },
  );

  r.get(
    '/api/applications/session-data',
    {
      schema: {
        tags,
        summary: 'The saved unfinished application of this browser or user',
        response: { 200: okEnvelope(SessionDataResponse) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await loadDraft({ ctx, input: { owners: draftOwners(request, reply, false) } }));
    },
  );

  // A signed-in traveller's own orders: refused with 401 before anything else is looked at.
  await app.register(async (signedIn) => {
    userScope(signedIn);
    const r = signedIn.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/api/applications/my-applications',
      {
        schema: {
          tags,
          summary: "The signed-in traveller's orders",
          response: { 200: okEnvelope(MyApplicationsResponse), ...errorResponses(401) },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return ok(await listMyApplications({ ctx, input: { userId: userOf(request).id } }));
      },
    );

    r.get(
      '/api/applications/my-draft',
      {
        schema: {
          tags,
          summary: "The signed-in traveller's saved, unpaid application (summary for My orders)",
          response: { 200: okEnvelope(MyDraftResponse), ...errorResponses(401) },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return ok({ draft: await myDraftSummary({ ctx, input: { userId: userOf(request).id } }) });
      },
    );
  });
}
