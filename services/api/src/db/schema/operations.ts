import { bigserial, index, integer, jsonb, pgEnum, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { Locale } from '@waypoint/contracts';
import { applications } from './applications';
import { createdAt, tstz } from './common';
import { users } from './users';

export const outboxStatusEnum = pgEnum('outbox_status', ['PENDING', 'SENT', 'FAILED']);

/** E-mails to send, written in the same transaction as their cause and sent by the worker. */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toAddress: text('to_address').notNull(),
    template: text('template').notNull(),
    /** Template variables. Secrets (codes, links) are kept only until the message is sent. */
    payload: jsonb('payload').notNull(),
    /** The language the e-mail is written in: its recipient account's. */
    locale: text('locale').$type<Locale>().notNull().default('en'),
    status: outboxStatusEnum('status').notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: tstz('next_attempt_at').notNull().defaultNow(),
    lockedUntil: tstz('locked_until'),
    lastError: text('last_error'),
    messageId: text('message_id'),
    createdAt: createdAt(),
    sentAt: tstz('sent_at'),
  },
  (t) => [index('email_outbox_due_idx').on(t.status, t.nextAttemptAt)],
);

/**
 * Who did what, when and from where. Rows are only ever inserted, and deleted only with their order when its records'
 * retention ends (`purgeExpiredRecords`).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorUserId: uuid('actor_user_id').references(() => users.id),
    actorRole: text('actor_role').notNull(),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    applicationId: uuid('application_id').references(() => applications.id),
    details: jsonb('details'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_application_idx').on(t.applicationId, t.createdAt),
    index('audit_log_created_idx').on(t.createdAt),
  ],
);
