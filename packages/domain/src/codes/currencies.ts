/**
 * Currency codes of spec §3: 02 USD, 96 KHR. Amounts are integers in the minor unit the
 * currency is kept in (DESIGN.md §5): USD in cents, KHR in whole riel. See format/money.ts.
 */
export const CURRENCY_USD = '02';
export const CURRENCY_KHR = '96';

export const CURRENCY_CODES = [CURRENCY_USD, CURRENCY_KHR] as const;
export type CurrencyCode = (typeof CURRENCY_CODES)[number];

export const CURRENCIES = {
  '02': { iso: 'USD', symbol: '$', decimals: 2 },
  '96': { iso: 'KHR', symbol: '៛', decimals: 0 },
} as const satisfies Record<CurrencyCode, { iso: string; symbol: string; decimals: number }>;

export type CurrencyIso = (typeof CURRENCIES)[CurrencyCode]['iso'];

export function isCurrencyCode(value: unknown): value is CurrencyCode {
  return value === CURRENCY_USD || value === CURRENCY_KHR;
}

export function currencyByIso(iso: CurrencyIso): CurrencyCode {
  return iso === 'USD' ? CURRENCY_USD : CURRENCY_KHR;
}
