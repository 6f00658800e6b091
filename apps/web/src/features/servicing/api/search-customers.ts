import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { searchCustomersResponseSchema, type SearchCustomersResponse } from '@portal/domain/contracts/policies/search-customers';
import { api } from '../../../lib/api-client';
import { policyKeys, type PolicySearchKeyFilters } from './policy-keys';

/** Rows per call: enough to fill a phone screen twice, small enough for 3G. */
export const POLICY_PAGE_SIZE = 20;

export interface SearchCustomersParams {
  q?: string | undefined;
  status?: string | undefined;
  cursor?: string | undefined;
  size?: number;
}

/**
 * GET /api/policy/v1/search/customers — the caller's policies, a page at a time. `q` (3+
 * characters) matches the policy number, the owner's or insured's name in Latin or Khmer, their
 * phones and ID numbers; `status` filters.
 */
export async function searchCustomers(params: SearchCustomersParams, signal?: AbortSignal): Promise<SearchCustomersResponse> {
  const body = await api.get<unknown>('/api/policy/v1/search/customers', {
    query: { q: params.q, status: params.status, cursor: params.cursor, size: params.size },
    ...(signal ? { signal } : {}),
  });
  return searchCustomersResponseSchema.parse(body);
}

export function searchCustomersQueryOptions(filters: PolicySearchKeyFilters) {
  return infiniteQueryOptions({
    queryKey: policyKeys.search(filters),
    queryFn: ({ pageParam, signal }) =>
      searchCustomers(
        {
          q: filters.q || undefined,
          status: filters.status,
          cursor: pageParam,
          size: POLICY_PAGE_SIZE,
        },
        signal,
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });
}

export function useSearchCustomers(filters: PolicySearchKeyFilters, enabled = true) {
  return useInfiniteQuery({ ...searchCustomersQueryOptions(filters), enabled });
}
