import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardResponseSchema, type DashboardResponse } from '@portal/domain/contracts/user/dashboard';
import { api } from '../../../lib/api-client';

/** GET /api/user/v1/dashboard — every figure group the caller may see, in one call. */
export async function getDashboard(signal?: AbortSignal): Promise<DashboardResponse> {
  const body = await api.get<unknown>('/api/user/v1/dashboard', signal ? { signal } : {});
  return dashboardResponseSchema.parse(body);
}

export const dashboardKeys = { all: ['dashboard'] as const };

export function dashboardQueryOptions() {
  return queryOptions({ queryKey: dashboardKeys.all, queryFn: ({ signal }) => getDashboard(signal) });
}

export function useDashboard() {
  return useQuery(dashboardQueryOptions());
}
