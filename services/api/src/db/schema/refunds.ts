import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { applicationStatusEnum, applications } from './applications';
import { createdAt, tstz, updatedAt } from './common';
import { payments } from './payments';
import { users } from './users';

export const refundKindEnum = pgEnum('refund_kind', ['full', 'service_fee']);
export const refundStatusEnum = pgEnum('refund_status', ['pending', 'succeeded', 'failed']);

/**
 * Money given back on an order's payment. A refund is recorded (pending) while its payment row is locked, before
 * the provider is asked, so the refunds of a payment that are not failed never add up to more than it.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'restrict' }),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    kind: refundKindEnum('kind').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    /** The provider's id of the refund, once it answered. */
    providerRefundId: text('provider_refund_id'),
    status: refundStatusEnum('status').notNull().default('pending'),
    failureReason: text('failure_reason'),
    /** The admin page's key for one confirmation: the same key returns the same refund. */
    idempotencyKey: text('idempotency_key').notNull(),
    staffUserId: uuid('staff_user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    /** A refund in full closes the order: the status it had, to which it returns if the provider refuses. */
    orderStatusBefore: applicationStatusEnum('order_status_before'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    settledAt: tstz('settled_at'),
  },
  (t) => [
    uniqueIndex('refunds_idempotency_idx').on(t.applicationId, t.idempotencyKey),
    uniqueIndex('refunds_provider_refund_idx')
      .on(t.providerRefundId)
      .where(sql`${t.providerRefundId} is not null`),
    index('refunds_application_idx').on(t.applicationId, t.createdAt),
    index('refunds_payment_idx').on(t.paymentId),
    // The dashboard's refunds per day, by when the provider settled them, read from the index alone.
    index('refunds_settled_idx')
      .on(t.settledAt, t.amountCents)
      .where(sql`${t.status} = 'succeeded'`),
    check('refunds_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/** The sandbox provider's own refunds, as Stripe's test mode keeps them. */
export const sandboxRefunds = pgTable('sandbox_refunds', {
  id: text('id').primaryKey(),
  paymentIntentId: text('payment_intent_id').notNull(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  status: text('status').notNull(),
  failureReason: text('failure_reason'),
  metadata: jsonb('metadata').notNull(),
  createdAt: createdAt(),
});
