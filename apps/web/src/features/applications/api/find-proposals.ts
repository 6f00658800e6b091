import { useQuery } from '@tanstack/react-query';
import { isProposalLocked } from '@portal/domain/contracts/proposals/proposal-fields';
import { findProposalsResponseSchema } from '@portal/domain/contracts/proposals/find-proposals';
import { api } from '../../../lib/api-client';
import { applicationKeys } from './application-keys';

/** GET /api/proposal/v1/find — the caller's saved proposals no application was made from yet, to start one. */
export function useProposalsToApply() {
  return useQuery({
    queryKey: applicationKeys.proposals(),
    queryFn: async ({ signal }) => {
      const page = findProposalsResponseSchema.parse(await api.get<unknown>('/api/proposal/v1/find', { query: { size: '20' }, signal }));
      return { ...page, items: page.items.filter((p) => !isProposalLocked(p.status)) };
    },
  });
}
