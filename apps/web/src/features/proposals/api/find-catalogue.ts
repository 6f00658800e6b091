import { useQuery } from '@tanstack/react-query';
import { findBasePlansResponseSchema, type FindBasePlansResponse } from '@portal/domain/contracts/products/find-base-plans';
import { api } from '../../../lib/api-client';
import { proposalKeys } from './proposal-keys';

/**
 * GET /api/product/v1/?include=rates — the products with their plans, terms and riders, and the
 * whole catalogue for the browser engine (instant premiums while typing), holding only the
 * products the caller may sell: asked again on every screen that opens it, so a change of the
 * agent's product permissions shows without signing in again.
 */
export async function findCatalogue(signal?: AbortSignal): Promise<FindBasePlansResponse> {
  return findBasePlansResponseSchema.parse(
    await api.get<unknown>('/api/product/v1/', { query: { include: 'rates' }, ...(signal ? { signal } : {}) }),
  );
}

export function useCatalogue() {
  return useQuery({ queryKey: proposalKeys.catalogue, queryFn: ({ signal }) => findCatalogue(signal), staleTime: 0 });
}
