import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Language } from '@portal/domain/codes/languages';
import { applicationResponseSchema, type ApplicationResponse } from '@portal/domain/contracts/applications/application-response';
import { api } from '../../../lib/api-client';
import { applicationKeys } from './application-keys';

/** POST /api/appform/v1/submit/{id} — idempotent: a second click answers the same submission. */
export async function submitApplication(id: string, language: Language): Promise<ApplicationResponse> {
  return applicationResponseSchema.parse(await api.post<unknown>(`/api/appform/v1/submit/${encodeURIComponent(id)}`, { language }));
}

export function useSubmitApplication(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (language: Language) => submitApplication(id, language),
    onSuccess: async (app) => {
      queryClient.setQueryData(applicationKeys.detail(id), app);
      await queryClient.invalidateQueries({ queryKey: applicationKeys.lists() });
    },
  });
}
