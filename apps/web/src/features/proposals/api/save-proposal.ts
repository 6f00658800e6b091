import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  proposalResponseSchema,
  type CreateProposalInput,
  type ProposalResponse,
} from '@portal/domain/contracts/proposals/create-proposal';
import type { UpdateProposalInput } from '@portal/domain/contracts/proposals/update-proposal';
import { api } from '../../../lib/api-client';
import { sendOrKeep } from '../../../lib/offline/send-or-keep';
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

export const CREATE_PROPOSAL_PATH = '/api/proposal/v1/create';

/**
 * The same call, or (no network) the quote kept on the phone to send later, with the catalogue
 * version it was worked out on: a quote made on an older catalogue is not sent by itself.
 */
export function createProposalOrKeep({
  body,
  label,
  catalogueVersion,
}: {
  body: CreateProposalInput;
  label: string;
  catalogueVersion?: string;
}) {
  return sendOrKeep(
    { kind: 'proposal', path: CREATE_PROPOSAL_PATH, body: { ...body }, label, ...(catalogueVersion ? { catalogueVersion } : {}) },
    (answer) => proposalResponseSchema.parse(answer),
  );
}

export function useCreateProposal() {
  const saved = useSaved();
  return useMutation({
    mutationFn: createProposalOrKeep,
    // Runs without network too (the quote is kept to send later), instead of waiting paused.
    networkMode: 'always',
    onSuccess: async ({ sent }) => {
      if (sent) await saved(sent);
    },
  });
}

export function useUpdateProposal() {
  return useMutation({ mutationFn: updateProposal, onSuccess: useSaved() });
}
