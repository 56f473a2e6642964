import crypto from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import {
  PaymentText,
  type BillingDetails,
  type IntentStatus,
  type SandboxIntentResponse,
  type SandboxPaymentMethod,
} from '@waypoint/contracts';
import type { Db } from '../../db/client';
import { sandboxIntents, sandboxRefunds } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import type { PaidCard, PaymentProvider, ProviderIntent, ProviderRefund } from './provider';
import { safeEqual } from '../auth/tokens';

/** A sandbox payment intent as stored. */
export type SandboxIntentRow = typeof sandboxIntents.$inferSelect;
type Row = SandboxIntentRow;
type RefundRow = typeof sandboxRefunds.$inferSelect;

// Receipts
/** The test cards that can pay, as Stripe's test mode reports them. */
const CARDS: Partial<Record<string, PaidCard>> = {
  pm_card_visa: { brand: 'visa', last4: '4242' },
  pm_card_authenticationRequired: { brand: 'visa', last4: '3155' },
};

/** The billing address the confirmation carried, as the card reports it (Stripe's `billing_details`). */
function billingOf(row: Row): PaidCard['billing'] {
  const details = row.billingDetails as BillingDetails | null;
  if (!details) return null;
  return {
    name: details.name,
    line1: details.address.line1,
    city: details.address.city,
    postalCode: ('postal_code' in details.address ? details.address.postal_code : null) ?? null,
    country: details.address.country,
  };
}

/** The intent as the provider reports it: with the card that paid, once it succeeded. */
export function toIntent(row: Row): ProviderIntent {
  const card =
    row.status === 'succeeded' && row.paymentMethod ? (CARDS[row.paymentMethod] ?? null) : null;
  return {
    id: row.id,
    clientSecret: row.clientSecret,
    status: row.status as IntentStatus,
    amount: row.amount,
    currency: row.currency,
    card: card ? { ...card, billing: billingOf(row) } : null,
  };
}

export const toSandboxResponse = (row: Row): SandboxIntentResponse => ({
  id: row.id,
  status: row.status as IntentStatus,
  amount: row.amount,
  currency: row.currency,
  lastError: row.lastError,
  nextAction: row.status === 'requires_action' ? { type: 'three_d_secure' } : null,
});

const toRefund = (row: RefundRow): ProviderRefund => ({
  id: row.id,
  paymentIntentId: row.paymentIntentId,
  status: row.status as ProviderRefund['status'],
  amount: row.amount,
  currency: row.currency,
  failureReason: row.failureReason,
  metadata: row.metadata as Record<string, string>,
});

/** What each test card does, as in Stripe's test mode. */
const OUTCOMES: Record<SandboxPaymentMethod, { status: IntentStatus; error: string | null }> = {
  pm_card_visa: { status: 'succeeded', error: null },
  pm_card_visa_chargeDeclined: { status: 'requires_payment_method', error: PaymentText.declined },
  pm_card_visa_chargeDeclinedInsufficientFunds: {
    status: 'requires_payment_method',
    error: PaymentText.insufficientFunds,
  },
  pm_card_authenticationRequired: { status: 'requires_action', error: null },
};

