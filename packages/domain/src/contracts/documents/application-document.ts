/**
 * Supporting documents of an application (spec §3 "Upload record": applicationDocumentUploadId,
 * documentCategoryCode; document fields idNumber, expiredDate, file).
 *
 * POST /api/document/v1/upload — multipart with the fields below and one `file` (pdf or png by
 * content, <= 5 MB, name <= 100 characters; at most 10 files per group). Answers, in this order:
 * 404 unknown or another's application; 409 submitted application; 422 field errors (the spec's
 * document messages: document_id_required, document_identification_number_invalid,
 * document_expired_required, document_file_required, document_birth_cert_invalid; `max` on
 * `file` for an 11th file, `maxlength` on `file` for a long name); 413 too large; 415 not pdf/png.
 * The file and its record are stored in one transaction: an acknowledged upload is whole.
 * Adding or deleting a document is a change of the application: its version moves on (a caller
 * holding the older one gets 409 on update/submit), and both answers carry `applicationVersion`,
 * the application's version after the change, so the wizard goes on without a false conflict.
 *
 * GET /api/document/v1/find/appform/{id} — the application's documents; GET /api/document/v1/find/{id}
 * one document's record; GET /api/document/v1/download?id= its bytes; POST /api/document/v1/delete/{id}.
 * POST /api/document/v1/scan — multipart `file` (pdf, jpg, jpeg, png, tiff, tif) -> the same as one PDF.
 */
import * as z from 'zod';

export const DOCUMENT_UPLOAD_FIELDS = {
  applicationId: 'applicationId',
  /** The supporting document id (group), spec's documentCategoryCode. */
  documentCategoryCode: 'documentCategoryCode',
  documentCode: 'documentCode',
  idNumber: 'idNumber',
  expiredDate: 'expiredDate',
  file: 'file',
} as const;

export const applicationDocumentSchema = z.object({
  applicationDocumentUploadId: z.string(),
  applicationId: z.string(),
  documentCategoryCode: z.string(),
  documentCode: z.string(),
  idNumber: z.string().nullable(),
  /** YYYY-MM-DD */
  expiredDate: z.string().nullable(),
  fileName: z.string(),
  mediaType: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  createdDate: z.string(),
});
export type ApplicationDocument = z.infer<typeof applicationDocumentSchema>;

export const findApplicationDocumentsResponseSchema = z.object({
  applicationId: z.string(),
  items: z.array(applicationDocumentSchema),
});
export type FindApplicationDocumentsResponse = z.infer<typeof findApplicationDocumentsResponseSchema>;

/** The upload's answer: the stored document and the application's version after it. */
export const uploadDocumentResponseSchema = applicationDocumentSchema.extend({ applicationVersion: z.number().int() });
export type UploadDocumentResponse = z.infer<typeof uploadDocumentResponseSchema>;

export const downloadDocumentQuerySchema = z.object({ id: z.string().min(1).max(64) });
export const deleteDocumentResponseSchema = z.object({ id: z.string(), removed: z.literal(true), applicationVersion: z.number().int() });
export type DeleteDocumentResponse = z.infer<typeof deleteDocumentResponseSchema>;
