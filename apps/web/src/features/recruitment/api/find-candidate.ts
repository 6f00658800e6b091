import { useQuery } from '@tanstack/react-query';
import type { Candidate } from '@portal/domain/contracts/candidates/candidate';
import { api } from '../../../lib/api-client';
import { candidateKeys } from './candidate-keys';

/** GET /api/candidate/v1/form/find — the own form (candidate) or ?candidateNumber= (recruiters). */
export function findCandidateForm(candidateNumber: string | null): Promise<Candidate> {
  return api.get<Candidate>('/api/candidate/v1/form/find', { query: { candidateNumber } });
}

/** `candidateNumber` null: the caller's own form (a candidate); `enabled` false asks nothing. */
export function useCandidateForm(candidateNumber: string | null, enabled = true) {
  return useQuery({ queryKey: candidateKeys.form(candidateNumber), queryFn: () => findCandidateForm(candidateNumber), enabled });
}
