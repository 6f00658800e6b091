import { queryOptions, useQuery } from '@tanstack/react-query';
import { findContactResponseSchema, type FindContactResponse } from '@portal/domain/contracts/contacts/find-contact';
import { api } from '../../../lib/api-client';
import { contactKeys } from './contact-keys';

/** GET /api/contact/v1/find/{id} — one contact, without its activities. 404 when not the caller's. */
export async function findContact(id: string, signal?: AbortSignal): Promise<FindContactResponse> {
  const body = await api.get<unknown>(`/api/contact/v1/find/${encodeURIComponent(id)}`, signal ? { signal } : {});
  return findContactResponseSchema.parse(body);
}

/**
 * The contact as the edit form starts from: always read fresh (never from the cache), because
 * the form saves against the version it read, and a stale one would be refused with 409.
 */
export function contactForEditQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...contactKeys.detail(id), 'edit'] as const,
    queryFn: ({ signal }) => findContact(id, signal),
    staleTime: 0,
    gcTime: 0,
  });
}

export function useContactForEdit(id: string) {
  return useQuery(contactForEditQueryOptions(id));
}
