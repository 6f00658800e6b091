import * as z from 'zod/mini';
import { CURRENCY_CODES } from '../../codes/currencies';

/*
 * Values every area's answers carry (the dashboard too): `zod/mini`, so the signed-in shell's
 * first load does not carry classic zod. Classic schemas wrap them with the
 * function forms (`z.nullable(isoDateSchema)`), which both flavours share.
 */

/** ISO date YYYY-MM-DD. */
export const isoDateSchema = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));

/**
 * An amount: `minor` in the currency's minor unit (USD cents, KHR whole riel), `amount` the same
 * as a decimal string ("1234.50", "100000"), `formatted` as it is shown ("$1,234.50",
 * "100,000៛"; the same text in both languages), `currency` the spec §3 code (02 USD, 96 KHR).
 */
export const moneySchema = z.object({
  currency: z.enum(CURRENCY_CODES),
  minor: z.int(),
  amount: z.string(),
  formatted: z.string(),
});
export type Money = z.infer<typeof moneySchema>;
