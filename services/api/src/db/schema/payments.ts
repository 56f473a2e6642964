import {
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { applications } from './applications';
import { sql } from 'drizzle-orm';
import { createdAt, tstz, updatedAt } from './common';

export const paymentProviderEnum = pgEnum('payment_provider', ['sandbox', 'stripe']);
export const paymentStatusEnum = pgEnum('payment_status', [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'succeeded',
  'canceled',
  'failed',
]);

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'restrict' }),
    provider: paymentProviderEnum('provider').notNull(),
    providerPaymentId: text('provider_payment_id').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    status: paymentStatusEnum('status').notNull(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    succeededAt: tstz('succeeded_at'),
    /**
     * The intent's status as the provider last reported it (browser confirm, webhook or reconciliation). A
     * 'succeeded' here on an unpaid order means the card was charged and the order still has to be completed.
     */
    providerStatus: text('provider_status'),
    /** When reconciliation next asks the provider about this unsettled payment (null: its grace after creation). */
    nextCheckAt: tstz('next_check_at'),
    /** How many times reconciliation has asked, for its backoff. */
    checks: integer('checks').notNull().default(0),
    /** The card that paid, as the provider reported it when the payment succeeded (for the receipt). */
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
  },
  (t) => [
    index('payments_unsettled_idx')
      .on(t.nextCheckAt, t.createdAt)
      .where(sql`${t.status} not in ('succeeded', 'canceled')`),
    uniqueIndex('payments_provider_payment_idx').on(t.provider, t.providerPaymentId),
    uniqueIndex('payments_idempotency_idx').on(t.idempotencyKey),
    index('payments_application_idx').on(t.applicationId),
    index('payments_succeeded_idx').on(t.succeededAt),
    // The dashboard's revenue per day, read from the index alone.
    index('payments_revenue_idx')
      .on(t.succeededAt, t.amountCents)
      .where(sql`${t.status} = 'succeeded'`),
  ],
);

/** Webhook events already handled, so a redelivered event is applied once. */
export const paymentEvents = pgTable('payment_events', {
  eventId: text('event_id').primaryKey(),
  provider: paymentProviderEnum('provider').notNull(),
  type: text('type').notNull(),
  payload: jsonb('payload').notNull(),
  receivedAt: createdAt(),
});

/**
 * The sandbox payment provider's own records: it behaves like an external provider (Stripe's test mode),
 * so its intents live apart from the portal's payments.
 */
export const sandboxIntents = pgTable('sandbox_payment_intents', {
  id: text('id').primaryKey(),
  clientSecret: text('client_secret').notNull(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  status: text('status').notNull(),
  paymentMethod: text('payment_method'),
  /** The billing details the confirmation carried (name and address), reported with the card as Stripe does. */
  billingDetails: jsonb('billing_details'),
  lastError: text('last_error'),
  metadata: jsonb('metadata').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
