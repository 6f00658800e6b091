import { useQuery } from '@tanstack/react-query';
import {
  findApplicationDocumentsResponseSchema,
  type FindApplicationDocumentsResponse,
} from '@portal/domain/contracts/documents/application-document';
import { api } from '../../../lib/api-client';
import { applicationKeys } from './application-keys';

/** GET /api/document/v1/find/appform/{id} — the application's supporting documents. */
export async function findDocuments(applicationId: string, signal?: AbortSignal): Promise<FindApplicationDocumentsResponse> {
  const body = await api.get<unknown>(`/api/document/v1/find/appform/${encodeURIComponent(applicationId)}`, signal ? { signal } : {});
  return findApplicationDocumentsResponseSchema.parse(body);
}

export function useDocuments(applicationId: string) {
  return useQuery({ queryKey: applicationKeys.documents(applicationId), queryFn: ({ signal }) => findDocuments(applicationId, signal) });
}
