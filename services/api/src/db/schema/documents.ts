import { index, integer, jsonb, pgEnum, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { applications, travelers } from './applications';
import { createdAt, tstz } from './common';

export const documentKindEnum = pgEnum('document_kind', ['PASSPORT_PAGE', 'PHOTO']);
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
  },
  (t) => [index('documents_traveler_kind_idx').on(t.travelerId, t.kind, t.createdAt.desc())],
);
