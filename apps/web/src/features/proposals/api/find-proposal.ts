import { queryOptions, useQuery } from '@tanstack/react-query';
import { findProposalResponseSchema, type FindProposalResponse } from '@portal/domain/contracts/proposals/find-proposal';
import { api } from '../../../lib/api-client';
import { proposalKeys } from './proposal-keys';

/** GET /api/proposal/v1/find/{id} — one proposal with its stored quote and status history (404 when not the caller's). */
export async function findProposal(id: string, signal?: AbortSignal): Promise<FindProposalResponse> {
  return findProposalResponseSchema.parse(
    await api.get<unknown>(`/api/proposal/v1/find/${encodeURIComponent(id)}`, signal ? { signal } : {}),
  );
}

export function findProposalQueryOptions(id: string) {
  return queryOptions({ queryKey: proposalKeys.detail(id), queryFn: ({ signal }) => findProposal(id, signal), enabled: id !== '' });
}

export function useFindProposal(id: string) {
  return useQuery(findProposalQueryOptions(id));
}
