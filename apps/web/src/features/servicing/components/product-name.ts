import type { TFunction } from 'i18next';
import { PRODUCT_KEYS } from './labels';

/** "Family Protector (TERM)" in the user's language; a code the list does not know stays a code. */
export function productName(t: TFunction, code: string): string {
  const key = PRODUCT_KEYS[code];
  return key ? `${t(key)} (${code})` : code;
}
