import type { TFunction } from 'i18next';
import { OTHER_PRODUCT_LABEL, PRODUCT_LABELS } from '@portal/domain/codes/product-labels';

/** "Family Protector" in the user's language; a product the list does not know is "another product". */
export function productName(t: TFunction, code: string): string {
  return t(PRODUCT_LABELS[code] ?? OTHER_PRODUCT_LABEL);
}
