import { sql } from 'drizzle-orm';
import {
  check,
  date,
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
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('receipts_application_idx').on(t.applicationId),
    uniqueIndex('receipts_number_idx').on(t.number),
    uniqueIndex('receipts_year_sequence_idx').on(t.year, t.sequence),
  ],
);
