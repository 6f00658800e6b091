import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FindPendingCodeResponse } from '@portal/domain/contracts/policies/find-pending-code';
import type { PolicyDetailsResponse } from '@portal/domain/contracts/policies/find-policy-details';
import type { PendingRequirement } from '@portal/domain/contracts/policies/policy-fields';
import {
  UPLOAD_FIELD_FILE,
  UPLOAD_FIELD_PENDING_CODE,
  uploadClientPendingDocResponseSchema,
  type UploadClientPendingDocResponse,
} from '@portal/domain/contracts/policies/upload-client-pending-doc';
import { policyKeys } from './policy-keys';
import { xhrUpload, type UploadProgress } from '../../../lib/xhr-upload';

export interface UploadPendingDocInput {
  pendingCode: string;
  file: File;
  onProgress?: (progress: UploadProgress) => void;
}

/**
 * POST /api/policy/v1/upload/{policyNumber}/client-pending-doc — one pdf or png (10 MB) for a
 * pending requirement, as multipart (`pendingCode`, then `file`), with upload progress.
 */
export async function uploadClientPendingDoc(policyNumber: string, input: UploadPendingDocInput): Promise<UploadClientPendingDocResponse> {
  const form = new FormData();
  form.append(UPLOAD_FIELD_PENDING_CODE, input.pendingCode);
  form.append(UPLOAD_FIELD_FILE, input.file, input.file.name);
  const body = await xhrUpload<unknown>(
    `/api/policy/v1/upload/${encodeURIComponent(policyNumber)}/client-pending-doc`,
    form,
    input.onProgress ? { onProgress: input.onProgress } : {},
  );
  return uploadClientPendingDocResponseSchema.parse(body);
}

/** The requirement as the upload left it: its new status and the document added. */
function withUpload(items: PendingRequirement[], result: UploadClientPendingDocResponse): PendingRequirement[] {
  return items.map((item) =>
    item.code === result.pendingCode
      ? { ...item, status: result.status, documents: [...item.documents.filter((d) => d.id !== result.document.id), result.document] }
      : item,
  );
}

/**
 * After an upload both cached lists show the requirement as submitted at once; the pending list
 * is then read again in the background to confirm what the server holds.
 */
export function useUploadClientPendingDoc(policyNumber: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UploadPendingDocInput) => uploadClientPendingDoc(policyNumber, input),
    onSuccess: (result) => {
      queryClient.setQueryData<PolicyDetailsResponse>(policyKeys.detail(policyNumber), (detail) =>
        detail ? { ...detail, pending: withUpload(detail.pending, result) } : detail,
      );
      queryClient.setQueryData<FindPendingCodeResponse>(policyKeys.pending(policyNumber), (pending) =>
        pending ? { ...pending, items: withUpload(pending.items, result) } : pending,
      );
      void queryClient.invalidateQueries({ queryKey: policyKeys.pending(policyNumber) });
    },
  });
}
