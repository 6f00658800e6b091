/**
 * Money of spec §9 / DESIGN.md §5. Amounts are integers in the currency's minor unit: USD in
 * cents, KHR in whole riel. Shown with the symbol and thousands separators ($12,345.67, 12,345៛:
 * the riel sign follows the number, as Khmer text writes it). Decimal strings are parsed without
 * floating point, rounding half away from zero.
 */
import type { CurrencyCode } from '../codes/currencies';
import { CURRENCIES, CURRENCY_USD } from '../codes/currencies';

/** Inserts a comma every three digits from the right: "1234567" -> "1,234,567". */
export function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Non-integers are rounded half away from zero first (amounts should already be integers). */
function toMinorUnits(amount: number): number {
  if (!Number.isFinite(amount)) throw new RangeError(`Not an amount: ${amount}`);
  return Number.isInteger(amount) ? amount : Math.sign(amount) * Math.round(Math.abs(amount));
}

/** An amount in minor units as a plain decimal string: 1234567 cents -> "12345.67". */
export function minorToDecimal(amount: number, decimals: number): string {
  const minor = toMinorUnits(amount);
  const sign = minor < 0 ? '-' : '';
  const digits = String(Math.abs(minor)).padStart(decimals + 1, '0');
  if (decimals === 0) return sign + digits;
  return `${sign}${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

/** Cents as the API's decimal string with two places: 2000000 -> "20000.00". */
export function centsToDecimal(cents: number): string {
  return minorToDecimal(cents, 2);
}

/** 1234567 -> "$12,345.67"; -5 -> "-$0.05". */
export function formatUsd(cents: number): string {
  const text = minorToDecimal(cents, 2);
  const negative = text.startsWith('-');
  const [whole = '0', fraction = '00'] = (negative ? text.slice(1) : text).split('.');
  return `${negative ? '-' : ''}$${groupThousands(whole)}.${fraction}`;
}

/** Whole riel: 1234567 -> "1,234,567៛". */
export function formatKhr(riel: number): string {
  const text = minorToDecimal(riel, 0);
  const negative = text.startsWith('-');
  return `${negative ? '-' : ''}${groupThousands(negative ? text.slice(1) : text)}${CURRENCIES['96'].symbol}`;
}

export function formatMoney(amount: number, currency: CurrencyCode = CURRENCY_USD): string {
  return currency === CURRENCY_USD ? formatUsd(amount) : formatKhr(amount);
}

// Optional sign and symbol, then digits either all together or in comma groups of three.
const AMOUNT = /^(-)?\s*[$៛]?\s*(\d{1,3}(?:,\d{3})+|\d+)?(?:\.(\d*))?\s*[៛]?$/;

/**
 * Reads a decimal string ("12,345.67", "$1,000", "0.5", "-3.125") into integer minor units,
 * rounding half away from zero past `decimals` places. Null when it is not an amount.
 */
export function parseDecimalToMinor(input: string, decimals: number): number | null {
  const match = AMOUNT.exec(input.trim());
  if (!match) return null;
  const [, minus, wholeGroups, fraction = ''] = match;
  if (wholeGroups === undefined && fraction === '') return null;
  const whole = (wholeGroups ?? '0').replace(/,/g, '');
  const kept = fraction.slice(0, decimals).padEnd(decimals, '0');
  const roundUp = (fraction[decimals] ?? '0') >= '5';
  const digits = (whole + kept).replace(/^0+(?=\d)/, '');
  const magnitude = Number(digits) + (roundUp ? 1 : 0);
  if (!Number.isSafeInteger(magnitude)) return null;
  return minus && magnitude !== 0 ? -magnitude : magnitude;
}

/** "12,345.67" -> 1234567 cents; null when not an amount. */
export function parseMoneyToCents(input: string): number | null {
  return parseDecimalToMinor(input, 2);
}

/** "1,000,000" -> 1000000 riel; decimals are rounded away. */
export function parseRiel(input: string): number | null {
  return parseDecimalToMinor(input, 0);
}

/** Whole dollars (as the face amount limits are written) to cents. */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** An API amount ("1234.50") as "$1,234.50". */
export function formatUsdAmount(amount: string | undefined | null): string {
  return formatUsd(parseMoneyToCents(amount ?? '0') ?? 0);
}
