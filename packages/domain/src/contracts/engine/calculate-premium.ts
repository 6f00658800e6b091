/**
 * POST /api/engine/v1/calculate (DESIGN.md §3 "Premium engine"): the request and the answer.
 * The same shapes are used by the pure engine in `packages/domain/src/engine/` (run in the
 * browser for instant feedback) and by the server, whose answer is the record.
 *
 * - Ages are "age last birthday" on the calculation date in Asia/Phnom_Penh.
 * - An omitted `planKey`, `policyTerm` or `premiumTerm` takes the product's default.
 * - Amounts are decimal strings with 2 places (`"20000.00"`), computed in integer cents;
 *   `premiumAfterDiscount = premiumBeforeDiscount - premiumDiscount` exactly, and `premium` is
 *   the amount the customer pays per instalment of that mode (= premiumAfterDiscount).
 * - Any broken rule (age limit, face-amount range, rider pair, term, mode) is a 422 with
 *   `errors: [{ field, key }]` naming the field (`lifeInsured.dateOfBirth`, `faceAmount`,
 *   `riders.0.code`, ...) and the rule's form error key.
 */
import * as z from 'zod';
import { GENDERS } from '../../codes/client';
import { PREMIUM_MODES } from '../../codes/premium-modes';

/** A money amount as sent and answered: digits, a dot, exactly two decimals. */
export const engineAmountSchema = z.string().regex(/^\d{1,12}\.\d{2}$/);

export const engineInsuredSchema = z.object({
  /** YYYY-MM-DD */
  dateOfBirth: z.string(),
  gender: z.enum(GENDERS),
});

export const calculatePremiumRequestSchema = z.object({
  productCode: z.string(),
  planKey: z.string().optional(),
  lifeInsured: engineInsuredSchema,
  policyOwner: engineInsuredSchema.optional(),
  faceAmount: z.string(),
  policyTerm: z.number().int().optional(),
  premiumTerm: z.number().int().optional(),
  riders: z.array(z.object({ code: z.string(), faceAmount: z.string().optional() })).optional(),
});
export type CalculatePremiumRequest = z.infer<typeof calculatePremiumRequestSchema>;

export const modalPremiumSchema = z.object({
  premium: engineAmountSchema,
  premiumBeforeDiscount: engineAmountSchema,
  premiumDiscount: engineAmountSchema,
  premiumAfterDiscount: engineAmountSchema,
});

/** Keyed by every premium mode the product allows (annual, semiAnnual, quarterly, monthly, singlePremium). */
export const premiumFirstYearSchema = z.partialRecord(z.enum(PREMIUM_MODES), modalPremiumSchema);

/** One base plan (B), rider (R) or waiver (W) with its own modal premiums. */
export const engineCoverageSchema = z.object({
  coverageType: z.enum(['B', 'R', 'W']),
  code: z.string(),
  planKey: z.string().nullable(),
  faceAmount: engineAmountSchema,
  premiumFirstYear: premiumFirstYearSchema,
});
export type EngineCoverage = z.infer<typeof engineCoverageSchema>;

export const calculatePremiumResponseSchema = z.object({
  productCode: z.string(),
  planKey: z.string(),
  /** The catalogue version whose rates were used (proposals keep it). */
  catalogueVersion: z.string(),
  /** YYYY-MM-DD, Asia/Phnom_Penh. */
  calculationDate: z.string(),
  lifeInsuredAge: z.number().int(),
  policyOwnerAge: z.number().int().nullable(),
  policyTerm: z.number().int(),
  premiumTerm: z.number().int(),
  faceAmount: engineAmountSchema,
  currency: z.literal('USD'),
  premiumFirstYear: premiumFirstYearSchema,
  coverages: z.array(engineCoverageSchema),
});
export type CalculatePremiumResponse = z.infer<typeof calculatePremiumResponseSchema>;
