import type { Catalogue } from '@portal/domain/catalogue/catalogue-schema';
import { calculatePremium } from '@portal/domain/engine/calculate-premium';
import { AppError } from '../../lib/app-error';
import type { CalculatePremiumRequest, CalculatePremiumResponse } from '@portal/domain/contracts/engine/calculate-premium';

/** A product's and rider's names in both languages (for the PDF); the code stands in when unknown. */
export interface CatalogueNames {
  product(code: string): { name: string; nameKh: string } | null;
  plan(productCode: string, planKey: string): { name: string; nameKh: string } | null;
  rider(code: string): { name: string; nameKh: string } | null;
  /** The product's package type (health, life, save), or null. */
  packageType(code: string): string | null;
}

/**
 * The premium engine as proposals use it: the same pure engine the browser runs
 * (packages/domain/src/engine), on the catalogue the server holds. A broken rule throws the
 * engine's 422 (AppError with `errors[{ field, key }]`, fields as in the engine request).
 */
export interface QuoteEngine {
  calculate(request: CalculatePremiumRequest, today: string): Promise<CalculatePremiumResponse>;
  names(): Promise<CatalogueNames>;
}

/**
 * The engine on the catalogue the products module holds (`services.catalogue.current`, read back
 * from the catalogue tables), the same data the browser engine receives from GET /api/product/v1/.
 */
const namesOf = new WeakMap<Catalogue, CatalogueNames>();

export function catalogueQuoteEngine(catalogue: () => Catalogue): QuoteEngine {
  return {
    async calculate(request, today) {
      const result = calculatePremium(request, catalogue(), { today });
      if (!result.ok) throw AppError.validation(result.errors);
      return result.value;
    },
    async names() {
      const c = catalogue();
      const known = namesOf.get(c);
      if (known) return known;
      const products = new Map(c.products.map((p) => [p.code, p]));
      const riders = new Map(c.riders.map((r) => [r.code, r]));
      const names: CatalogueNames = {
        product: (code) => products.get(code) ?? null,
        plan: (productCode, planKey) => products.get(productCode)?.plans.find((p) => p.planKey === planKey) ?? null,
        rider: (code) => riders.get(code) ?? null,
        packageType: (code) => products.get(code)?.packageType ?? null,
      };
      namesOf.set(c, names);
      return names;
    },
  };
}
