import type { FastifyInstance } from 'fastify';
import type { PaymentProvider } from './provider';
import { SandboxProvider } from './sandbox-provider';
import { StripeProvider } from './stripe-provider';

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentProvider;
  }
}

/** The card provider of this configuration: Stripe, or the sandbox (no network, no real money). */
export function createProvider(app: FastifyInstance): PaymentProvider {
  const p = app.config.payments;
  return p.provider === 'stripe'
    ? new StripeProvider(p.secretKey, p.publishableKey, p.webhookSecret, p.apiBase)
    : new SandboxProvider(app.ctx.db);
}
