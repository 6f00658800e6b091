import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { clientMilestonesResponseSchema, type ClientMilestonesResponse } from '@portal/domain/contracts/policies/find-client-milestones';
import { api } from '../../../lib/api-client';
import { policyKeys, type MilestoneKeyFilters } from './policy-keys';

/**
 * GET /api/policy/v1/search/client-milestones?from=&to=&type= — birthdays, anniversaries,
 * maturities and premiums due of the caller's customers in a window of days, soonest first.
 */
export async function findClientMilestones(filters: MilestoneKeyFilters, signal?: AbortSignal): Promise<ClientMilestonesResponse> {
  const body = await api.get<unknown>('/api/policy/v1/search/client-milestones', {
    query: { from: filters.from, to: filters.to, type: filters.type },
    ...(signal ? { signal } : {}),
  });
  return clientMilestonesResponseSchema.parse(body);
}

export function clientMilestonesQueryOptions(filters: MilestoneKeyFilters) {
  return queryOptions({
    queryKey: policyKeys.milestones(filters),
    queryFn: ({ signal }) => findClientMilestones(filters, signal),
    placeholderData: keepPreviousData,
  });
}

export function useClientMilestones(filters: MilestoneKeyFilters) {
  return useQuery(clientMilestonesQueryOptions(filters));
}
