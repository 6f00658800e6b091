import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { FindContactsResponse } from '@portal/domain/contracts/contacts/find-contacts';
import { api, isApiError, NETWORK_ERROR_STATUS } from '../../../lib/api-client';
import { whenIdle } from '../../../lib/deferred-component';
import { contactKeys, type ContactListKeyFilters } from './contact-keys';

/** Rows per call: enough to fill a phone screen twice, small enough for 3G. */
export const CONTACT_PAGE_SIZE = 20;

/**
 * GET /api/contact/v2/find — the caller's contacts, most recently changed first, a page at a
 * time (keyset cursor: as fast on the 5,000th row as on the first). `q` (3+ characters) searches
 * the Latin and Khmer names, the phone and the ID number; `contactType` and `gender` filter.
 */
export interface FindContactsParams {
  q?: string | undefined;
  contactType?: string | undefined;
  gender?: string | undefined;
  cursor?: string | undefined;
  size?: number;
}

/**
 * The answer's schema (zod) is imported when the answer is read, not with this file: the route
 * table starts this query from the entry next to the contacts chunk (app/screen-data.ts), and
 * the schema arrives with that chunk.
 */
const responseSchema = () => import('@portal/domain/contracts/contacts/find-contacts').then((m) => m.findContactsResponseSchema);
/** The offline store, likewise: the entry (which starts this query) carries none of it. */
const offlineContacts = () => import('../../../lib/offline/offline-contacts');

export async function findContacts(query: FindContactsParams, signal?: AbortSignal): Promise<FindContactsResponse> {
  // The unfiltered first page is the advisor's most recent contacts: kept for use without network.
  const recent = !query.q && !query.contactType && !query.gender && !query.cursor;
  try {
    const [body, schema] = await Promise.all([
      api.get<unknown>('/api/contact/v2/find', {
        query: { q: query.q, contactType: query.contactType, gender: query.gender, cursor: query.cursor, size: query.size },
        ...(signal ? { signal } : {}),
      }),
      responseSchema(),
    ]);
    const page = schema.parse(body);
    // Kept once the answer has been drawn: keeping it asks for the offline key, a call the screen
    // does not wait for and must not delay (a cold deep link draws after two rounds).
    if (recent)
      whenIdle(
        () =>
          void offlineContacts().then(
            (m) => m.keepRecentContacts(page.items),
            () => undefined,
          ),
      );
    return page;
  } catch (error) {
    if (!recent || !isApiError(error) || error.status !== NETWORK_ERROR_STATUS) throw error;
    const kept = await offlineContacts().then((m) => m.keptRecentContacts());
    if (!kept) throw error;
    return { items: kept, nextCursor: null };
  }
}

export function findContactsQueryOptions(filters: ContactListKeyFilters) {
  return infiniteQueryOptions({
    queryKey: contactKeys.list(filters),
    queryFn: ({ pageParam, signal }) =>
      findContacts(
        {
          q: filters.q || undefined,
          contactType: filters.contactType,
          gender: filters.gender,
          cursor: pageParam,
          size: CONTACT_PAGE_SIZE,
        },
        signal,
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    // Asked even when the phone is offline: the kept recent contacts answer then.
    networkMode: 'offlineFirst',
  });
}

/** While a new search loads, the previous rows stay on screen (no flash of an empty list on 3G). */
export function useFindContacts(filters: ContactListKeyFilters) {
  return useInfiniteQuery({ ...findContactsQueryOptions(filters), placeholderData: keepPreviousData });
}
