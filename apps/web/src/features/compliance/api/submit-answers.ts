import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  submitAnswersResponseSchema,
  type SubmitAnswersRequest,
  type SubmitAnswersResponse,
} from '@portal/domain/contracts/compliance/submit-answers';
import { api } from '../../../lib/api-client';
import { complianceKeys } from './compliance-keys';

/** POST …/answers/submit — one attempt, scored by the server. */
export async function submitAnswers(body: SubmitAnswersRequest): Promise<SubmitAnswersResponse> {
  return submitAnswersResponseSchema.parse(await api.post<unknown>('/api/compliance/training/v1/answers/submit', body));
}

export function useSubmitAnswers() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: submitAnswers,
    // The attempts list and the dashboard's compliance figure change.
    onSuccess: () =>
      Promise.all([client.invalidateQueries({ queryKey: complianceKeys.all }), client.invalidateQueries({ queryKey: ['dashboard'] })]),
  });
}
