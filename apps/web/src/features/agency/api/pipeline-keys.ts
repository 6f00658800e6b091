import type { PipelineQuery } from '@portal/domain/contracts/agency-pipeline/find-pipeline';

/** Query keys of the agency pipeline (read-only: nothing here invalidates them). */
export const pipelineKeys = {
  all: ['agency-pipeline'] as const,
  figures: (query: PipelineQuery) => ['agency-pipeline', 'figures', query] as const,
  items: (query: PipelineQuery) => ['agency-pipeline', 'items', query] as const,
};
