import { useMutation, useQueryClient } from '@tanstack/react-query';
import { applicationResponseSchema, type ApplicationResponse } from '@portal/domain/contracts/applications/application-response';
import { api } from '../../../lib/api-client';
import { applicationKeys } from './application-keys';

/** POST /api/appform/v1/create `{ proposalId }` — a new application from the caller's saved proposal. */
export async function createApplication(proposalId: string): Promise<ApplicationResponse> {
  return applicationResponseSchema.parse(await api.post<unknown>('/api/appform/v1/create', { proposalId }));
}

export function useCreateApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApplication,
    // The proposal it was made from is now locked (status `applied`): its screens and lists change too.
    onSuccess: async () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: applicationKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: applicationKeys.proposals() }),
        queryClient.invalidateQueries({ queryKey: ['proposals'] }),
      ]),
  });
}
