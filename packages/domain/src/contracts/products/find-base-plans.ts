/**
 * GET /api/product/v1/ (spec §7 "base plan"): the base products with their plans, terms, age and
 * face-amount limits and the riders each offers, from the catalogue tables.
 *
 * Query (all optional): `productCode` (one product), `packageType` (health | life | save),
 * `include=rates` adds `catalogue`: the whole engine input of that version (products, riders,
 * rider pairs, rate tables, modal factors, discounts) for the browser engine
 * (`calculatePremium(request, body.catalogue, { today })`). The answer carries an ETag of the
 * catalogue version and may be cached (`cache-control: private, max-age=3600`).
 */
import * as z from 'zod';
import { PACKAGE_TYPES } from '../../codes/products';
import { catalogueProductSchema, catalogueRiderSchema, catalogueSchema } from '../../catalogue/catalogue-schema';

export const findBasePlansQuerySchema = z.object({
  productCode: z.string().max(10).optional(),
  packageType: z.enum(PACKAGE_TYPES).optional(),
  include: z.enum(['rates']).optional(),
});
export type FindBasePlansQuery = z.infer<typeof findBasePlansQuerySchema>;

export const findBasePlansResponseSchema = z.object({
  catalogueVersion: z.string(),
  products: z.array(catalogueProductSchema),
  /** The riders the listed products offer (by code). */
  riders: z.array(catalogueRiderSchema),
  /** Only with `include=rates`. */
  catalogue: catalogueSchema.optional(),
});
export type FindBasePlansResponse = z.infer<typeof findBasePlansResponseSchema>;
