/**
 * Document field rules of spec §5, with the document keys of errors/error-keys.ts:
 * - ID required (`document_id_required`) when the document type carries a number;
 * - identification number invalid / birth certificate invalid when the number does not fit;
 * - expiry required (`document_expired_required`) when the type has an expiry;
 * - file required (`document_file_required`) always.
 * In the recruitment set only the file is required. Which document type carries a number and
 * an expiry is data in codes/document-types.ts.
 */
import * as z from 'zod';
import type { DocumentTypeCode } from '../codes/document-types';
import { DOCUMENT_TYPE_CODES, documentIdType, documentNeedsExpiry } from '../codes/document-types';
import { RECRUITMENT_DOCUMENT_TYPE_CODES } from '../codes/recruitment-documents';
import type { DocumentErrorKey } from '../errors/error-keys';
import { DOCUMENT_ERROR_KEYS } from '../errors/error-keys';
import { addKeyIssue, isEmpty, typeError } from './generic';
import { documentNumberIssue } from './identification';

export type DocumentField = 'idNumber' | 'expiredDate' | 'file';

export interface DocumentIssue {
  field: DocumentField;
  key: DocumentErrorKey;
}

export interface DocumentValues {
  documentCode: DocumentTypeCode;
  idNumber?: string | null;
  expiredDate?: string | null;
  /** An upload id, a File, or anything else that stands for the file; empty when absent. */
  file?: unknown;
}

/** Every issue of one application document (in field order). */
export function documentIssues(values: DocumentValues): DocumentIssue[] {
  const issues: DocumentIssue[] = [];
  const idType = documentIdType(values.documentCode);
  if (idType !== undefined) {
    const idNumber = values.idNumber ?? '';
    const key = isEmpty(idNumber) ? DOCUMENT_ERROR_KEYS.idRequired : documentNumberIssue(idType, idNumber);
    if (key) issues.push({ field: 'idNumber', key });
  }
  if (documentNeedsExpiry(values.documentCode) && isEmpty(values.expiredDate)) {
    issues.push({ field: 'expiredDate', key: DOCUMENT_ERROR_KEYS.expiredRequired });
  }
  if (isEmpty(values.file)) issues.push({ field: 'file', key: DOCUMENT_ERROR_KEYS.fileRequired });
  return issues;
}

/** The recruitment set: only the file is required. */
export function recruitmentDocumentIssues(values: { file?: unknown }): DocumentIssue[] {
  return isEmpty(values.file) ? [{ field: 'file', key: DOCUMENT_ERROR_KEYS.fileRequired }] : [];
}

function addDocumentIssues(issues: readonly DocumentIssue[], ctx: z.RefinementCtx): void {
  for (const issue of issues) addKeyIssue(ctx, issue.key, [issue.field]);
}

/** One application document: `{ documentCode, idNumber?, expiredDate?, file }`. */
export const documentEntrySchema = z
  .object({
    documentCode: z.enum(DOCUMENT_TYPE_CODES, { error: typeError }),
    idNumber: z.string({ error: typeError }).nullish(),
    expiredDate: z.string({ error: typeError }).nullish(),
    file: z.unknown().optional(),
  })
  .superRefine((values, ctx) => addDocumentIssues(documentIssues(values), ctx));

/** One recruitment document: `{ documentType, file }`. */
export const recruitmentDocumentEntrySchema = z
  .object({
    documentType: z.enum(RECRUITMENT_DOCUMENT_TYPE_CODES, { error: typeError }),
    file: z.unknown().optional(),
  })
  .superRefine((values, ctx) => addDocumentIssues(recruitmentDocumentIssues(values), ctx));

export type DocumentEntry = z.infer<typeof documentEntrySchema>;
export type RecruitmentDocumentEntry = z.infer<typeof recruitmentDocumentEntrySchema>;
