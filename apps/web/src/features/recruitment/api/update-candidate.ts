import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Candidate, ReviewRequest } from '@portal/domain/contracts/candidates/candidate';
import type { CandidateUpdateInput } from '@portal/domain/contracts/candidates/candidate-fields';
import type { AgentProductsResponse, SaveAgentProductsRequest } from '@portal/domain/contracts/candidates/agent-products';
import type { ConvertCandidateResponse } from '@portal/domain/contracts/candidates/exam-results';
import { api } from '../../../lib/api-client';
import { candidateKeys } from './candidate-keys';

function useCandidateMutation<I, O>(fn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: candidateKeys.all }) });
}

/** POST /api/candidate/v1/form/update/{id}. */
export function useUpdateCandidate(id: string) {
  return useCandidateMutation((body: CandidateUpdateInput) => api.post<Candidate>(`/api/candidate/v1/form/update/${id}`, body));
}

/** POST /api/candidate/v1/form/submit/{id}. */
export function useSubmitCandidate(id: string) {
  return useCandidateMutation((version: number) => api.post<Candidate>(`/api/candidate/v1/form/submit/${id}`, { version }));
}

/** POST /api/candidate/v1/form/review — approve, return with a comment, or assign an ITC class. */
export function useReviewCandidate() {
  return useCandidateMutation((body: ReviewRequest) => api.post<Candidate>('/api/candidate/v1/form/review', body));
}

/** POST /api/candidate/v1/document/delete/{id}. */
export function useDeleteDocument() {
  return useCandidateMutation((id: string) => api.post<{ ok: true }>(`/api/candidate/v1/document/delete/${id}`));
}

/** POST /api/support/v1/convert/candidate — a licensed candidate becomes a trainee (idempotent). */
export function useConvertCandidate() {
  return useCandidateMutation((candidateId: string) =>
    api.post<ConvertCandidateResponse>('/api/support/v1/convert/candidate', { candidateId }),
  );
}

/** POST /api/agent-product/v1/create — replace an agent's product list. */
export function useSaveAgentProducts() {
  return useCandidateMutation((body: SaveAgentProductsRequest) => api.post<AgentProductsResponse>('/api/agent-product/v1/create', body));
}
