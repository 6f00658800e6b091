import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { findPendingCodeResponseSchema, type FindPendingCodeResponse } from '@portal/domain/contracts/policies/find-pending-code';
import type { PolicyDetailsResponse } from '@portal/domain/contracts/policies/find-policy-details';
import { api } from '../../../lib/api-client';
import { policyKeys } from './policy-keys';

/** GET /api/policy/v1/{policyNumber}/find-pending-code — the policy's pending requirements (codes, en/km descriptions, status, uploads). */
export async function findPendingCode(policyNumber: string, signal?: AbortSignal): Promise<FindPendingCodeResponse> {
  const body = await api.get<unknown>(`/api/policy/v1/${encodeURIComponent(policyNumber)}/find-pending-code`, signal ? { signal } : {});
  return findPendingCodeResponseSchema.parse(body);
}

export function pendingCodeQueryOptions(policyNumber: string) {
  return queryOptions({
    queryKey: policyKeys.pending(policyNumber),
    queryFn: ({ signal }) => findPendingCode(policyNumber, signal),
    staleTime: 60_000,
    enabled: policyNumber !== '',
  });
}

/**
 * The pending requirements. The detail answer already holds them, so the list starts from the
 * cached detail (no extra call); after an upload only this small list is fetched again.
 */
export function usePendingCode(policyNumber: string) {
  const queryClient = useQueryClient();
  return useQuery({
    ...pendingCodeQueryOptions(policyNumber),
    initialData: () => {
      const detail = queryClient.getQueryData<PolicyDetailsResponse>(policyKeys.detail(policyNumber));
      return detail ? { policyNumber: detail.policyNumber, items: detail.pending } : undefined;
    },
    initialDataUpdatedAt: () => queryClient.getQueryState(policyKeys.detail(policyNumber))?.dataUpdatedAt,
  });
}
