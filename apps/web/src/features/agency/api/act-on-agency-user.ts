import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AgencyUserAction, AgencyUserActionResponse } from '@portal/domain/contracts/agency-users/agency-user-actions';
import { api } from '../../../lib/api-client';
import { agencyUserKeys } from './agency-user-keys';

export const actOnAgencyUser = (id: string, action: AgencyUserAction) =>
  api.post<AgencyUserActionResponse>(`/api/agency/v1/users/${id}/${action}`);

/** POST /api/agency/v1/users/{id}/<action>; the list and the user's history are read again. */
export function useActOnAgencyUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: AgencyUserAction }) => actOnAgencyUser(id, action),
    onSettled: () => queryClient.invalidateQueries({ queryKey: agencyUserKeys.all }),
  });
}
