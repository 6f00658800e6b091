import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Language } from '@portal/domain/codes/languages';
import { sendProposalResponseSchema, type SendProposalResponse } from '@portal/domain/contracts/proposals/send-to-customer';
import { api } from '../../../lib/api-client';
import { proposalKeys } from './proposal-keys';

/** POST /api/proposal/v1/send/{id} — an SMS to the policy owner with a single-use link to the proposal. */
export function useSendProposal(proposalId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (lang: Language): Promise<SendProposalResponse> =>
      sendProposalResponseSchema.parse(await api.post<unknown>(`/api/proposal/v1/send/${encodeURIComponent(proposalId)}`, { lang })),
    // The proposal's status and history moved on the server.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: proposalKeys.detail(proposalId) }),
  });
}
