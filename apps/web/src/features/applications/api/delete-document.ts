import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteDocumentResponseSchema, type DeleteDocumentResponse } from '@portal/domain/contracts/documents/application-document';
import { api } from '../../../lib/api-client';
import { applicationKeys } from './application-keys';

/** POST /api/document/v1/delete/{id} — removes a document of a pending application; answers the application's new version. */
export async function deleteDocument(id: string): Promise<DeleteDocumentResponse> {
  return deleteDocumentResponseSchema.parse(await api.post<unknown>(`/api/document/v1/delete/${encodeURIComponent(id)}`, {}));
}

/** `run` orders the delete with the wizard's step saves (Wizard.changeDocuments). */
export function useDeleteDocument(
  applicationId: string,
  run: (change: () => Promise<DeleteDocumentResponse>) => Promise<DeleteDocumentResponse>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => run(() => deleteDocument(id)),
    onSuccess: async () => queryClient.invalidateQueries({ queryKey: applicationKeys.documents(applicationId) }),
  });
}
