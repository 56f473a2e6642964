import {
  okEnvelope,
  PaymentConfigResponse,
  SandboxAuthenticateBody,
  SandboxConfirmBody,
  SandboxIntentResponse,
} from '@waypoint/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, ok } from '../../lib/reply';
import { expectCharge, settleSucceededIntent } from '../checkout/payment-completion.service';
import { receiveWebhook } from './payments.service';
import {
  SandboxProvider,
  toIntent,
  toSandboxResponse,
  type SandboxIntentRow,
} from './sandbox-provider';
import { StripeProvider } from './stripe-provider';

export async function paymentsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const provider = app.payments;
  const tags = ['payments'];

  r.get(
    '/api/payments/config',
    {
      schema: {
        tags,
        summary: 'Which card provider the checkout uses',
        response: { 200: okEnvelope(PaymentConfigResponse) },
      },
    },
    async () => ok({ provider: provider.name, publishableKey: provider.publishableKey }),
  );

  if (provider instanceof SandboxProvider) {
    const completeIfPaid = async (row: SandboxIntentRow) => {
      // The sandbox tells the portal at once, as Stripe's webhook would (with the card, for the receipt).
      if (row.status === 'succeeded')
        await settleSucceededIntent({ ctx: app.ctx, provider, input: toIntent(row) });
      return toSandboxResponse(row);
    };
    r.post(
      '/api/payments/sandbox/confirm',
      {
        schema: {
          tags,
          summary: 'Sandbox: confirm a card payment with a test payment method',
          body: SandboxConfirmBody,
          response: { 200: okEnvelope(SandboxIntentResponse), ...errorResponses(404) },
        },
      },
      async (request) => {
        const { paymentIntentId, clientSecret, paymentMethod, billingDetails } = request.body;
        await expectCharge({ ctx: app.ctx, provider: provider.name, paymentIntentId });
        return ok(
          await completeIfPaid(
            await provider.confirm(paymentIntentId, clientSecret, paymentMethod, billingDetails),
          ),
        );
      },
    );
    r.post(
      '/api/payments/sandbox/authenticate',
      {
        schema: {
          tags,
          summary: "Sandbox: the 3-D Secure page's Complete or Fail",
          body: SandboxAuthenticateBody,
          response: { 200: okEnvelope(SandboxIntentResponse), ...errorResponses(404) },
        },
      },
      async (request) => {
        const { paymentIntentId, clientSecret, outcome } = request.body;
        await expectCharge({ ctx: app.ctx, provider: provider.name, paymentIntentId });
        return ok(
          await completeIfPaid(await provider.authenticate(paymentIntentId, clientSecret, outcome)),
        );
      },
    );
  }

  if (provider instanceof StripeProvider) {
    // The webhook is verified over the exact bytes Stripe signed, so this scope keeps the raw body.
    await app.register(async (scope) => {
      scope.removeContentTypeParser('application/json');
      scope.addContentTypeParser(
        'application/json',
        { parseAs: 'buffer', bodyLimit: 1024 * 1024 },
        (_req, raw, done) => done(null, raw),
      );
      scope.withTypeProvider<ZodTypeProvider>().post(
        '/api/payments/webhook',
        {
          schema: {
            tags,
            summary:
              'Stripe webhook (payment_intent.*, refund.*, charge.refunded), verified with the signing secret',
            response: {
              200: okEnvelope(z.object({ received: z.literal(true) })),
              ...errorResponses(400),
            },
          },
        },
        async (request) => {
          // Each event is applied once, however often Stripe delivers it.
          await receiveWebhook({
            ctx: app.ctx,
            provider,
            input: { body: request.body, signature: request.headers['stripe-signature'] },
          });
          return ok({ received: true as const });
        },
      );
    });
  }
}
