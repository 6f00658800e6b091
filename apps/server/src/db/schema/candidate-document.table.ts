import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { CandidateDocumentType } from '@portal/domain/codes/recruitment-documents';
import { appUser } from './app-user.table';
import { blob } from './blob.table';
import { candidate } from './candidate.table';

/** A file of a candidate (recruitment documents, signed contract, IRC licence); the bytes are a blob. */
export const candidateDocument = pgTable(
  'candidate_document',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    candidateId: uuid('candidate_id')
      .notNull()
      .references(() => candidate.id, { onDelete: 'cascade' }),
    documentType: text('document_type').$type<CandidateDocumentType>().notNull(),
    fileName: text('file_name').notNull(),
    mediaType: text('media_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    blobId: uuid('blob_id')
      .notNull()
      .references(() => blob.id),
    uploadedBy: uuid('uploaded_by').references(() => appUser.id),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index('candidate_document_candidate_idx').on(t.candidateId, t.documentType)],
);

export type CandidateDocumentRow = typeof candidateDocument.$inferSelect;
