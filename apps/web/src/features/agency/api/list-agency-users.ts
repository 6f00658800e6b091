import { useQuery } from '@tanstack/react-query';
import type { AgencyUserListResponse } from '@portal/domain/contracts/agency-users/list-agency-users';
import { api } from '../../../lib/api-client';
import { agencyUserKeys } from './agency-user-keys';

export const listAgencyUsers = () => api.get<AgencyUserListResponse>('/api/agency/v1/users');

/** GET /api/agency/v1/users — the users of the admin's own agency, by name. */
export function useAgencyUsers() {
  return useQuery({ queryKey: agencyUserKeys.list, queryFn: listAgencyUsers });
}
