import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Language } from '@portal/domain/codes/languages';
import { questionsResponseSchema, type QuestionsResponse } from '@portal/domain/contracts/compliance/find-questions';
import { api } from '../../../lib/api-client';
import { complianceKeys } from './compliance-keys';

/** GET …/questions?lang= — the current period's questionnaire. */
export async function findQuestions(lang: Language, signal?: AbortSignal): Promise<QuestionsResponse> {
  const body = await api.get<unknown>('/api/compliance/training/v1/questions', { query: { lang }, ...(signal ? { signal } : {}) });
  return questionsResponseSchema.parse(body);
}

export function useQuestions(lang: Language) {
  return useQuery(queryOptions({ queryKey: complianceKeys.questions(lang), queryFn: ({ signal }) => findQuestions(lang, signal) }));
}
