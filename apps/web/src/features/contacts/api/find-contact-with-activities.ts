import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  findContactWithActivitiesResponseSchema,
  type FindContactWithActivitiesResponse,
} from '@portal/domain/contracts/contacts/find-contact-with-activities';
import { api } from '../../../lib/api-client';
import { contactKeys } from './contact-keys';

/**
 * GET /api/contact/v2/find/{id} — one contact with its sales activities (newest first). 404 when
 * it is not the caller's, or was removed.
 */
export async function findContactWithActivities(id: string, signal?: AbortSignal): Promise<FindContactWithActivitiesResponse> {
  const body = await api.get<unknown>(`/api/contact/v2/find/${encodeURIComponent(id)}`, signal ? { signal } : {});
  return findContactWithActivitiesResponseSchema.parse(body);
}

export function contactWithActivitiesQueryOptions(id: string) {
  return queryOptions({
    queryKey: contactKeys.detail(id),
    queryFn: ({ signal }) => findContactWithActivities(id, signal),
  });
}

export function useContactWithActivities(id: string) {
  return useQuery(contactWithActivitiesQueryOptions(id));
}
