import { useMutation } from '@tanstack/react-query';
import type { Candidate, FindExistingResponse, RequestLinkResponse } from '@portal/domain/contracts/candidates/candidate';
import type { CandidateInitInput, RequestLinkInput } from '@portal/domain/contracts/candidates/candidate-fields';
import { api } from '../../../lib/api-client';

/** GET /api/candidate/v1/find/existing — may this person be recruited? */
export function findExisting(query: { phone?: string; idNumber?: string }): Promise<FindExistingResponse> {
  return api.get<FindExistingResponse>('/api/candidate/v1/find/existing', { query });
}

/** POST /api/candidate/v1/form/init (mode=createRecruitmentApp). */
export function useInitCandidate() {
  return useMutation({ mutationFn: (body: CandidateInitInput) => api.post<Candidate>('/api/candidate/v1/form/init', body) });
}

/** POST /api/candidate/v1/form/link (mode=requestTokenLink): the secure link goes by SMS. */
export function useRequestLink() {
  return useMutation({ mutationFn: (body: RequestLinkInput) => api.post<RequestLinkResponse>('/api/candidate/v1/form/link', body) });
}
