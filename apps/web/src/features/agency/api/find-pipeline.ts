import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { pipelineResponseSchema, type PipelineQuery, type PipelineResponse } from '@portal/domain/contracts/agency-pipeline/find-pipeline';
import { api } from '../../../lib/api-client';
import { pipelineKeys } from './pipeline-keys';

export async function findPipeline(query: PipelineQuery, signal?: AbortSignal): Promise<PipelineResponse> {
  const body = await api.get<unknown>('/api/agency/v1/pipeline', { query: { ...query }, ...(signal ? { signal } : {}) });
  return pipelineResponseSchema.parse(body);
}

/** GET /api/agency/v1/pipeline — each advisor's items waiting per stage, with the filters. */
export function usePipeline(query: PipelineQuery) {
  return useQuery({
    queryKey: pipelineKeys.figures(query),
    queryFn: ({ signal }) => findPipeline(query, signal),
    placeholderData: keepPreviousData,
  });
}
