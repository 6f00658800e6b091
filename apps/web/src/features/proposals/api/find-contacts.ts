import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { findContactResponseSchema, type FindContactResponse } from '@portal/domain/contracts/contacts/find-contact';
import { findContactsResponseSchema, type FindContactsResponse } from '@portal/domain/contracts/contacts/find-contacts';
import { api } from '../../../lib/api-client';
import { proposalKeys } from './proposal-keys';

/** The advisor's contacts to put on a proposal: GET /api/contact/v2/find (newest first, or a 3+ character search). */
export async function findContactsForProposal(q: string, signal?: AbortSignal): Promise<FindContactsResponse> {
  return findContactsResponseSchema.parse(
    await api.get<unknown>('/api/contact/v2/find', { query: { q: q || undefined, size: 50 }, ...(signal ? { signal } : {}) }),
  );
}

export function useContactsForProposal(q: string) {
  return useQuery({
    queryKey: proposalKeys.contacts(q),
    queryFn: ({ signal }) => findContactsForProposal(q, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** GET /api/contact/v1/find/{id}: the contact a proposal starts from (`?contactId=`). */
export async function findContactForProposal(id: string, signal?: AbortSignal): Promise<FindContactResponse> {
  return findContactResponseSchema.parse(
    await api.get<unknown>(`/api/contact/v1/find/${encodeURIComponent(id)}`, signal ? { signal } : {}),
  );
}

export function useContactForProposal(id: string | null) {
  return useQuery({
    queryKey: proposalKeys.contact(id ?? ''),
    queryFn: ({ signal }) => findContactForProposal(id ?? '', signal),
    enabled: Boolean(id),
    staleTime: 30_000,
  });
}
