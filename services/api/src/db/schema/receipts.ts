import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Locale } from '@waypoint/contracts';
import { applications } from './applications';
import { createdAt, tstz } from './common';
import { payments } from './payments';
import { refundKindEnum, refunds } from './refunds';

/** The billing address given with the card that paid, as the invoice names the buyer. */
export interface BillingAddress {
  name: string;
  line1: string;
  city: string;
  postalCode: string | null;
  /** ISO 3166-1 alpha-2. */
  country: string;
}

/**
 * The last receipt number issued in each calendar year. Incremented in the transaction that issues a receipt, so
 * numbers have no gaps: a rolled-back payment rolls its number back too, and concurrent payments wait in turn.
 */
export const receiptCounters = pgTable(
  'receipt_counters',
  {
    year: integer('year').primaryKey(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [check('receipt_counters_positive', sql`${t.lastNumber} > 0`)],
);

/** The receipt of a paid order, as issued: what it says never changes afterwards. */
export const receipts = pgTable(
  'receipts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'restrict' }),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    year: integer('year').notNull(),
    sequence: integer('sequence').notNull(),
    /** e.g. 2026-000123 */
    number: text('number').notNull(),
    issuedAt: tstz('issued_at').notNull(),
    /** The order's language when it was paid: the receipt is written in it. */
    locale: text('locale').$type<Locale>().notNull().default('en'),
    reference: text('reference').notNull(),
    visaTypeName: text('visa_type_name').notNull(),
    processingName: text('processing_name').notNull(),
    /** The travellers' full names, lead traveller first. */
    travelers: jsonb('travelers').$type<string[]>().notNull(),
    travelerCount: integer('traveler_count').notNull(),
    governmentFeeGbpPence: integer('government_fee_gbp_pence').notNull(),
    exchangeRate: numeric('exchange_rate', { precision: 12, scale: 6 }).notNull(),
    exchangeRateDate: date('exchange_rate_date').notNull(),
    governmentFeeCents: integer('government_fee_cents').notNull(),
    processingFeeCents: integer('processing_fee_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    currency: text('currency').notNull(),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    /** The billing address given with the card (null when the provider did not report it, or once erased). */
    billing: jsonb('billing').$type<BillingAddress>(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('receipts_application_idx').on(t.applicationId),
    uniqueIndex('receipts_number_idx').on(t.number),
    uniqueIndex('receipts_year_sequence_idx').on(t.year, t.sequence),
  ],
);

/** The last credit note number issued in each calendar year, kept as `receipt_counters` is (no gaps). */
export const creditNoteCounters = pgTable(
  'credit_note_counters',
  {
    year: integer('year').primaryKey(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [check('credit_note_counters_positive', sql`${t.lastNumber} > 0`)],
);

/**
 * The credit note of a succeeded refund, issued in the transaction that records the success: it cancels the
 * refunded part of the order's invoice (its receipt) and keeps what it says.
 */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    refundId: uuid('refund_id')
      .notNull()
      .references(() => refunds.id, { onDelete: 'restrict' }),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'restrict' }),
    /** The invoice it cancels part of (null only for an order paid before receipts were issued). */
    receiptId: uuid('receipt_id').references(() => receipts.id, { onDelete: 'restrict' }),
    invoiceNumber: text('invoice_number'),
    year: integer('year').notNull(),
    sequence: integer('sequence').notNull(),
    /** e.g. CN-2026-000001 */
    number: text('number').notNull(),
    issuedAt: tstz('issued_at').notNull(),
    kind: refundKindEnum('kind').notNull(),
    /** What was refunded of the government fee and of the service fee, in cents (positive). */
    governmentFeeCents: integer('government_fee_cents').notNull(),
    serviceFeeCents: integer('service_fee_cents').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('credit_notes_refund_idx').on(t.refundId),
    uniqueIndex('credit_notes_number_idx').on(t.number),
    uniqueIndex('credit_notes_year_sequence_idx').on(t.year, t.sequence),
    index('credit_notes_application_idx').on(t.applicationId),
  ],
);
