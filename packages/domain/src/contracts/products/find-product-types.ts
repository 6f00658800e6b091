/**
 * GET /api/product/v1/types: the package types (spec §3: health, life, save) with the base
 * products of the current catalogue version in each. Served from the catalogue tables.
 */
import * as z from 'zod';
import { PACKAGE_TYPES, PAYOUT_TYPES } from '../../codes/products';
import { PREMIUM_MODES } from '../../codes/premium-modes';

export const productSummarySchema = z.object({
  code: z.string(),
  name: z.string(),
  nameKh: z.string(),
  packageType: z.enum(PACKAGE_TYPES),
  payoutTypes: z.array(z.enum(PAYOUT_TYPES)),
  premiumModes: z.array(z.enum(PREMIUM_MODES)),
});
export type ProductSummary = z.infer<typeof productSummarySchema>;

export const findProductTypesResponseSchema = z.object({
  catalogueVersion: z.string(),
  types: z.array(z.object({ packageType: z.enum(PACKAGE_TYPES), products: z.array(productSummarySchema) })),
});
export type FindProductTypesResponse = z.infer<typeof findProductTypesResponseSchema>;
