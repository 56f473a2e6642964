import {
  ApplicationIdParams,
  IdParams,
  okEnvelope,
  ZAdminSupportConversationSchema,
  ZAdminSupportListQuerySchema,
  ZAdminSupportListResponseSchema,
  ZCreateSupportConversationRequestSchema,
  ZCreateSupportConversationResponseSchema,
  ZSupportConversationListResponseSchema,
  ZSupportConversationSchema,
  ZSupportReplyRequestSchema,
} from '@waypoint/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, ok } from '../../lib/reply';
import { applicationScope, callerOf, staffScope, userOf, userScope } from '../../plugins/scopes';
import { requireUser } from '../../plugins/session';
import {
  closeConversation,
  orderConversationsForStaff,
  replyToTraveller,
  supportConversationForStaff,
  supportInbox,
} from './support-inbox.service';
import {
  orderConversations,
  startConversation,
  travellerConversation,
  travellerConversations,
  travellerReply,
} from './support.service';

const tags = ['support'];

/**
 * Support conversations: a traveller (signed in, or a guest naming one of their orders) writes to staff and reads
 * the answers; staff answer from the Support inbox. Each group's scope settles who may ask before the request is
 * read: 401 → 404 (another traveller's conversation) → 400.
 */
export async function supportRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/support/conversations',
    {
      schema: {
        tags,
        summary:
          'Write to staff: signed in (about one of your orders, or a general question) or as a guest naming an order by its number and e-mail (rate-limited per address)',
        body: ZCreateSupportConversationRequestSchema,
        response: {
          200: okEnvelope(ZCreateSupportConversationResponseSchema),
          ...errorResponses(400, 403, 404, 429),
        },
      },
    },
    async (request) =>
      ok(
        await startConversation({
          ctx,
          input: request.body,
          // A member of staff still owes their second factor (403) before acting as anyone.
          user: request.user ? requireUser(request) : null,
          caller: callerOf(request),
        }),
      ),
  );

  await app.register(async (signedIn) => {
    userScope(signedIn);
    const s = signedIn.withTypeProvider<ZodTypeProvider>();
    const errors = errorResponses(400, 401, 403, 404, 429);

    s.get(
      '/api/support/conversations',
      {
        schema: {
          tags,
          summary:
            'Your conversations with staff, and those about your orders (newest activity first)',
          response: { 200: okEnvelope(ZSupportConversationListResponseSchema), ...errors },
        },
      },
      async (request) =>
        ok({ items: await travellerConversations({ ctx, user: userOf(request) }) }),
    );

    s.get(
      '/api/support/conversations/:id',
      {
        schema: {
          tags,
          summary: 'A conversation with its messages (yours only)',
          params: IdParams,
          response: { 200: okEnvelope(ZSupportConversationSchema), ...errors },
        },
      },
      async (request) =>
        ok(await travellerConversation({ ctx, input: request.params, user: userOf(request) })),
    );

    s.post(
      '/api/support/conversations/:id/messages',
      {
        schema: {
          tags,
          summary: 'Write again in a conversation (an answered or closed one opens again)',
          params: IdParams,
          body: ZSupportReplyRequestSchema,
          response: { 200: okEnvelope(ZSupportConversationSchema), ...errors },
        },
      },
      async (request) =>
        ok(
          await travellerReply({
            ctx,
            input: { id: request.params.id, message: request.body.message },
            user: userOf(request),
            caller: callerOf(request),
          }),
        ),
    );
  });

  await app.register(async (owned) => {
    applicationScope(owned);
    owned.withTypeProvider<ZodTypeProvider>().get(
      '/api/application/:id/support',
      {
        schema: {
          tags,
          summary: "The conversations about an order (its owner's)",
          params: ApplicationIdParams,
          response: {
            200: okEnvelope(ZSupportConversationListResponseSchema),
            ...errorResponses(400, 401, 403, 404),
          },
        },
      },
      async (request) =>
        ok({
          items: await orderConversations({ ctx, input: { applicationId: request.params.id } }),
        }),
    );
  });

  await app.register(adminSupportRoutes);
}

/** The Support inbox: staff of either role read, answer and close conversations. */
async function adminSupportRoutes(app: FastifyInstance) {
  staffScope(app);
  const { ctx } = app;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = errorResponses(400, 401, 403, 404);
  const staffTags = ['admin'];

  r.get(
    '/api/admin/support',
    {
      schema: {
        tags: staffTags,
        summary:
          'The Support inbox: conversations newest activity first, of one status or all (25 per page), with the count of each status',
        querystring: ZAdminSupportListQuerySchema,
        response: { 200: okEnvelope(ZAdminSupportListResponseSchema), ...errors },
      },
    },
    async (request) => ok(await supportInbox({ ctx, input: request.query })),
  );

  r.get(
    '/api/admin/support/:id',
    {
      schema: {
        tags: staffTags,
        summary: 'A conversation with its messages (the reading is audited)',
        params: IdParams,
        response: { 200: okEnvelope(ZAdminSupportConversationSchema), ...errors },
      },
    },
    async (request) =>
      ok(
        await supportConversationForStaff({
          ctx,
          input: request.params,
          staff: userOf(request),
          caller: callerOf(request),
        }),
      ),
  );

  r.post(
    '/api/admin/support/:id/replies',
    {
      schema: {
        tags: staffTags,
        summary: 'Answer the traveller (the conversation becomes answered; the answer is e-mailed)',
        params: IdParams,
        body: ZSupportReplyRequestSchema,
        response: { 200: okEnvelope(ZAdminSupportConversationSchema), ...errors },
      },
    },
    async (request) =>
      ok(
        await replyToTraveller({
          ctx,
          input: { id: request.params.id, message: request.body.message },
          staff: userOf(request),
          caller: callerOf(request),
        }),
      ),
  );

  r.post(
    '/api/admin/support/:id/close',
    {
      schema: {
        tags: staffTags,
        summary: 'Close a conversation (the traveller can still write, which opens it again)',
        params: IdParams,
        response: { 200: okEnvelope(ZAdminSupportConversationSchema), ...errors },
      },
    },
    async (request) =>
      ok(
        await closeConversation({
          ctx,
          input: request.params,
          staff: userOf(request),
          caller: callerOf(request),
        }),
      ),
  );

  r.get(
    '/api/admin/applications/:id/support',
    {
      schema: {
        tags: staffTags,
        summary: 'The conversations about an application, for its detail page',
        params: ApplicationIdParams,
        response: { 200: okEnvelope(ZSupportConversationListResponseSchema), ...errors },
      },
    },
    async (request) =>
      ok({
        items: await orderConversationsForStaff({
          ctx,
          input: { applicationId: request.params.id },
        }),
      }),
  );
}
