import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { pipelineQuerySchema, type PipelineQuery } from '@portal/domain/contracts/agency-pipeline/find-pipeline';

/** The pipeline filters as a URL query (`?advisorId=…&stage=…&minDays=…`), so a figure's list is a link. */
export function pipelineSearch(query: PipelineQuery): string {
  const params = new URLSearchParams();
  if (query.advisorId) params.set('advisorId', query.advisorId);
  if (query.stage) params.set('stage', query.stage);
  if (query.minDays) params.set('minDays', String(query.minDays));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The filters of the URL (a filter that does not parse is left out) and a setter that keeps them there. */
export function usePipelineQuery(): [PipelineQuery, (next: PipelineQuery) => void] {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => {
    const read: PipelineQuery = {};
    for (const key of ['advisorId', 'stage', 'minDays'] as const) {
      const value = params.get(key);
      if (value === null || value === '') continue;
      const parsed = pipelineQuerySchema.safeParse({ [key]: value });
      if (parsed.success) Object.assign(read, parsed.data);
    }
    return read;
  }, [params]);
  const setQuery = useCallback(
    (next: PipelineQuery) => setParams(new URLSearchParams(pipelineSearch(next)), { replace: true }),
    [setParams],
  );
  return [query, setQuery];
}
