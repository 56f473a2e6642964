import {
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { MrzField, MrzUnreadableReason } from '@waypoint/contracts';
import { applications, travelers } from './applications';
import { users } from './users';
import { createdAt, tstz } from './common';

/** A traveller's passport page and photo, and the government's decision documents staff upload. */
export const documentKindEnum = pgEnum('document_kind', ['PASSPORT_PAGE', 'PHOTO', 'DECISION']);
export const documentStatusEnum = pgEnum('document_status', [
  'PENDING',
  'ACCEPTED',
  'REJECTED',
  'REPLACED',
]);

export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    travelerId: uuid('traveler_id')
      .notNull()
      .references(() => travelers.id, { onDelete: 'cascade' }),
    kind: documentKindEnum('kind').notNull(),
    status: documentStatusEnum('status').notNull().default('PENDING'),
    /** Key in the file storage (local folder or S3-compatible bucket); never a public path. */
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    width: integer('width'),
    height: integer('height'),
    sha256: text('sha256').notNull(),
    originalFilename: text('original_filename'),
    /** The automated initial review: each check with its outcome and plain-language reason. */
    checkResults: jsonb('check_results'),
    createdAt: createdAt(),
    decidedAt: tstz('decided_at'),
    // The reading of a passport page's machine-readable zone (see modules/documents/mrz).
    /** 'pending' while it is read, then 'matched', 'mismatch' or 'unreadable'; null for photos and PDFs. */
    mrzStatus: text('mrz_status').$type<'pending' | 'matched' | 'mismatch' | 'unreadable'>(),
    /** AES-256-GCM ciphertext of the fields read, as JSON (passport data, like the passport number). */
    mrzFieldsEncrypted: text('mrz_fields_encrypted'),
    /** The names of the fields that differed from the traveller's details when the page was read. */
    mrzMismatches: jsonb('mrz_mismatches').$type<MrzField[]>(),
    /** The fields whose entered value the traveller confirmed over the value read. */
    mrzKept: jsonb('mrz_kept').$type<MrzField[]>(),
    /** Why an 'unreadable' page was not read (see MrzUnreadableReason). */
    mrzUnreadableReason: text('mrz_unreadable_reason').$type<MrzUnreadableReason>(),
    mrzReadAt: tstz('mrz_read_at'),
  },
  (t) => [index('documents_traveler_kind_idx').on(t.travelerId, t.kind, t.createdAt.desc())],
);

/**
 * A link for uploading one document (a traveller's passport page or photo) from a phone. The link carries a random
 * id; only its SHA-256 is kept. It expires, it accepts one stored upload, and it is revoked when a newer link for
 * the same traveller and document is issued or the traveller closes it on the computer.
 */
export const uploadLinks = pgTable(
  'upload_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    travelerId: uuid('traveler_id')
      .notNull()
      .references(() => travelers.id, { onDelete: 'cascade' }),
    /** A traveller's upload only: decision documents are uploaded by staff. */
    kind: documentKindEnum('kind').$type<'PASSPORT_PAGE' | 'PHOTO'>().notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: tstz('expires_at').notNull(),
    /** Set when an upload through the link starts; cleared again when that upload is refused before storing. */
    usedAt: tstz('used_at'),
    documentId: uuid('document_id').references(() => documents.id, { onDelete: 'set null' }),
    /** Set when the link stops working before it expires (a newer link, or closed by the traveller). */
    revokedAt: tstz('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('upload_links_token_hash_idx').on(t.tokenHash),
    index('upload_links_traveler_idx').on(t.travelerId),
  ],
);

/**
 * Files to remove from storage: written in the transaction that erases their documents, removed once the file is
 * gone. A removal that fails stays listed and is retried by the retention job.
 */
export const fileErasures = pgTable('file_erasures', {
  storageKey: text('storage_key').primaryKey(),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
  createdAt: createdAt(),
});
