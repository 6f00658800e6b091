import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  DOCUMENT_UPLOAD_FIELDS,
  uploadDocumentResponseSchema,
  type UploadDocumentResponse,
} from '@portal/domain/contracts/documents/application-document';
import { xhrUpload, type UploadProgress } from '../../../lib/xhr-upload';
import { applicationKeys } from './application-keys';

export interface UploadDocumentInput {
  applicationId: string;
  documentCategoryCode: string;
  documentCode: string;
  idNumber?: string;
  expiredDate?: string;
  file: File;
  onProgress?: (progress: UploadProgress) => void;
}

/**
 * POST /api/document/v1/upload — the text fields first (so the server can refuse before the file),
 * then the file, with progress. Answers the document and the application's new version.
 */
export async function uploadDocument(input: UploadDocumentInput): Promise<UploadDocumentResponse> {
  const form = new FormData();
  form.append(DOCUMENT_UPLOAD_FIELDS.applicationId, input.applicationId);
  form.append(DOCUMENT_UPLOAD_FIELDS.documentCategoryCode, input.documentCategoryCode);
  form.append(DOCUMENT_UPLOAD_FIELDS.documentCode, input.documentCode);
  if (input.idNumber) form.append(DOCUMENT_UPLOAD_FIELDS.idNumber, input.idNumber);
  if (input.expiredDate) form.append(DOCUMENT_UPLOAD_FIELDS.expiredDate, input.expiredDate);
  form.append(DOCUMENT_UPLOAD_FIELDS.file, input.file, input.file.name);
  const body = await xhrUpload<unknown>('/api/document/v1/upload', form, input.onProgress ? { onProgress: input.onProgress } : {});
  return uploadDocumentResponseSchema.parse(body);
}

/** `run` orders the upload with the wizard's step saves (Wizard.changeDocuments). */
export function useUploadDocument(
  applicationId: string,
  run: (change: () => Promise<UploadDocumentResponse>) => Promise<UploadDocumentResponse>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UploadDocumentInput) => run(() => uploadDocument(input)),
    onSuccess: async () => queryClient.invalidateQueries({ queryKey: applicationKeys.documents(applicationId) }),
  });
}
