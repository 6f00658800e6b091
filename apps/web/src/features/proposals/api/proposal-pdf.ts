import { useQuery } from '@tanstack/react-query';
import type { Language } from '@portal/domain/codes/languages';
import { api } from '../../../lib/api-client';
import { proposalKeys } from './proposal-keys';

/** GET /api/proposal/v1/find/report/{id}?lang= — the benefit illustration PDF, as a Blob (the call carries the bearer token). */
export async function fetchProposalPdf(id: string, lang: Language, signal?: AbortSignal): Promise<Blob> {
  return api.get<Blob>(`/api/proposal/v1/find/report/${encodeURIComponent(id)}`, {
    query: { lang },
    responseType: 'blob',
    ...(signal ? { signal } : {}),
  });
}

export function useProposalPdf(id: string, lang: Language, version: number) {
  return useQuery({
    queryKey: proposalKeys.pdf(id, lang, version),
    queryFn: ({ signal }) => fetchProposalPdf(id, lang, signal),
    enabled: id !== '',
    staleTime: Infinity,
    gcTime: 60_000,
  });
}
