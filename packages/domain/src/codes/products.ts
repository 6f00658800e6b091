/**
 * Product codes of spec §3 with their names, and the package and payout types. Rates, terms
 * and which product sits in which package are catalogue DATA (DESIGN.md §5), not code.
 */
export const PRODUCTS = {
  LPTL: { name: 'First Plan', kind: 'base' },
  MLPX: { name: 'Premier', kind: 'base' },
  EDU: { name: 'Education', kind: 'base' },
  ENDW: { name: 'Saving Education', kind: 'base' },
  TRRP: { name: 'TRRP', kind: 'base' },
  MRTA: { name: 'Home Loan', kind: 'base' },
  KRUR: { name: 'Pak Rinha', kind: 'base' },
  TERM: { name: 'Family Protector', kind: 'base' },
  THCR: { name: 'Medical Cash', kind: 'base' },
  TMCR: { name: 'Medical Cash', kind: 'base' },
  WPDL: { name: 'Premier rider WPDL', kind: 'premierRider' },
  WPCL: { name: 'Premier rider WPCL', kind: 'premierRider' },
  WPDH: { name: 'Premier rider WPDH', kind: 'premierRider' },
  WPCH: { name: 'Premier rider WPCH', kind: 'premierRider' },
} as const;

export type ProductCode = keyof typeof PRODUCTS;
export type ProductKind = (typeof PRODUCTS)[ProductCode]['kind'];
export const PRODUCT_CODES = Object.keys(PRODUCTS) as readonly ProductCode[];

export const PRODUCT_FIRST_PLAN = 'LPTL';
export const PRODUCT_PREMIER = 'MLPX';
export const PRODUCT_EDUCATION = 'EDU';
export const PRODUCT_SAVING_EDUCATION = 'ENDW';
export const PRODUCT_TRRP = 'TRRP';
export const PRODUCT_HOME_LOAN = 'MRTA';
export const PRODUCT_PAK_RINHA = 'KRUR';
export const PRODUCT_FAMILY_PROTECTOR = 'TERM';
export const PRODUCT_MEDICAL_CASH_THCR = 'THCR';
export const PRODUCT_MEDICAL_CASH_TMCR = 'TMCR';

/** The products a proposal is written for (the premier riders are only sold with Premier). */
export const BASE_PRODUCT_CODES = PRODUCT_CODES.filter((code) => PRODUCTS[code].kind === 'base');

export const PACKAGE_TYPES = ['health', 'life', 'save'] as const;
export type PackageType = (typeof PACKAGE_TYPES)[number];

export const PAYOUT_TYPES = ['cash', 'lumpsum'] as const;
export type PayoutType = (typeof PAYOUT_TYPES)[number];

export function isProductCode(value: unknown): value is ProductCode {
  return typeof value === 'string' && Object.hasOwn(PRODUCTS, value);
}

export function isPackageType(value: unknown): value is PackageType {
  return typeof value === 'string' && (PACKAGE_TYPES as readonly string[]).includes(value);
}

export function isPayoutType(value: unknown): value is PayoutType {
  return value === 'cash' || value === 'lumpsum';
}
