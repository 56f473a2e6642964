import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, tstz, updatedAt } from './common';
import { APPLICATION_STATUSES, CURRENCY, type Locale } from '@waypoint/contracts';
import { countries, processingOptions, visaTypes } from './reference';
import { users } from './users';

export const applicationStatusEnum = pgEnum('application_status', APPLICATION_STATUSES);

export const applications = pgTable(
  'applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The order reference shown to people: the last 8 characters of the id, upper-cased. */
    reference: text('reference')
      .notNull()
      .generatedAlwaysAs(sql`upper(right(id::text, 8))`),
    status: applicationStatusEnum('status').notNull().default('DRAFT'),
    userId: uuid('user_id').references(() => users.id),
    guestEmail: text('guest_email'),
    /** The language of the visit that placed the order: an account created by paying for it takes it. */
    locale: text('locale').$type<Locale>().notNull().default('en'),
    countryCode: text('country_code')
      .notNull()
      .references(() => countries.code),
    visaTypeId: text('visa_type_id')
      .notNull()
      .references(() => visaTypes.id),
    processingOptionId: text('processing_option_id')
      .notNull()
      .references(() => processingOptions.id),
    arrivalDate: date('arrival_date'),
    hasPlannedDates: boolean('has_planned_dates').notNull(),
    travelerCount: integer('traveler_count').notNull(),
    /** Prices at the time of the order, per traveller, then the total. */
    governmentFeeGbpPence: integer('government_fee_gbp_pence').notNull(),
    exchangeRate: numeric('exchange_rate', { precision: 12, scale: 6 }).notNull(),
    exchangeRateDate: date('exchange_rate_date').notNull(),
    governmentFeeCents: integer('government_fee_cents').notNull(),
    processingFeeCents: integer('processing_fee_cents').notNull(),
    processingHours: integer('processing_hours').notNull(),
    totalCents: integer('total_cents').notNull(),
    currency: text('currency').notNull().default(CURRENCY),
    /** Post-payment general information (the lead contact for the order). */
    phoneCountryCode: text('phone_country_code'),
    phoneNumber: text('phone_number'),
    notificationPreference: text('notification_preference'),
    generalInfoCompletedAt: tstz('general_info_completed_at'),
    decisionReason: text('decision_reason'),
    /** SHA-256 of the guest session that placed the order: only that browser may be signed in by paying. */
    guestSessionHash: text('guest_session_hash'),
    /** True when completing this order created the account of its e-mail. */
    createdUser: boolean('created_user').notNull().default(false),
    /**
     * True when completing this order e-mailed a sign-in link to the existing account of its e-mail (paying never
     * signs that account in), so that a repeated confirmation answers as the first one did.
     */
    signInLinkSent: boolean('sign_in_link_sent').notNull().default(false),
    /** Incremented on every status change, so two staff decisions cannot overwrite each other. */
    version: integer('version').notNull().default(1),
    /** Lower-cased e-mails, names and reference, for the admin search. */
    searchText: text('search_text').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    paidAt: tstz('paid_at'),
    submittedAt: tstz('submitted_at'),
    /** When staff started reviewing it (SUBMITTED → UNDER_REVIEW), for the order's timeline. */
    reviewStartedAt: tstz('review_started_at'),
    /** When staff recorded the order as submitted to the Home Office (LODGED), for the order's timeline. */
    lodgedAt: tstz('lodged_at'),
    /** The day it was submitted to the Home Office, under which reference, and by whom. */
    lodgedOn: date('lodged_on'),
    homeOfficeReference: text('home_office_reference'),
    lodgedBy: uuid('lodged_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: tstz('decided_at'),
    /** When a refund in full closed the order (the REFUNDED step); cleared if the provider refused the refund. */
    refundedAt: tstz('refunded_at'),
    /** When the order's documents were erased, and why: the retention period ended, or its account was deleted. */
    documentsErasedAt: tstz('documents_erased_at'),
    documentsErasedBy: text('documents_erased_by').$type<'retention' | 'deletion'>(),
    /** When the travellers' personal and passport data were erased with the account (payment records are kept). */
    personalDataErasedAt: tstz('personal_data_erased_at'),
    // The work queue (see modules/admin/staff-work). Kept by the trigger of migration 0019 on every status step:
    /** Due: the first submission plus the processing hours, moved on by the time spent waiting for changes. */
    dueAt: tstz('due_at'),
    /** Since when it waits for the traveller's changes (the clock stopped); null otherwise. */
    duePausedAt: tstz('due_paused_at'),
    /** `due_at` while it is open work (submitted or under review), else null: what the queue sorts and filters. */
    queueDueAt: tstz('queue_due_at'),
    /** The member of staff working on it, and since when. */
    assigneeId: uuid('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    assignedAt: tstz('assigned_at'),
  },
  (t) => [
    // (…, created_at, id) so a page of ids is read from the index alone, newest first.
    index('applications_status_created_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    index('applications_created_idx').on(t.createdAt.desc(), t.id.desc()),
    // The admin dashboard's recent activity.
    index('applications_updated_idx').on(t.updatedAt.desc()),
    index('applications_user_idx').on(t.userId, t.createdAt.desc()),
    index('applications_guest_email_idx').on(t.guestEmail),
    index('applications_reference_idx').on(t.reference),
    // Decided orders whose documents the retention job has still to erase.
    index('applications_retention_idx')
      .on(t.decidedAt)
      .where(sql`${t.documentsErasedAt} is null and ${t.status} in ('APPROVED', 'REJECTED')`),
    // Orders closed by a refund in full, likewise.
    index('applications_refunded_retention_idx')
      .on(t.refundedAt)
      .where(sql`${t.documentsErasedAt} is null and ${t.status} = 'REFUNDED'`),
    index('applications_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // The work queue: open work by due date first, then the rest newest first (the list's default order), for
    // everyone and per assignee; the overdue, due-today and unassigned filters are ranges of the same keys.
    index('applications_queue_idx').on(
      t.queueDueAt.asc().nullsLast(),
      t.createdAt.desc(),
      t.id.desc(),
    ),
    index('applications_assignee_queue_idx').on(
      t.assigneeId,
      t.queueDueAt.asc().nullsLast(),
      t.createdAt.desc(),
      t.id.desc(),
    ),
    // The dashboard charts: applications received (paid) per day with the stages they reached, and applications
    // lodged per day with their speed and due date, each read from its index alone.
    index('applications_paid_charts_idx')
      .on(t.paidAt, t.status, t.submittedAt, t.reviewStartedAt, t.lodgedAt)
      .where(sql`${t.paidAt} is not null`),
    index('applications_lodged_charts_idx')
      .on(t.lodgedAt, t.processingHours, t.dueAt)
      .where(sql`${t.lodgedAt} is not null`),
    check('applications_total_nonnegative', sql`${t.totalCents} >= 0`),
    check('applications_traveler_count', sql`${t.travelerCount} between 1 and 10`),
  ],
);

/**
 * Exact number of applications per status, kept by triggers (migrations 0002 and 0025) for the admin list's
 * totals: in 16 shards, each database session adding to its own, so a status's count is the sum of its rows.
 */
export const applicationCounts = pgTable(
  'application_counts',
  {
    status: applicationStatusEnum('status').notNull(),
    shard: smallint('shard').default(0).notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.status, t.shard] })],
);

