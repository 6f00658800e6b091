import { useQuery } from '@tanstack/react-query';
import { applicationResponseSchema, type ApplicationResponse } from '@portal/domain/contracts/applications/application-response';
import { api } from '../../../lib/api-client';
import { applicationKeys } from './application-keys';

/** GET /api/appform/v1/find/{id} — one application with every step's saved data. 404 when not the caller's. */
export async function findApplication(id: string, signal?: AbortSignal): Promise<ApplicationResponse> {
  const body = await api.get<unknown>(`/api/appform/v1/find/${encodeURIComponent(id)}`, signal ? { signal } : {});
  return applicationResponseSchema.parse(body);
}

/** Always read fresh: the wizard saves against the version it read. */
export function useApplication(id: string) {
  return useQuery({
    queryKey: applicationKeys.detail(id),
    queryFn: ({ signal }) => findApplication(id, signal),
    staleTime: 0,
    enabled: id !== '',
  });
}
