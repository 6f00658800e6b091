import { queryOptions, useQuery } from '@tanstack/react-query';
import { servicingSummaryResponseSchema, type ServicingSummaryResponse } from '@portal/domain/contracts/policies/servicing-summary';
import { api } from '../../../lib/api-client';
import { policyKeys } from './policy-keys';

/**
 * The servicing dashboard: GET /api/policy/v1/search/customers?view=summary (where the server
 * documents it, contracts/policies/servicing-summary.ts) — counts by status, policies entering
 * grace or lapsing soon, this month's premiums due and the next milestones.
 */
export async function getServicingSummary(signal?: AbortSignal): Promise<ServicingSummaryResponse> {
  const body = await api.get<unknown>('/api/policy/v1/search/customers', {
    query: { view: 'summary' },
    ...(signal ? { signal } : {}),
  });
  return servicingSummaryResponseSchema.parse(body);
}

export function servicingSummaryQueryOptions() {
  return queryOptions({
    queryKey: policyKeys.summary(),
    queryFn: ({ signal }) => getServicingSummary(signal),
  });
}

export function useServicingSummary() {
  return useQuery(servicingSummaryQueryOptions());
}
