import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardResponse } from '@portal/domain/contracts/user/dashboard';
import { api } from '../../../lib/api-client';

/**
 * The answer's schema is imported when the answer is read, not with this file: the route table
 * starts this query from the entry next to the dashboard's chunk (app/screen-data.ts).
 */
const responseSchema = () => import('@portal/domain/contracts/user/dashboard').then((m) => m.dashboardResponseSchema);

/** GET /api/user/v1/dashboard — every figure group the caller may see, in one call. */
export async function getDashboard(signal?: AbortSignal): Promise<DashboardResponse> {
  const [body, schema] = await Promise.all([api.get<unknown>('/api/user/v1/dashboard', signal ? { signal } : {}), responseSchema()]);
  return schema.parse(body);
}

export const dashboardKeys = { all: ['dashboard'] as const };

export function dashboardQueryOptions() {
  return queryOptions({ queryKey: dashboardKeys.all, queryFn: ({ signal }) => getDashboard(signal) });
}

export function useDashboard() {
  return useQuery(dashboardQueryOptions());
}
