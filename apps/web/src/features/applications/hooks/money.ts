import { groupThousands } from '@portal/domain/format/money';

/** "25000.00" -> "$25,000.00" (spec §9: $ and thousands separators). */
export function formatMoney(amount: string): string {
  const [whole = '0', cents = '00'] = amount.split('.');
  return `$${groupThousands(whole)}.${cents}`;
}
