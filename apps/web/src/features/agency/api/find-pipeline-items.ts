import { useMutation, useQuery } from '@tanstack/react-query';
import type { Language } from '@portal/domain/codes/languages';
import {
  pipelineCsvFileName,
  pipelineItemsResponseSchema,
  type PipelineItemsResponse,
  type PipelineQuery,
} from '@portal/domain/contracts/agency-pipeline/find-pipeline';
import { todayInPhnomPenh } from '@portal/domain/format/date';
import { api } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/save-blob';
import { pipelineKeys } from './pipeline-keys';

const PATH = '/api/agency/v1/pipeline/items';

export async function findPipelineItems(query: PipelineQuery, signal?: AbortSignal): Promise<PipelineItemsResponse> {
  const body = await api.get<unknown>(PATH, { query: { ...query }, ...(signal ? { signal } : {}) });
  return pipelineItemsResponseSchema.parse(body);
}

/** GET /api/agency/v1/pipeline/items — the items behind a figure, oldest first. */
export function usePipelineItems(query: PipelineQuery) {
  return useQuery({ queryKey: pipelineKeys.items(query), queryFn: ({ signal }) => findPipelineItems(query, signal) });
}

/** The same items as a CSV file (names of stages and documents in `lang`), handed to the browser's download. */
export function useDownloadPipelineCsv() {
  return useMutation({
    mutationFn: async ({ query, lang }: { query: PipelineQuery; lang: Language }) => {
      const blob = await api.get<Blob>(PATH, { query: { ...query, format: 'csv', lang }, responseType: 'blob' });
      saveBlob(blob, pipelineCsvFileName(todayInPhnomPenh()));
    },
  });
}
