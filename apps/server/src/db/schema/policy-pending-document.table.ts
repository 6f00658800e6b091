import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { appUser } from './app-user.table';
import { blob } from './blob.table';
import { policy } from './policy.table';

/** A document uploaded through the portal for a pending requirement; the content is a blob written in the same transaction. */
export const policyPendingDocument = pgTable(
  'policy_pending_document',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    policyId: uuid('policy_id')
      .notNull()
      .references(() => policy.id, { onDelete: 'cascade' }),
    pendingCode: text('pending_code').notNull(),
    blobId: uuid('blob_id')
      .notNull()
      .references(() => blob.id),
    /** As the uploader named it (at most 100 characters); never used as a path. */
    fileName: text('file_name').notNull(),
    mediaType: text('media_type').$type<'application/pdf' | 'image/png'>().notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    uploadedBy: uuid('uploaded_by')
      .notNull()
      .references(() => appUser.id),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index('policy_pending_document_policy_idx').on(t.policyId, t.pendingCode, t.uploadedAt),
    check('policy_pending_document_media_type', sql`${t.mediaType} IN ('application/pdf', 'image/png')`),
  ],
);
