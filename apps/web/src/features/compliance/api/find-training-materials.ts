import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Language } from '@portal/domain/codes/languages';
import {
  trainingMaterialsResponseSchema,
  type TrainingMaterialsResponse,
} from '@portal/domain/contracts/compliance/find-training-materials';
import { api } from '../../../lib/api-client';
import { complianceKeys } from './compliance-keys';

/** GET …/form/training-materials?lang= — the period, its materials and the caller's attempts. */
export async function findTrainingMaterials(lang: Language, signal?: AbortSignal): Promise<TrainingMaterialsResponse> {
  const body = await api.get<unknown>('/api/compliance/training/v1/form/training-materials', {
    query: { lang },
    ...(signal ? { signal } : {}),
  });
  return trainingMaterialsResponseSchema.parse(body);
}

export function trainingMaterialsQueryOptions(lang: Language) {
  return queryOptions({ queryKey: complianceKeys.materials(lang), queryFn: ({ signal }) => findTrainingMaterials(lang, signal) });
}

export function useTrainingMaterials(lang: Language) {
  return useQuery(trainingMaterialsQueryOptions(lang));
}
