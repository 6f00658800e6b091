import type { Catalogue } from '@portal/domain/catalogue/catalogue-schema';
import { isProductPermitted } from '@portal/domain/contracts/candidates/agent-products';
import type { FindBasePlansQuery, FindBasePlansResponse } from '@portal/domain/contracts/products/find-base-plans';
import type { FindProductTypesResponse } from '@portal/domain/contracts/products/find-product-types';
import { PACKAGE_TYPES } from '@portal/domain/codes/products';
import type { CatalogueStore } from './catalogue.service';

/**
 * Product types and base plans of the current catalogue version (from memory; see CatalogueStore),
 * limited to the products the caller may sell (`permitted`: their saved list, undefined for all).
 */
export class ProductsService {
  constructor(private readonly store: CatalogueStore) {}

  types(permitted?: readonly string[]): FindProductTypesResponse {
    const catalogue = this.store.current;
    return {
      catalogueVersion: catalogue.version,
      types: PACKAGE_TYPES.map((packageType) => ({
        packageType,
        products: catalogue.products
          .filter((p) => p.packageType === packageType && isProductPermitted(permitted, p.code))
          .map((p) => ({
            code: p.code,
            name: p.name,
            nameKh: p.nameKh,
            packageType: p.packageType,
            payoutTypes: p.payoutTypes,
            premiumModes: p.premiumModes,
          })),
      })),
    };
  }

  basePlans(query: FindBasePlansQuery, permitted?: readonly string[]): FindBasePlansResponse {
    const current: Catalogue = this.store.current;
    // The browser engine's catalogue holds only the products the caller may quote.
    const catalogue: Catalogue =
      permitted === undefined ? current : { ...current, products: current.products.filter((p) => isProductPermitted(permitted, p.code)) };
    const products = catalogue.products.filter(
      (p) =>
        (query.productCode === undefined || p.code === query.productCode) &&
        (query.packageType === undefined || p.packageType === query.packageType),
    );
    const offered = new Set(products.flatMap((p) => p.riders));
    return {
      catalogueVersion: catalogue.version,
      products,
      riders: catalogue.riders.filter((r) => offered.has(r.code)),
      ...(query.include === 'rates' ? { catalogue } : {}),
    };
  }
}
