import { useInfiniteQuery } from '@tanstack/react-query';
import { findApplicationsResponseSchema, type FindApplicationsResponse } from '@portal/domain/contracts/applications/find-applications';
import { api } from '../../../lib/api-client';
import { applicationKeys } from './application-keys';

const PAGE_SIZE = 20;

/** GET /api/appform/v1/find?q=&status=&page=&size= — the caller's applications, newest change first. */
export async function findApplications(
  filters: { q: string; status: string },
  page: number,
  signal?: AbortSignal,
): Promise<FindApplicationsResponse> {
  const query: Record<string, string> = { page: String(page), size: String(PAGE_SIZE) };
  if (filters.q) query.q = filters.q;
  if (filters.status) query.status = filters.status;
  return findApplicationsResponseSchema.parse(await api.get<unknown>('/api/appform/v1/find', { query, ...(signal ? { signal } : {}) }));
}

export function useFindApplications(filters: { q: string; status: string }, enabled = true) {
  return useInfiniteQuery({
    queryKey: applicationKeys.list(filters),
    queryFn: ({ pageParam, signal }) => findApplications(filters, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.hasNext ? last.page + 1 : undefined),
    enabled,
  });
}
