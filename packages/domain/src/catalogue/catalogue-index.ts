/**
 * Lookups over a Catalogue (products, plans, riders, rate rows) built once per catalogue object
 * and kept in a WeakMap, so the engine does no linear search per call.
 */
import type { Gender } from '../codes/client';
import type { Catalogue, CataloguePlan, CatalogueProduct, CatalogueRider, RateRow, RateTable } from './catalogue-schema';

export interface CatalogueIndex {
  catalogue: Catalogue;
  product(code: string): CatalogueProduct | undefined;
  plan(product: CatalogueProduct, planKey: string): CataloguePlan | undefined;
  rider(code: string): CatalogueRider | undefined;
  rateTable(id: string): RateTable | undefined;
  /**
   * The rate for an age and gender (and policy/premium term, when the table is per term): the row
   * of exactly these terms, else of this policy term and any premium term, else the term-free row.
   * Undefined when the table has no rate for that age.
   */
  rate(tableId: string, gender: Gender, age: number, policyTerm: number | null, premiumTerm: number | null): number | undefined;
}

const cache = new WeakMap<Catalogue, CatalogueIndex>();

export function indexCatalogue(catalogue: Catalogue): CatalogueIndex {
  const cached = cache.get(catalogue);
  if (cached) return cached;
  const products = new Map(catalogue.products.map((p) => [p.code, p]));
  const plans = new Map<string, CataloguePlan>();
  for (const p of catalogue.products) for (const plan of p.plans) plans.set(`${p.code}|${plan.planKey}`, plan);
  const riders = new Map(catalogue.riders.map((r) => [r.code, r]));
  const tables = new Map(catalogue.rateTables.map((t) => [t.id, t]));
  const rows = new Map<string, RateRow>();
  for (const table of catalogue.rateTables) {
    for (const row of table.rows) rows.set(`${table.id}|${row.gender}|${row.policyTerm ?? '-'}|${row.premiumTerm ?? '-'}`, row);
  }
  const index: CatalogueIndex = {
    catalogue,
    product: (code) => products.get(code),
    plan: (product, planKey) => plans.get(`${product.code}|${planKey}`),
    rider: (code) => riders.get(code),
    rateTable: (id) => tables.get(id),
    rate(tableId, gender, age, policyTerm, premiumTerm) {
      const prefix = `${tableId}|${gender}|`;
      const row =
        rows.get(`${prefix}${policyTerm ?? '-'}|${premiumTerm ?? '-'}`) ??
        rows.get(`${prefix}${policyTerm ?? '-'}|-`) ??
        rows.get(`${prefix}-|-`);
      if (!row || age < row.ageFrom) return undefined;
      return row.rates[Math.floor((age - row.ageFrom) / row.ageStep)];
    },
  };
  cache.set(catalogue, index);
  return index;
}
