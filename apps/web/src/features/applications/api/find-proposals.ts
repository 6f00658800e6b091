import { useQuery } from '@tanstack/react-query';
import { findProposalsResponseSchema } from '@portal/domain/contracts/proposals/find-proposals';
import { api } from '../../../lib/api-client';
import { applicationKeys } from './application-keys';

/** GET /api/proposal/v1/find — the caller's saved proposals, to start an application from one. */
export function useProposalsToApply() {
  return useQuery({
    queryKey: applicationKeys.proposals(),
    queryFn: async ({ signal }) =>
      findProposalsResponseSchema.parse(await api.get<unknown>('/api/proposal/v1/find', { query: { size: '20' }, signal })),
  });
}
