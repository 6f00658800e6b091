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
    onSuccess: async () => queryClient.invalidateQueries({ queryKey: applicationKeys.lists() }),
  });
}
