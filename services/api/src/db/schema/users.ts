import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Locale } from '@waypoint/contracts';
import { createdAt, tstz, updatedAt } from './common';
import { countries } from './reference';

/**
 * An account's role: a traveller (`user`), or staff: a `caseworker` works on applications, an `admin` also refunds,
 * sends failed e-mails again and manages the staff accounts.
 */
export const userRoleEnum = pgEnum('user_role', ['user', 'caseworker', 'admin']);
export const tokenPurposeEnum = pgEnum('token_purpose', [
  'SIGN_IN_LINK',
  'EMAIL_VERIFICATION',
  'PASSWORD_RESET',
  /** A code to the current address that proves the person is still the account's owner (recent proof). */
  'REAUTHENTICATION',
  /** The link e-mailed to the old address after an e-mail change, which undoes it. */
  'EMAIL_CHANGE_UNDO',
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
    /** The account's language (one of the portal's LOCALES): the pages after sign-in and its e-mails use it. */
    /** None until the traveller chooses one or registers (e-mails are English meanwhile). */
    locale: text('locale').$type<Locale>(),
    /** Staff second factor: the TOTP secret, encrypted (set up but unconfirmed while totpEnabledAt is null). */
    totpSecretEncrypted: text('totp_secret_encrypted'),
    totpEnabledAt: tstz('totp_enabled_at'),
    /** The last accepted TOTP time step: a code of this step or an earlier one is never accepted again. */
    totpLastStep: integer('totp_last_step'),
    /** Set when the owner deleted the account: the row stays, without personal data, for its kept payments. */
    deletedAt: tstz('deleted_at'),
    /** Set when an admin deactivated this staff account: it cannot sign in until it is reactivated. */
    deactivatedAt: tstz('deactivated_at'),
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
    /**
     * True when the session was started (or later confirmed) by proving control of the mailbox: such sessions
     * survive the moment an unclaimed account is first claimed, every other one ends.
     */
    mailboxProof: boolean('mailbox_proof').notNull().default(false),
    /** When the owner last proved who they are in this session (password or a code to the current address). */
    recentProofAt: tstz('recent_proof_at'),
    /** When a staff member completed the second factor in this session. */
    secondFactorAt: tstz('second_factor_at'),
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

/** Single-use staff recovery codes (for a lost authenticator); only keyed hashes are stored. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: tstz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);