/**
 * The default provider: no network, no real money. Intents are kept in the sandbox's own table; the browser
 * confirms them with test payment-method tokens through /api/payments/sandbox/*.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;
  readonly publishableKey = null;

  constructor(private readonly db: Db) {}

  async createIntent(
    input: Parameters<PaymentProvider['createIntent']>[0],
  ): Promise<ProviderIntent> {
    const id = `pi_sbx_${crypto.randomBytes(12).toString('hex')}`;
    const inserted = await this.db
      .insert(sandboxIntents)
      .values({
        id,
        clientSecret: `${id}_secret_${crypto.randomBytes(16).toString('hex')}`,
        idempotencyKey: input.idempotencyKey,
        amount: input.amount,
        currency: input.currency,
        status: 'requires_payment_method',
        metadata: input.metadata,
      })
      .onConflictDoNothing({ target: sandboxIntents.idempotencyKey })
      .returning();
    const row =
      inserted[0] ??
      (
        await this.db
          .select()
          .from(sandboxIntents)
          .where(eq(sandboxIntents.idempotencyKey, input.idempotencyKey))
      )[0];
    return toIntent(row!);
  }

  async retrieveIntent(id: string): Promise<ProviderIntent | null> {
    const row = (await this.db.select().from(sandboxIntents).where(eq(sandboxIntents.id, id)))[0];
    return row ? toIntent(row) : null;
  }

  async cancelIntent(id: string): Promise<ProviderIntent | null> {
    await this.db
      .update(sandboxIntents)
      .set({ status: 'canceled', updatedAt: sql`now()` })
      .where(and(eq(sandboxIntents.id, id), ne(sandboxIntents.status, 'succeeded')));
    return this.retrieveIntent(id);
  }

  // Refunds

  /**
   * Refunds a succeeded intent as Stripe's test mode does: at once, once per idempotency key, and never more than
   * is left of the intent (such a refund is kept as failed, with Stripe's reason).
   */
  async createRefund(
    input: Parameters<PaymentProvider['createRefund']>[0],
  ): Promise<ProviderRefund> {
    const known = await this.refundByKey(input.idempotencyKey);
    if (known) return toRefund(known);
    const intent = (
      await this.db
        .select()
        .from(sandboxIntents)
        .where(eq(sandboxIntents.id, input.paymentIntentId))
    )[0];
    const [refunded] = await this.db
      .select({ total: sql<string>`coalesce(sum(${sandboxRefunds.amount}), 0)` })
      .from(sandboxRefunds)
      .where(
        and(
          eq(sandboxRefunds.paymentIntentId, input.paymentIntentId),
          ne(sandboxRefunds.status, 'failed'),
        ),
      );
    const failure = !intent
      ? 'No such payment_intent'
      : intent.status !== 'succeeded'
        ? 'This PaymentIntent does not have a successful charge to refund.'
        : input.amount > intent.amount - Number(refunded?.total ?? 0)
          ? 'The refund amount is greater than the unrefunded amount of the charge.'
          : null;
    await this.db
      .insert(sandboxRefunds)
      .values({
        id: `re_sbx_${crypto.randomBytes(12).toString('hex')}`,
        paymentIntentId: input.paymentIntentId,
        idempotencyKey: input.idempotencyKey,
        amount: input.amount,
        currency: intent?.currency ?? input.currency,
        status: failure ? 'failed' : 'succeeded',
        failureReason: failure,
        metadata: input.metadata,
      })
      .onConflictDoNothing({ target: sandboxRefunds.idempotencyKey });
    return toRefund((await this.refundByKey(input.idempotencyKey))!);
  }

  private async refundByKey(key: string): Promise<RefundRow | undefined> {
    return (
      await this.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.idempotencyKey, key))
    )[0];
  }

  private async authorised(id: string, clientSecret: string): Promise<Row> {
    const row = (await this.db.select().from(sandboxIntents).where(eq(sandboxIntents.id, id)))[0];
    if (!row || !safeEqual(row.clientSecret, clientSecret)) throw notFound('payment.notFound');
    return row;
  }

  private async update(
    id: string,
    status: IntentStatus,
    error: string | null,
    method?: string,
    billing?: BillingDetails,
  ) {
    const [row] = await this.db
      .update(sandboxIntents)
      .set({
        status,
        lastError: error,
        ...(method ? { paymentMethod: method } : {}),
        ...(billing ? { billingDetails: billing } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(sandboxIntents.id, id))
      .returning();
    return row!;
  }

  /**
   * confirmCardPayment: applies the test card's outcome and keeps the billing details it carried (the card
   * reports them, as Stripe's charge does). A succeeded intent stays succeeded.
   */
  async confirm(
    id: string,
    clientSecret: string,
    method: SandboxPaymentMethod,
    billing?: BillingDetails,
  ): Promise<Row> {
    const row = await this.authorised(id, clientSecret);
    if (row.status === 'succeeded') return row;
    if (row.status === 'canceled') throw badRequest('payment.cancelled');
    const outcome = OUTCOMES[method];
    return this.update(id, outcome.status, outcome.error, method, billing);
  }

  /** The 3-D Secure page's Complete and Fail buttons. */
  async authenticate(id: string, clientSecret: string, outcome: 'complete' | 'fail'): Promise<Row> {
    const row = await this.authorised(id, clientSecret);
    if (row.status !== 'requires_action') return row;
    return outcome === 'complete'
      ? this.update(id, 'succeeded', null)
      : this.update(id, 'requires_payment_method', PaymentText.authenticationFailed);
  }
}
