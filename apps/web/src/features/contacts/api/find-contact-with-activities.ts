import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  findContactWithActivitiesResponseSchema,
  type FindContactWithActivitiesResponse,
} from '@portal/domain/contracts/contacts/find-contact-with-activities';
import { api, ApiError } from '../../../lib/api-client';
import { keptContact } from '../../../lib/offline/offline-contacts';
import { LOCAL_REF } from '../../../lib/offline/outbox';
import { isOfflineFailure } from '../../../lib/offline/send-or-keep';
import { contactKeys } from './contact-keys';

/**
 * GET /api/contact/v2/find/{id} — one contact with its sales activities (newest first). 404 when
 * it is not the caller's, or was removed.
 */
export async function findContactWithActivities(id: string, signal?: AbortSignal): Promise<FindContactWithActivitiesResponse> {
  // A contact made offline (`local:…`) is not on the server yet; without network, a kept recent
  // contact stands in (its activities are not kept).
  if (id.startsWith(LOCAL_REF)) return fromPhone(id, null);
  try {
    const body = await api.get<unknown>(`/api/contact/v2/find/${encodeURIComponent(id)}`, signal ? { signal } : {});
    return findContactWithActivitiesResponseSchema.parse(body);
  } catch (error) {
    if (!isOfflineFailure(error)) throw error;
    return fromPhone(id, error);
  }
}

async function fromPhone(id: string, failure: unknown): Promise<FindContactWithActivitiesResponse> {
  const kept = await keptContact(id);
  if (kept) return { ...kept, activities: [] };
  throw failure ?? new ApiError({ status: 404, code: 404, messageKey: 'not_found' });
}

export function contactWithActivitiesQueryOptions(id: string) {
  return queryOptions({
    queryKey: contactKeys.detail(id),
    queryFn: ({ signal }) => findContactWithActivities(id, signal),
    networkMode: 'offlineFirst',
  });
}

export function useContactWithActivities(id: string) {
  return useQuery(contactWithActivitiesQueryOptions(id));
}
