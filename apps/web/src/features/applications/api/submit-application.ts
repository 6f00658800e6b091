import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Language } from '@portal/domain/codes/languages';
import { applicationResponseSchema, type ApplicationResponse } from '@portal/domain/contracts/applications/application-response';
import { api } from '../../../lib/api-client';
import { applicationKeys } from './application-keys';

/**
 * POST /api/appform/v1/submit/{id} — idempotent: a second click answers the same submission.
 * `version` is the one the last acknowledged save answered: the server refuses (409) to submit
 * anything but that state.
 */
export async function submitApplication(id: string, body: { language: Language; version: number }): Promise<ApplicationResponse> {
  return applicationResponseSchema.parse(await api.post<unknown>(`/api/appform/v1/submit/${encodeURIComponent(id)}`, body));
}

export function useSubmitApplication(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { language: Language; version: number }) => submitApplication(id, body),
    onSuccess: async (app) => {
      queryClient.setQueryData(applicationKeys.detail(id), app);
      await queryClient.invalidateQueries({ queryKey: applicationKeys.lists() });
    },
  });
}
