import { useQuery } from '@tanstack/react-query';
import { lovBranchResponseSchema } from '@portal/domain/contracts/applications/lov-branch';
import { api } from '../../../lib/api-client';
import { applicationKeys } from './application-keys';

/** GET /api/appform/v1/lov/branch/{bankCode} — the bank's branches (the referral form's department). */
export function useBranches(bankCode: string) {
  return useQuery({
    queryKey: applicationKeys.branches(bankCode),
    queryFn: async ({ signal }) =>
      lovBranchResponseSchema.parse(await api.get<unknown>(`/api/appform/v1/lov/branch/${encodeURIComponent(bankCode)}`, { signal })),
    enabled: bankCode !== '',
    staleTime: 60 * 60 * 1000,
  });
}
