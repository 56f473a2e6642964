import {
  ApplicationIdParams,
  CheckoutOrderResponse,
  ConfirmPaymentBody,
  ConfirmPaymentResponse,
  CreatePaymentIntentBody,
  CreatePaymentIntentResponse,
  okEnvelope,
  precheckMessage,
} from '@waypoint/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, ok } from '../../lib/reply';
import { draftOwners, guestSessionHash } from '../../plugins/guest-session';
import { callerOf, userOf, userScope } from '../../plugins/scopes';
import { startSession } from '../../plugins/session';
import { clearDrafts } from '../applications/drafts.service';
import { toUser } from '../auth/profile.service';
import { confirmPayment, createOrder, resumeCheckout } from './orders.service';

const errors = errorResponses(400, 401, 404, 409, 429);

/** The checkout: placing the order with its payment, confirming the payment, and resuming an unpaid order. */
export async function checkoutRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx, config } = app;
  const provider = app.payments;
  const tags = ['applications'];

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
      const order = await createOrder({
        ctx,
        input: request.body,
        provider,
        user: request.user,
        guestHash: guestSessionHash(config, request, reply, true),
        caller: callerOf(request),
      });
      return ok({
        clientSecret: order.clientSecret,
        paymentIntentId: order.payment.providerPaymentId,
        applicationId: order.application.id,
        reference: order.application.reference,
        provider: provider.name,
        publishableKey: provider.publishableKey,
        price: order.price,
      });
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
      const confirmed = await confirmPayment({
        ctx,
        input: request.body,
        provider,
        user: request.user,
        guestHash: guestSessionHash(config, request, reply, false),
      });
      if (confirmed.signIn) await startSession(request, reply, confirmed.signIn);
      await clearDrafts({ ctx, input: { owners: draftOwners(request, reply, false) } });
      const user = confirmed.viewer ?? confirmed.signIn;
      return ok({
        application: confirmed.application,
        user: user ? await toUser({ ctx, input: { user, session: request.session } }) : null,
        signInLinkSent: confirmed.signInLinkSent,
      });
    },
  );

  // Resuming an unpaid order is for its signed-in owner: refused with 401 before anything else is looked at.
  await app.register(async (signedIn) => {
    userScope(signedIn);
    signedIn.withTypeProvider<ZodTypeProvider>().get(
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
        return ok(
          await resumeCheckout({
            ctx,
            input: { applicationId: request.params.id },
            provider,
            user: userOf(request),
          }),
        );
      },
    );
  });
}
