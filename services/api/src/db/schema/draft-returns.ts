import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { drafts } from './applications';
import { createdAt, tstz } from './common';

/**
 * Save and come back later: an e-mailed link that brings a saved application to another browser. It works once
 * (`used_at`) until `expires_at`; only the SHA-256 of its token is stored. A newer link to a draft replaces the
 * older ones, and the links go with their draft.
 */
export const draftReturnLinks = pgTable(
  'draft_return_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    draftId: uuid('draft_id')
      .notNull()
      .references(() => drafts.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token in the link. */
    tokenHash: text('token_hash').notNull(),
    /** Where the link was sent (as typed, lower-cased). */
    email: text('email').notNull(),
    createdAt: createdAt(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
  },
  (t) => [
    uniqueIndex('draft_return_links_token_hash_idx').on(t.tokenHash),
    index('draft_return_links_draft_idx').on(t.draftId),
    index('draft_return_links_expires_idx').on(t.expiresAt),
  ],
);
