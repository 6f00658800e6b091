import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { findBasePlansResponseSchema, type FindBasePlansResponse } from '@portal/domain/contracts/products/find-base-plans';
import { api } from '../../../lib/api-client';
import { productName } from '../../../lib/product-name';
import { applicationKeys } from './application-keys';

/** GET /api/product/v1/ — the catalogue's products, plans and riders, for their names in both languages. */
export function useProductNames() {
  return useQuery({
    queryKey: applicationKeys.products(),
    queryFn: async ({ signal }): Promise<FindBasePlansResponse> =>
      findBasePlansResponseSchema.parse(await api.get<unknown>('/api/product/v1/', { signal })),
    staleTime: Infinity,
  });
}

/** The name of a product, plan or rider code in `lang`, or undefined while unknown. */
function catalogueName(
  catalogue: FindBasePlansResponse | undefined,
  kind: 'product' | 'plan' | 'rider',
  code: string,
  lang: string,
): string | undefined {
  const pick = (x: { name: string; nameKh: string } | undefined) => (x ? (lang === 'km' ? x.nameKh || x.name : x.name) : undefined);
  if (!catalogue) return undefined;
  if (kind === 'product') return pick(catalogue.products.find((p) => p.code === code));
  if (kind === 'rider') return pick(catalogue.riders.find((r) => r.code === code));
  for (const p of catalogue.products) {
    const plan = p.plans.find((x) => x.planKey === code);
    if (plan) return pick(plan);
  }
  return undefined;
}

/**
 * `name(kind, code)`: the catalogue name in the screen's language, never the code. Until the
 * catalogue has arrived, or for a product the caller may no longer sell, a product or rider is
 * named by the fixed labels (`productName`) and a plan is empty, so the screen leaves it out.
 */
export function useCatalogueName(): (kind: 'product' | 'plan' | 'rider', code: string) => string {
  const catalogue = useProductNames().data;
  const { t, i18n } = useTranslation('common');
  return (kind, code) => catalogueName(catalogue, kind, code, i18n.language) ?? (kind === 'plan' ? '' : productName(t, code));
}
