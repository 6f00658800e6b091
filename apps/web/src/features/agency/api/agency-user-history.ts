import { useQuery } from '@tanstack/react-query';
import type { AgencyUserHistoryResponse } from '@portal/domain/contracts/agency-users/agency-user-history';
import { api } from '../../../lib/api-client';
import { agencyUserKeys } from './agency-user-keys';

export const agencyUserHistory = (id: string) => api.get<AgencyUserHistoryResponse>(`/api/agency/v1/users/${id}/history`);

/** GET /api/agency/v1/users/{id}/history — what happened to the account, newest first. */
export function useAgencyUserHistory(id: string | null) {
  return useQuery({ queryKey: agencyUserKeys.history(id ?? ''), queryFn: () => agencyUserHistory(id ?? ''), enabled: !!id });
}
