import {
  ApplicationIdParams,
  CheckoutOrderResponse,
  ConfirmPaymentBody,
  ConfirmPaymentResponse,
  CreatePaymentIntentBody,
  CreatePaymentIntentResponse,
  DraftData,
  ErrorEnvelope,
  MyApplicationsResponse,
  MyDraftResponse,
  okEnvelope,
  precheckMessage,
  SaveDraftResponse,
  SessionDataResponse,
} from '@waypoint/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors';
import { guestSessionHash } from '../../plugins/guest-session';
import { requireUser, startSession } from '../../plugins/session';
import { toUser } from '../auth/auth.service';
import { settleSucceededIntent } from '../payments/payments.service';
import { checkoutOrder, createOrder, paidSummary } from './checkout.service';
import {
  clearDrafts,
  loadDraft,
  myDraftSummary,
  saveDraft,
  type DraftOwner,
} from './drafts.service';
import { listMyApplications } from './orders.service';

const errors = {
  400: ErrorEnvelope,
  401: ErrorEnvelope,
  404: ErrorEnvelope,
  409: ErrorEnvelope,
  429: ErrorEnvelope,
};

export async function applicationsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx, config } = app;
  const tags = ['applications'];

  /** Whose draft: the signed-in user's, else this browser's guest session. */
  const owners = (request: FastifyRequest, reply: FastifyReply, create: boolean): DraftOwner[] => {
    const list: DraftOwner[] = [];
    if (request.user) list.push({ userId: request.user.id });
    const hash =
      create && !request.user
        ? guestSessionHash(config, request, reply, true)
        : guestSessionHash(config, request, reply, false);
    if (hash) list.push({ sessionHash: hash });
    return list;
  };

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
      const owner = owners(request, reply, true)[0]!;
      return { success: true as const, data: await saveDraft({ ctx, owner, data: request.body }) };
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
      return {
        success: true as const,
        data: await loadDraft({ ctx, owners: owners(request, reply, false) }),
      };
    },
  );

  r.post(
    '/api/applications/create-payment-intent',
    {
      schema: {
        tags,
        summary:
          'Check the whole order, create it (status DRAFT) and its payment; idempotent per key',
        body: CreatePaymentIntentBody,
        response: { 200: okEnvelope(CreatePaymentIntentResponse), ...errors },
      },
      config: { validationSummary: precheckMessage },
    },
    async (request, reply) => {
      const guestHash = guestSessionHash(config, request, reply, true);
      const order = await createOrder({
        ctx,
        provider: app.payments,
        input: request.body,
        user: request.user,
        guestHash,
        ip: request.ip,
      });
      return {
        success: true as const,
        data: {
          clientSecret: order.clientSecret,
          paymentIntentId: order.payment.providerPaymentId,
          applicationId: order.application.id,
          reference: order.application.reference,
          provider: app.payments.name,
          publishableKey: app.payments.publishableKey,
          price: order.price,
        },
      };
    },
  );

  r.post(
    '/api/applications/confirm-payment',
    {
      schema: {
        tags,
        summary: 'After the card payment: verify it with the provider and complete the order',
        body: ConfirmPaymentBody,
        response: { 200: okEnvelope(ConfirmPaymentResponse), ...errors },
      },
    },
    async (request, reply) => {
      const intent = await app.payments.retrieveIntent(request.body.paymentIntentId);
      if (!intent) throw notFound('No such payment');
      const done = await settleSucceededIntent({ ctx, provider: app.payments, input: intent });
      const guestHash = guestSessionHash(config, request, reply, false);
      let user = request.user && request.user.id === done.user.id ? request.user : null;
      // Only the browser that placed the order, and only into the account that paying created, is signed in.
      if (
        !user &&
        done.application.createdUser &&
        guestHash &&
        done.application.guestSessionHash === guestHash &&
        !done.user.passwordHash
      ) {
        await startSession(ctx.db, config, request, reply, done.user);
        user = done.user;
      }
      await clearDrafts(ctx, owners(request, reply, false));
      return {
        success: true as const,
        data: {
          application: await paidSummary(ctx, done.application.id),
          user: user ? await toUser(ctx, user, request.session) : null,
          signInLinkSent: done.signInLinkSent,
        },
      };
    },
  );

  // A signed-in traveller's own orders: refused with 401 before anything else is looked at.
  await app.register(async (signedIn) => {
    signedIn.addHook('onRequest', async (request) => {
      requireUser(request);
    });
    const r = signedIn.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/api/applications/my-applications',
      {
        schema: {
          tags,
          summary: "The signed-in traveller's orders",
          response: { 200: okEnvelope(MyApplicationsResponse), 401: ErrorEnvelope },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const user = requireUser(request);
        return { success: true as const, data: await listMyApplications({ ctx, userId: user.id }) };
      },
    );

    r.get(
      '/api/applications/my-draft',
      {
        schema: {
          tags,
          summary: "The signed-in traveller's saved, unpaid application (summary for My orders)",
          response: { 200: okEnvelope(MyDraftResponse), 401: ErrorEnvelope },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const user = requireUser(request);
        return {
          success: true as const,
          data: { draft: await myDraftSummary({ ctx, userId: user.id }) },
        };
      },
    );

    r.get(
      '/api/applications/:id/checkout',
      {
        schema: {
          tags,
          summary: 'Reopen an unpaid order at checkout (owner only)',
          params: ApplicationIdParams,
          response: { 200: okEnvelope(CheckoutOrderResponse), ...errors },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return {
          success: true as const,
          data: await checkoutOrder(ctx, app.payments, requireUser(request), request.params.id),
        };
      },
    );
  });
}
