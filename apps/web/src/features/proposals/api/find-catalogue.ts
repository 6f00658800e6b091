import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { findBasePlansResponseSchema, type FindBasePlansResponse } from '@portal/domain/contracts/products/find-base-plans';
import { api } from '../../../lib/api-client';
import { noteCatalogueReceived } from '../../../lib/offline/catalogue-received';
import { proposalKeys } from './proposal-keys';

/**
 * GET /api/product/v1/?include=rates — the products with their plans, terms and riders, and the
 * whole catalogue for the browser engine (instant premiums while typing), holding only the
 * products the caller may sell: asked again on every screen that opens it, so a change of the
 * agent's product permissions shows without signing in again.
 */
export async function findCatalogue(signal?: AbortSignal): Promise<FindBasePlansResponse> {
  const catalogue = findBasePlansResponseSchema.parse(
    await api.get<unknown>('/api/product/v1/', { query: { include: 'rates' }, ...(signal ? { signal } : {}) }),
  );
  await noteCatalogueReceived(catalogue.catalogueVersion).catch(() => undefined);
  return catalogue;
}

/** Asked offline too: the service worker answers with the last catalogue it kept (sw.js). */
export function useCatalogue() {
  return useQuery({
    queryKey: proposalKeys.catalogue,
    queryFn: ({ signal }) => findCatalogue(signal),
    staleTime: 0,
    networkMode: 'offlineFirst',
  });
}

/** GET /api/product/v1/ without the rates: the products, plans and riders the caller may sell, by name. */
function useProducts() {
  return useQuery({
    queryKey: proposalKeys.products,
    queryFn: async ({ signal }) => findBasePlansResponseSchema.parse(await api.get<unknown>('/api/product/v1/', { signal })),
  });
}

type Named = { name: string; nameKh: string };

/**
 * Names of products, plans and riders in the screen's language (the catalogue keeps both), for a
 * screen that shows what a code means without quoting: `null` while the products load or for a
 * code the caller's products lack.
 */
export function useCatalogueNames() {
  const { i18n } = useTranslation();
  const catalogue = useProducts().data;
  const inLanguage = (x: Named | undefined) => (x ? (i18n.language === 'km' ? x.nameKh || x.name : x.name) : null);
  const product = (code: string) => catalogue?.products.find((x) => x.code === code);
  return {
    product: (code: string) => inLanguage(product(code)),
    plan: (productCode: string, planKey: string) => inLanguage(product(productCode)?.plans.find((x) => x.planKey === planKey)),
    rider: (code: string) => inLanguage(catalogue?.riders.find((r) => r.code === code)),
  };
}
