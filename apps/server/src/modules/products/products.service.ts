import type { Catalogue } from '@portal/domain/catalogue/catalogue-schema';
import type { FindBasePlansQuery, FindBasePlansResponse } from '@portal/domain/contracts/products/find-base-plans';
import type { FindProductTypesResponse } from '@portal/domain/contracts/products/find-product-types';
import { PACKAGE_TYPES } from '@portal/domain/codes/products';
import type { CatalogueStore } from './catalogue.service';

/** Product types and base plans of the current catalogue version (from memory; see CatalogueStore). */
export class ProductsService {
  constructor(private readonly store: CatalogueStore) {}

  types(): FindProductTypesResponse {
    const catalogue = this.store.current;
    return {
      catalogueVersion: catalogue.version,
      types: PACKAGE_TYPES.map((packageType) => ({
        packageType,
        products: catalogue.products
          .filter((p) => p.packageType === packageType)
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

  basePlans(query: FindBasePlansQuery): FindBasePlansResponse {
    const catalogue: Catalogue = this.store.current;
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
