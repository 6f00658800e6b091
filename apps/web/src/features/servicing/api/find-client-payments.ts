import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { clientPaymentsResponseSchema, type ClientPaymentsResponse } from '@portal/domain/contracts/policies/find-client-payments';
import { api } from '../../../lib/api-client';
import { policyKeys } from './policy-keys';

export const PAYMENT_PAGE_SIZE = 20;

/** GET /api/policy/v1/search/client-payments — one policy's premium payments, newest first, a page at a time. */
export async function findClientPayments(
  params: { policyNumber: string; cursor?: string | undefined; size?: number },
  signal?: AbortSignal,
): Promise<ClientPaymentsResponse> {
  const body = await api.get<unknown>('/api/policy/v1/search/client-payments', {
    query: { policyNumber: params.policyNumber, cursor: params.cursor, size: params.size },
    ...(signal ? { signal } : {}),
  });
  return clientPaymentsResponseSchema.parse(body);
}

export function clientPaymentsQueryOptions(policyNumber: string) {
  return infiniteQueryOptions({
    queryKey: policyKeys.payments(policyNumber),
    queryFn: ({ pageParam, signal }) => findClientPayments({ policyNumber, cursor: pageParam, size: PAYMENT_PAGE_SIZE }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    enabled: policyNumber !== '',
  });
}

export function useClientPayments(policyNumber: string) {
  return useInfiniteQuery(clientPaymentsQueryOptions(policyNumber));
}
