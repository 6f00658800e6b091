import * as z from 'zod';
import { FILE_NAME_MAX_LENGTH, PENDING_DOCUMENT_UPLOAD_MAX_BYTES } from '../../constants/uploads';
import { PENDING_CODE_PATTERN } from './policy-feed';
import { pendingDocumentSchema, PENDING_STATUSES } from './policy-fields';

/**
 * POST /api/policy/v1/upload/{policyNumber}/client-pending-doc — multipart/form-data with two
 * parts, in either order:
 * - `pendingCode`: the requirement the document answers (one of find-pending-code's codes, not
 *   received or waived);
 * - `file`: one pdf or png, at most 10 MB (10 × 1024 × 1024 bytes), name at most 100 characters.
 * The content is sniffed: a file that is not really a PDF or PNG, or whose content does not match
 * its extension, answers 415; a bigger file 413; a missing part or a bad code 422 (`required` /
 * `invalid` on `pendingCode` or `file`); a name too long 422 `maxlength` on `file`. Nothing is
 * stored when the upload is refused. Accepted: 201 with the stored document, and the requirement
 * is `submitted`.
 */
export const UPLOAD_FIELD_PENDING_CODE = 'pendingCode';
export const UPLOAD_FIELD_FILE = 'file';
export const PENDING_UPLOAD_MAX_BYTES = PENDING_DOCUMENT_UPLOAD_MAX_BYTES;
export const PENDING_UPLOAD_NAME_MAX = FILE_NAME_MAX_LENGTH;

export const pendingCodeFieldSchema = z.string().trim().toUpperCase().regex(PENDING_CODE_PATTERN, { error: 'invalid' });

export const uploadClientPendingDocResponseSchema = z.object({
  policyNumber: z.string(),
  pendingCode: z.string(),
  status: z.enum(PENDING_STATUSES),
  document: pendingDocumentSchema,
});
export type UploadClientPendingDocResponse = z.infer<typeof uploadClientPendingDocResponseSchema>;
