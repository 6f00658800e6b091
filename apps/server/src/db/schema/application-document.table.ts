import { bigint, date, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { appUser } from './app-user.table';
import { application } from './application.table';
import { blob } from './blob.table';

/**
 * A supporting document of an application (spec §3 upload record: applicationDocumentUploadId =
 * id, documentCategoryCode = the supporting document group). The row and its blob are written in
 * one transaction, so an acknowledged upload is whole and a crash leaves neither half.
 */
export const applicationDocument = pgTable(
  'application_document',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => application.id),
    documentCategoryCode: text('document_category_code').notNull(),
    documentCode: text('document_code').notNull(),
    idNumber: text('id_number'),
    expiredDate: date('expired_date', { mode: 'string' }),
    fileName: text('file_name').notNull(),
    mediaType: text('media_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    blobId: uuid('blob_id')
      .notNull()
      .references(() => blob.id),
    createdDate: timestamp('created_date', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    createdBy: uuid('created_by').references(() => appUser.id),
  },
  (t) => [index('application_document_application_idx').on(t.applicationId, t.documentCategoryCode)],
);

export type ApplicationDocumentRow = typeof applicationDocument.$inferSelect;
