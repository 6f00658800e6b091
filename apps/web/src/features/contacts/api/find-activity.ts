import { queryOptions, useQuery } from '@tanstack/react-query';
import { findActivityResponseSchema, type FindActivityResponse } from '@portal/domain/contracts/activities/find-activity';
import { api } from '../../../lib/api-client';
import { activityKeys } from './contact-keys';

/** GET /api/contact/v2/activity/find/{id} — one of the caller's sales activities; 404 otherwise. */
export async function findActivity(id: string, signal?: AbortSignal): Promise<FindActivityResponse> {
  const body = await api.get<unknown>(`/api/contact/v2/activity/find/${encodeURIComponent(id)}`, signal ? { signal } : {});
  return findActivityResponseSchema.parse(body);
}

/** Read fresh for the edit form, which saves against the version it read. */
export function activityForEditQueryOptions(id: string) {
  return queryOptions({
    queryKey: activityKeys.detail(id),
    queryFn: ({ signal }) => findActivity(id, signal),
    staleTime: 0,
    gcTime: 0,
  });
}

export function useActivityForEdit(id: string) {
  return useQuery(activityForEditQueryOptions(id));
}
