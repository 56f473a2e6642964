import { sql } from 'drizzle-orm';
import { index, pgEnum, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { SUPPORT_STATUSES, SUPPORT_TOPICS, type Locale } from '@waypoint/contracts';
import { applications } from './applications';
import { createdAt, tstz, updatedAt } from './common';
import { users } from './users';

export const supportTopicEnum = pgEnum('support_topic', SUPPORT_TOPICS);
export const supportStatusEnum = pgEnum('support_status', SUPPORT_STATUSES);
export const supportAuthorEnum = pgEnum('support_author', ['traveller', 'staff']);

/**
 * A traveller's question to staff and the answers to it. Written by a signed-in traveller (`user_id`), or by a
 * guest who named one of the orders by its number and e-mail (`guest_email`, the address answers go to). An order's
 * conversations go with it when its records are purged; a deleted account's are erased with its personal data.
 */
export const supportConversations = pgTable(
  'support_conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The short reference the traveller quotes, e.g. S-7K3P9Q. */
    reference: text('reference').notNull(),
    topic: supportTopicEnum('topic').notNull(),
    status: supportStatusEnum('status').notNull().default('open'),
    /** The account that wrote it; null for a guest's question. */
    userId: uuid('user_id').references(() => users.id),
    /** The order it is about; null for a general question. */
    applicationId: uuid('application_id').references(() => applications.id, {
      onDelete: 'cascade',
    }),
    /** Where a guest is answered (lower-cased); null when the conversation belongs to an account. */
    guestEmail: text('guest_email'),
    /** The language of the visit that wrote it: a guest's e-mails are written in it. */
    locale: text('locale').$type<Locale>().notNull().default('en'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** When its newest message was written: the Support inbox's order. */
    lastMessageAt: tstz('last_message_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('support_conversations_reference_idx').on(t.reference),
    // The Support inbox, newest activity first, for every status and per status.
    index('support_conversations_inbox_idx').on(t.lastMessageAt.desc(), t.id.desc()),
    index('support_conversations_status_inbox_idx').on(
      t.status,
      t.lastMessageAt.desc(),
      t.id.desc(),
    ),
    index('support_conversations_application_idx')
      .on(t.applicationId, t.lastMessageAt.desc())
      .where(sql`${t.applicationId} is not null`),
    index('support_conversations_user_idx')
      .on(t.userId, t.lastMessageAt.desc())
      .where(sql`${t.userId} is not null`),
  ],
);

/** The messages of a conversation, oldest first: the traveller's, and staff's answers. */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => supportConversations.id, { onDelete: 'cascade' }),
    author: supportAuthorEnum('author').notNull(),
    /** The member of staff who answered (their first name is shown); null for the traveller's messages. */
    authorUserId: uuid('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('support_messages_conversation_idx').on(t.conversationId, t.createdAt)],
);
