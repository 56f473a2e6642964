import { sql } from 'drizzle-orm';
import { index, pgEnum, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, tstz } from './common';
import { users } from './users';

/** The roles a member of staff can be given (the staff values of `user_role`). */
export const staffRoleEnum = pgEnum('staff_role', ['caseworker', 'admin']);

/**
 * An admin's invitation to join the staff: e-mailed as a single-use link (only its hash is stored) that lets the
 * address choose a password and sign in with the role. A newer invitation to the same address withdraws the older.
 */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lower-cased. */
    email: text('email').notNull(),
    role: staffRoleEnum('role').notNull(),
    /** SHA-256 of the token in the link. */
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: tstz('expires_at').notNull(),
    acceptedAt: tstz('accepted_at'),
    revokedAt: tstz('revoked_at'),
  },
  (t) => [
    uniqueIndex('staff_invitations_token_hash_idx').on(t.tokenHash),
    /** At most one open invitation per address. */
    uniqueIndex('staff_invitations_open_email_idx')
      .on(t.email)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
    index('staff_invitations_created_idx').on(t.createdAt),
  ],
);
