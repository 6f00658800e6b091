import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { findProposalsResponseSchema, type FindProposalsResponse } from '@portal/domain/contracts/proposals/find-proposals';
import { api } from '../../../lib/api-client';
import { proposalKeys, type ProposalListKeyFilters } from './proposal-keys';

export const PROPOSAL_PAGE_SIZE = 20;

/**
 * GET /api/proposal/v1/find — the caller's proposals (staff: the agency's), newest change first,
 * a page at a time (keyset cursor); `q` (3+ characters) searches the number, product and names.
 */
export async function findProposals(
  query: { q?: string | undefined; status?: string | undefined; cursor?: string | undefined; size?: number },
  signal?: AbortSignal,
): Promise<FindProposalsResponse> {
  const body = await api.get<unknown>('/api/proposal/v1/find', {
    query: { q: query.q, status: query.status, cursor: query.cursor, size: query.size },
    ...(signal ? { signal } : {}),
  });
  return findProposalsResponseSchema.parse(body);
}

export function findProposalsQueryOptions(filters: ProposalListKeyFilters) {
  return infiniteQueryOptions({
    queryKey: proposalKeys.list(filters),
    queryFn: ({ pageParam, signal }) =>
      findProposals({ q: filters.q || undefined, status: filters.status, cursor: pageParam, size: PROPOSAL_PAGE_SIZE }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });
}

export function useFindProposals(filters: ProposalListKeyFilters) {
  return useInfiniteQuery({ ...findProposalsQueryOptions(filters), placeholderData: keepPreviousData });
}
