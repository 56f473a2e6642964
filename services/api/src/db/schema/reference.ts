import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './common';

export const entryRuleEnum = pgEnum('entry_rule', ['ETA', 'VISA', 'NONE']);
export const visaKindEnum = pgEnum('visa_kind', ['ETA', 'VISA']);

export const countries = pgTable('countries', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  flagEmoji: text('flag_emoji').notNull(),
  entryRule: entryRuleEnum('entry_rule').notNull(),
  ruleNote: text('rule_note'),
  sortOrder: integer('sort_order').notNull(),
  updatedAt: updatedAt(),
});

export const visaTypes = pgTable(
  'visa_types',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    kind: visaKindEnum('kind').notNull(),
    badge: text('badge').notNull(),
    validityPeriod: text('validity_period').notNull(),
    entryType: text('entry_type').notNull(),
    maxStayDuration: text('max_stay_duration').notNull(),
    governmentFeeGbpPence: integer('government_fee_gbp_pence').notNull(),
    feeEffectiveFrom: date('fee_effective_from').notNull(),
    active: boolean('active').notNull().default(true),
    sortOrder: integer('sort_order').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check('visa_types_fee_nonnegative', sql`${t.governmentFeeGbpPence} >= 0`)],
);

export const processingOptions = pgTable(
  'processing_options',
  {
    id: text('id').primaryKey(),
    visaTypeId: text('visa_type_id')
      .notNull()
      .references(() => visaTypes.id),
    name: text('name').notNull(),
    description: text('description').notNull(),
    priceCents: integer('price_cents').notNull(),
    hours: integer('hours').notNull(),
    active: boolean('active').notNull().default(true),
    sortOrder: integer('sort_order').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('processing_options_visa_type_idx').on(t.visaTypeId, t.sortOrder),
    check('processing_options_price_nonnegative', sql`${t.priceCents} >= 0`),
    check('processing_options_hours_positive', sql`${t.hours} > 0`),
  ],
);

/** Which visa types a nationality may apply for. */
export const countryVisaTypes = pgTable(
  'country_visa_types',
  {
    countryCode: text('country_code')
      .notNull()
      .references(() => countries.code),
    visaTypeId: text('visa_type_id')
      .notNull()
      .references(() => visaTypes.id),
  },
  (t) => [
    primaryKey({ columns: [t.countryCode, t.visaTypeId] }),
    index('country_visa_types_visa_type_idx').on(t.visaTypeId),
  ],
);

/** Dated exchange rates; the latest one prices new orders. */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    base: text('base').notNull(),
    quote: text('quote').notNull(),
    effectiveDate: date('effective_date').notNull(),
    rate: numeric('rate', { precision: 12, scale: 6 }).notNull(),
    source: text('source').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.base, t.quote, t.effectiveDate] })],
);

/** Which version of each seed file has been applied. */
export const seedVersions = pgTable(
  'seed_versions',
  {
    name: text('name').notNull(),
    version: text('version').notNull(),
    appliedAt: createdAt(),
  },
  (t) => [uniqueIndex('seed_versions_name_idx').on(t.name)],
);
