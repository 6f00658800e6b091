import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import {
  completionsResponseSchema,
  completionsCsvFileName,
  type CompletionsResponse,
} from '@portal/domain/contracts/compliance/find-completions';
import { api } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/save-blob';
import { complianceKeys } from './compliance-keys';

const PATH = '/api/compliance/training/v1/form/training-materials';

/** GET …/training-materials?view=completions — agency staff: who in the agency has completed. */
export async function findCompletions(signal?: AbortSignal): Promise<CompletionsResponse> {
  const body = await api.get<unknown>(PATH, { query: { view: 'completions' }, ...(signal ? { signal } : {}) });
  return completionsResponseSchema.parse(body);
}

export function useCompletions(enabled: boolean) {
  return useQuery({
    ...queryOptions({ queryKey: complianceKeys.completions(), queryFn: ({ signal }) => findCompletions(signal) }),
    enabled,
  });
}

/** The same list as a CSV file, handed to the browser's download. */
export function useDownloadCompletionsCsv() {
  return useMutation({
    mutationFn: async (periodCode: string) => {
      const blob = await api.get<Blob>(PATH, { query: { view: 'completions', format: 'csv' }, responseType: 'blob' });
      saveBlob(blob, completionsCsvFileName(periodCode));
    },
  });
}
