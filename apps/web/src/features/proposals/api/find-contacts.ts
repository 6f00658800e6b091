import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { findContactResponseSchema, type FindContactResponse } from '@portal/domain/contracts/contacts/find-contact';
import { findContactsResponseSchema, type FindContactsResponse } from '@portal/domain/contracts/contacts/find-contacts';
import { api } from '../../../lib/api-client';
import { keptContact, keptRecentContacts, waitingContacts } from '../../../lib/offline/offline-contacts';
import { isOfflineFailure } from '../../../lib/offline/send-or-keep';
import { proposalKeys } from './proposal-keys';

/** The advisor's contacts to put on a proposal: GET /api/contact/v2/find (newest first, or a 3+ character search). */
export async function findContactsForProposal(q: string, signal?: AbortSignal): Promise<FindContactsResponse> {
  try {
    return findContactsResponseSchema.parse(
      await api.get<unknown>('/api/contact/v2/find', { query: { q: q || undefined, size: 50 }, ...(signal ? { signal } : {}) }),
    );
  } catch (error) {
    // Without network: the contacts made offline (sent before the quote, which then names them by
    // their server ids) and the recent contacts kept on the phone.
    if (q || !isOfflineFailure(error)) throw error;
    const [waiting, kept] = await Promise.all([waitingContacts(), keptRecentContacts()]);
    if (!kept && waiting.length === 0) throw error;
    return { items: [...waiting.map(({ outbox: _outbox, ...contact }) => contact), ...(kept ?? [])], nextCursor: null };
  }
}

export function useContactsForProposal(q: string) {
  return useQuery({
    queryKey: proposalKeys.contacts(q),
    queryFn: ({ signal }) => findContactsForProposal(q, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    networkMode: 'offlineFirst',
  });
}

/** GET /api/contact/v1/find/{id}: the contact a proposal starts from (`?contactId=`). */
export async function findContactForProposal(id: string, signal?: AbortSignal): Promise<FindContactResponse> {
  try {
    return findContactResponseSchema.parse(
      await api.get<unknown>(`/api/contact/v1/find/${encodeURIComponent(id)}`, signal ? { signal } : {}),
    );
  } catch (error) {
    const kept = isOfflineFailure(error) ? await keptContact(id) : null;
    if (!kept) throw error;
    return kept;
  }
}

export function useContactForProposal(id: string | null) {
  return useQuery({
    queryKey: proposalKeys.contact(id ?? ''),
    queryFn: ({ signal }) => findContactForProposal(id ?? '', signal),
    enabled: Boolean(id),
    staleTime: 30_000,
    networkMode: 'offlineFirst',
  });
}
