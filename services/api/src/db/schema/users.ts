import { sql } from 'drizzle-orm';
import { index, integer, pgEnum, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, tstz, updatedAt } from './common';
import { countries } from './reference';

export const userRoleEnum = pgEnum('user_role', ['user', 'admin']);
export const tokenPurposeEnum = pgEnum('token_purpose', [
  'SIGN_IN_LINK',
  'EMAIL_VERIFICATION',
  'PASSWORD_RESET',
]);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lower-cased; unique. */
    email: text('email').notNull(),
    emailVerifiedAt: tstz('email_verified_at'),
    /** argon2id hash; null for accounts created by paying that have not set a password yet. */
    passwordHash: text('password_hash'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    nationality: text('nationality').references(() => countries.code),
    role: userRoleEnum('role').notNull().default('user'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_idx').on(t.email),
    index('users_name_idx').on(sql`lower(${t.firstName} || ' ' || ${t.lastName})`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** SHA-256 of the random id held in the cookie. */
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: tstz('last_seen_at').notNull().defaultNow(),
    idleTimeoutSeconds: integer('idle_timeout_seconds').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_idx').on(t.tokenHash),
    index('sessions_user_idx').on(t.userId),
    index('sessions_expires_idx').on(t.expiresAt),
  ],
);

/** Sign-in links, e-mail verification codes and password reset codes; only hashes are stored. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: tokenPurposeEnum('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The address the token was sent to (a new address while an e-mail change is pending). */
    email: text('email').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: tstz('expires_at').notNull(),
    consumedAt: tstz('consumed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('one_time_tokens_user_purpose_idx').on(t.userId, t.purpose),
    uniqueIndex('one_time_tokens_hash_idx').on(t.tokenHash),
  ],
);

/** Counters for rate limits when no Redis is configured. */
export const rateLimitBuckets = pgTable('rate_limit_buckets', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: tstz('reset_at').notNull(),
});
