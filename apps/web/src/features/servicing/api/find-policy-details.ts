import { queryOptions, useQuery } from '@tanstack/react-query';
import { policyDetailsResponseSchema, type PolicyDetailsResponse } from '@portal/domain/contracts/policies/find-policy-details';
import { api } from '../../../lib/api-client';
import { policyKeys } from './policy-keys';

/**
 * GET /api/policy/v1/search/details/{policyNumber} — the whole policy in one call. The detail
 * screen and every sub-screen read this one cached answer, so moving between them costs no
 * network round trip on 3G.
 */
export async function findPolicyDetails(policyNumber: string, signal?: AbortSignal): Promise<PolicyDetailsResponse> {
  const body = await api.get<unknown>(`/api/policy/v1/search/details/${encodeURIComponent(policyNumber)}`, signal ? { signal } : {});
  return policyDetailsResponseSchema.parse(body);
}

export function policyDetailsQueryOptions(policyNumber: string) {
  return queryOptions({
    queryKey: policyKeys.detail(policyNumber),
    queryFn: ({ signal }) => findPolicyDetails(policyNumber, signal),
    // Policies change only when the core system's feed is imported: keep the answer for 5 minutes.
    staleTime: 5 * 60_000,
    enabled: policyNumber !== '',
  });
}

export function usePolicyDetails(policyNumber: string) {
  return useQuery(policyDetailsQueryOptions(policyNumber));
}
