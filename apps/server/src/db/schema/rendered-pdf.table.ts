import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { blob } from './blob.table';

/**
 * PDFs the server rendered from a record, kept to serve again (modules/rendered-pdfs): one row per
 * record (`kind` + `record_id`, e.g. a proposal's id), record version, language and `fingerprint`
 * (SHA-256 of the format version, page options and the page's HTML with its generation time left
 * out), so a copy is served only while the page it came from is unchanged. The bytes live in the
 * blob store; a new copy of a record in a language replaces the older ones, and the retention
 * sweep drops copies older than RETENTION.renderedPdfsMs.
 */
export const renderedPdf = pgTable(
  'rendered_pdf',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    recordId: text('record_id').notNull(),
    recordVersion: text('record_version').notNull(),
    lang: text('lang').notNull(),
    fingerprint: text('fingerprint').notNull(),
    blobId: uuid('blob_id')
      .notNull()
      .references(() => blob.id),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('rendered_pdf_key').on(t.kind, t.recordId, t.recordVersion, t.lang, t.fingerprint),
    index('rendered_pdf_created_idx').on(t.createdAt),
  ],
);

export type RenderedPdfRow = typeof renderedPdf.$inferSelect;
