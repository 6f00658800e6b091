import { useQuery } from '@tanstack/react-query';
import { remoteSignStatusResponseSchema, type RemoteSignStatusResponse } from '@portal/domain/contracts/applications/remote-signature';
import { api } from '../../../lib/api-client';
import { applicationKeys } from './application-keys';

/** How often the wizard asks again while a signer has a link and has not signed yet. */
const WAITING_POLL_MS = 5_000;

/** GET /api/appform/v1/remote-sign/{id} — remote signatures that hold, and links waiting. */
export async function findRemoteSignStatus(id: string, signal?: AbortSignal): Promise<RemoteSignStatusResponse> {
  const body = await api.get<unknown>(`/api/appform/v1/remote-sign/${encodeURIComponent(id)}`, signal ? { signal } : {});
  return remoteSignStatusResponseSchema.parse(body);
}

export function useRemoteSignStatus(id: string) {
  return useQuery({
    queryKey: applicationKeys.remoteSign(id),
    queryFn: ({ signal }) => findRemoteSignStatus(id, signal),
    refetchInterval: (query) => ((query.state.data?.pending.length ?? 0) > 0 ? WAITING_POLL_MS : false),
  });
}
