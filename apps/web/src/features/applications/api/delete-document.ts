import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteDocumentResponseSchema } from '@portal/domain/contracts/documents/application-document';
import { api } from '../../../lib/api-client';
import { applicationKeys } from './application-keys';

/** POST /api/document/v1/delete/{id} — removes a document of a pending application. */
export async function deleteDocument(id: string) {
  return deleteDocumentResponseSchema.parse(await api.post<unknown>(`/api/document/v1/delete/${encodeURIComponent(id)}`, {}));
}

export function useDeleteDocument(applicationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDocument,
    onSuccess: async () => queryClient.invalidateQueries({ queryKey: applicationKeys.documents(applicationId) }),
  });
}
