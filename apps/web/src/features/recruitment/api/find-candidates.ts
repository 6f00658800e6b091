import { useQuery } from '@tanstack/react-query';
import type { CandidateStatus } from '@portal/domain/codes/candidate-status';
import type { FindCandidatesResponse } from '@portal/domain/contracts/candidates/candidate';
import { api } from '../../../lib/api-client';
import { candidateKeys } from './candidate-keys';

export interface CandidateListQuery {
  q?: string;
  status?: CandidateStatus | '';
}

/** GET /api/candidate/v1/find — the caller's candidates (search of at least 3 characters). */
export function useFindCandidates(query: CandidateListQuery) {
  return useQuery({
    queryKey: candidateKeys.list({ ...query }),
    queryFn: () => api.get<FindCandidatesResponse>('/api/candidate/v1/find', { query: { q: query.q, status: query.status, size: 50 } }),
  });
}

/** GET /api/candidate/v1/irc/find — candidates awaiting or holding an IRC licence. */
export function useIrcList(q: string) {
  return useQuery({
    queryKey: candidateKeys.irc(q),
    queryFn: () => api.get<FindCandidatesResponse>('/api/candidate/v1/irc/find', { query: { q } }),
  });
}
