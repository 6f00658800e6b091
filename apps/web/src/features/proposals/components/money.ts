import { formatUsd, parseMoneyToCents } from '@portal/domain/format/money';

/** "1234.50" (the API's amounts) as "$1,234.50". */
export function usd(amount: string | undefined | null): string {
  return formatUsd(parseMoneyToCents(amount ?? '0') ?? 0);
}
