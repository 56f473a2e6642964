import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ChangeSection } from '@waypoint/contracts';
import { applications, travelers } from './applications';
import { createdAt, tstz } from './common';
import { documents } from './documents';
import { visaKindEnum } from './reference';
import { users } from './users';

/** Staff asking the traveller to change parts of an application (CHANGES_REQUESTED), until they resubmit. */
export const changeRequests = pgTable(
  'change_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    requestedAt: tstz('requested_at').notNull().defaultNow(),
    /** When the traveller resubmitted with the changes. */
    resubmittedAt: tstz('resubmitted_at'),
  },
  (t) => [index('change_requests_application_idx').on(t.applicationId, t.requestedAt.desc())],
);

/** One section or document of a request, with the staff message and what it held when asked. */
export const changeRequestItems = pgTable(
  'change_request_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    changeRequestId: uuid('change_request_id')
      .notNull()
      .references(() => changeRequests.id, { onDelete: 'cascade' }),
    /** Null for the order's general information. */
    travelerId: uuid('traveler_id').references(() => travelers.id, { onDelete: 'cascade' }),
    /** The order staff listed the changes in. */
    position: integer('position').notNull(),
    section: text('section').$type<ChangeSection>().notNull(),
    message: text('message').notNull(),
    /** The section's answers when the change was asked, as encrypted JSON (they may hold passport details). */
    beforeEncrypted: text('before_encrypted'),
    /** The document shown when the change was asked. */
    beforeDocumentId: uuid('before_document_id').references(() => documents.id, {
      onDelete: 'set null',
    }),
    /** When the traveller saved the section or uploaded a new document since. */
    resolvedAt: tstz('resolved_at'),
  },
  (t) => [index('change_request_items_request_idx').on(t.changeRequestId)],
);

/**
 * An ETA or visa the government granted to a traveller, as staff recorded it, with its decision document; the
 * reminders before it (or its passport) expires are stamped once sent.
 */
export const grants = pgTable(
  'grants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    travelerId: uuid('traveler_id')
      .notNull()
      .references(() => travelers.id, { onDelete: 'cascade' }),
    kind: visaKindEnum('kind').notNull(),
    reference: text('reference').notNull(),
    validFrom: date('valid_from').notNull(),
    validUntil: date('valid_until').notNull(),
    passportLast4: text('passport_last4').notNull(),
    documentId: uuid('document_id').references(() => documents.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    reminder60SentAt: tstz('reminder_60_sent_at'),
    reminder14SentAt: tstz('reminder_14_sent_at'),
    /** When the traveller stopped the reminders from an e-mail's link. */
    remindersStoppedAt: tstz('reminders_stopped_at'),
  },
  (t) => [
    uniqueIndex('grants_traveler_idx').on(t.travelerId),
    // The reminder job's scan: grants still reminded, by expiry.
    index('grants_reminders_idx')
      .on(t.validUntil)
      .where(sql`${t.remindersStoppedAt} is null and ${t.reminder14SentAt} is null`),
  ],
);

/**
 * Internal notes staff leave on an application: never shown to the traveller, included in their data export, and
 * erased with their personal data.
 */
export const applicationNotes = pgTable(
  'application_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** The author's name when they wrote it (kept if their account goes). */
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('application_notes_application_idx').on(t.applicationId, t.createdAt)],
);
