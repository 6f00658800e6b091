import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  proposalResponseSchema,
  type CreateProposalInput,
  type ProposalResponse,
} from '@portal/domain/contracts/proposals/create-proposal';
import type { UpdateProposalInput } from '@portal/domain/contracts/proposals/update-proposal';
import { api } from '../../../lib/api-client';
import { proposalKeys } from './proposal-keys';

/**
 * POST /api/proposal/v1/create and /update/{id}: the form's values as typed; the server reads the
 * contacts, recalculates with the engine and answers the stored proposal (its quote is the record).
 * 422 with field errors, 409 on a stale version (update).
 */
export async function createProposal(body: CreateProposalInput): Promise<ProposalResponse> {
  return proposalResponseSchema.parse(await api.post<unknown>('/api/proposal/v1/create', body));
}

export async function updateProposal({ id, body }: { id: string; body: UpdateProposalInput }): Promise<ProposalResponse> {
  return proposalResponseSchema.parse(await api.post<unknown>(`/api/proposal/v1/update/${encodeURIComponent(id)}`, body));
}

function useSaved() {
  const queryClient = useQueryClient();
  return async (proposal: ProposalResponse) => {
    queryClient.setQueryData(proposalKeys.detail(proposal.id), proposal);
    // A changed premium withdrew the payment code on the server: never show the kept one again.
    queryClient.removeQueries({ queryKey: proposalKeys.payment(proposal.proposalNumber) });
    await queryClient.invalidateQueries({ queryKey: proposalKeys.lists() });
  };
}

export function useCreateProposal() {
  return useMutation({ mutationFn: createProposal, onSuccess: useSaved() });
}

export function useUpdateProposal() {
  return useMutation({ mutationFn: updateProposal, onSuccess: useSaved() });
}
