import {
  DraftReturnBody,
  DraftReturnLinkBody,
  DraftReturnLinkResponse,
  DraftReturnResponse,
  okEnvelope,
} from '@waypoint/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, ok } from '../../lib/reply';
import { draftOwners, guestSessionHash } from '../../plugins/guest-session';
import { callerOf } from '../../plugins/scopes';
import { claimReturnLink, requestReturnLink } from './draft-return.service';

/** Save and come back later: a link that brings the saved application to another browser. */
export async function draftReturnRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['applications'];

  r.post(
    '/api/drafts/return-link',
    {
      schema: {
        tags,
        summary:
          'E-mail a single-use link to the saved application of this browser or user (7 days)',
        body: DraftReturnLinkBody,
        response: { 200: okEnvelope(DraftReturnLinkResponse), ...errorResponses(400, 404, 429) },
      },
    },
    async (request, reply) =>
      ok(
        await requestReturnLink({
          ctx,
          input: { owners: draftOwners(request, reply, false), email: request.body.email },
          caller: callerOf(request),
        }),
      ),
  );

  r.post(
    '/api/drafts/return',
    {
      schema: {
        tags,
        summary:
          "Follow a return link: the saved application becomes this browser's (and the account's)",
        body: DraftReturnBody,
        response: {
          200: okEnvelope(DraftReturnResponse),
          ...errorResponses(400, 404, 410, 429),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(
        await claimReturnLink({
          ctx,
          input: {
            token: request.body.token,
            sessionHash: guestSessionHash(request.server.config, request, reply, true),
            userId: request.user?.id ?? null,
          },
          caller: callerOf(request),
        }),
      );
    },
  );
}