export const genderEnum = pgEnum('gender', ['male', 'female']);

export const travelers = pgTable(
  'travelers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    /** 1-based position; traveller 1 is the lead traveller. */
    position: integer('position').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    dateOfBirth: date('date_of_birth').notNull(),
    email: text('email'),
    // Passport section (wizard step 3).
    passportNationality: text('passport_nationality').references(() => countries.code),
    /** AES-256-GCM ciphertext of the passport number (see crypto/field-encryption). */
    passportNumberEncrypted: text('passport_number_encrypted'),
    passportExpirationDate: date('passport_expiration_date'),
    hasSecondNationality: boolean('has_second_nationality'),
    passportAddLater: boolean('passport_add_later').notNull().default(false),
    // Post-payment: personal information.
    countryOfBirth: text('country_of_birth').references(() => countries.code),
    residentCountry: text('resident_country').references(() => countries.code),
    gender: genderEnum('gender'),
    residenceAddress: text('residence_address'),
    cityTown: text('city_town'),
    personalCompletedAt: tstz('personal_completed_at'),
    // Post-payment: passport information.
    passportIssuingCountry: text('passport_issuing_country').references(() => countries.code),
    passportInfoCompletedAt: tstz('passport_info_completed_at'),
    // Post-payment: work.
    currentlyWorking: boolean('currently_working'),
    jobTitle: text('job_title'),
    workCompletedAt: tstz('work_completed_at'),
    // Post-payment: declaration.
    hasConvictions: boolean('has_convictions'),
    convictionDetails: text('conviction_details'),
    hasTerroristActivities: boolean('has_terrorist_activities'),
    declarationCompletedAt: tstz('declaration_completed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('travelers_application_position_idx').on(t.applicationId, t.position),
    check('travelers_position', sql`${t.position} between 1 and 10`),
  ],
);

/** The unfinished wizard of a browser (guest session) or of a signed-in user, as a JSONB document. */
export const drafts = pgTable(
  'drafts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** SHA-256 of the guest session id held in the browser's cookie. */
    sessionKeyHash: text('session_key_hash'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    data: jsonb('data').notNull(),
    currentStep: integer('current_step').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    expiresAt: tstz('expires_at').notNull(),
  },
  (t) => [
    uniqueIndex('drafts_session_idx').on(t.sessionKeyHash),
    uniqueIndex('drafts_user_idx').on(t.userId),
    // No index on the dates that change at every save: a save then rewrites the row in place (a HOT update, the
    // table keeps free space for it) instead of adding an entry to every index. Expired drafts are found by a scan.
  ],
);
