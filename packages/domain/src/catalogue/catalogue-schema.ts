/**
 * The product catalogue as data (DESIGN.md §5): products, base plans, riders, rate
 * tables, modal factors and discounts of one catalogue VERSION. The premium engine
 * (engine/calculate-premium.ts) reads nothing else, so the browser and the server give the same
 * answer from the same catalogue. The seed source is `catalogue-2026-1.ts` (+ its rates file);
 * the server seeds it into the catalogue_* tables and serves it back from them.
 *
 * Units (all integers, so the engine never multiplies floating-point money):
 * - face amounts and face-amount limits: whole US dollars;
 * - `perThousand` rates: the ANNUAL premium in cents per 1,000.00 dollars of face amount
 *   (a single premium for a single-premium product);
 * - `percentOfWaived` rates (waivers): basis points (1/10,000) of the annual premiums waived;
 * - modal factors and discounts: basis points (10,000 = 100 %).
 */
import * as z from 'zod';
import { GENDERS } from '../codes/client';
import { PREMIUM_MODES } from '../codes/premium-modes';
import { PACKAGE_TYPES, PAYOUT_TYPES } from '../codes/products';
import { RIDER_FACE_AMOUNT_TYPES } from '../codes/riders';

const whole = z.number().int().nonnegative();

export const ageRangeSchema = z.object({ min: whole, max: whole });
export type AgeRange = z.infer<typeof ageRangeSchema>;

/**
 * Age limits of one product (spec §5), in whole years, age last birthday.
 * With no separate policy owner the life insured is the owner, and `policyOwner` applies to them too.
 */
export const ageRulesSchema = z.object({
  lifeInsured: ageRangeSchema,
  policyOwner: ageRangeSchema,
  /**
   * A life insured younger than `lifeInsured.min` is accepted down to `lifeInsuredMin` when a
   * separate policy owner of at least `ownerMin` buys for them (premier: "age to buy premier 30").
   */
  child: z.object({ lifeInsuredMin: whole, ownerMin: whole }).optional(),
});
export type AgeRules = z.infer<typeof ageRulesSchema>;

/** Face amount limits in whole dollars (spec §5 / §9). */
export const faceAmountRuleSchema = z.object({
  min: whole,
  max: whole,
  /** A form offers a dropdown of `dropdownStep`, 2 x step, ... up to `dropdownMax` (pak rinha 10,000). */
  dropdownMax: whole.optional(),
  dropdownStep: whole.optional(),
  /** Above this the amount is typed in (custom) rather than picked from the list (spec §5: 20,000). */
  customAbove: whole.optional(),
});
export type FaceAmountRule = z.infer<typeof faceAmountRuleSchema>;

export const termOptionSchema = z.object({
  policyTerm: z.number().int().positive(),
  /** Premium terms allowed with this policy term (years). */
  premiumTerms: z.array(z.number().int().positive()).min(1),
});
export type TermOption = z.infer<typeof termOptionSchema>;

export const planVariantSchema = z.enum(['full', 'activation']);

export const cataloguePlanSchema = z.object({
  /** e.g. KRU01-01-02: plan code, payout option (01 cash, 02 lumpsum), benefit level. */
  planKey: z.string(),
  planCode: z.string(),
  variant: planVariantSchema,
  payoutType: z.enum(PAYOUT_TYPES),
  name: z.string(),
  nameKh: z.string(),
  /** Id of the rate table in `rateTables`. */
  rateTable: z.string(),
  /** Replace the product's limits for this plan (LPTL LTU05: 30,000-75,000; pak rinha activation owner max 50). */
  faceAmount: faceAmountRuleSchema.optional(),
  ages: ageRulesSchema.optional(),
});
export type CataloguePlan = z.infer<typeof cataloguePlanSchema>;

export const catalogueProductSchema = z.object({
  code: z.string(),
  name: z.string(),
  nameKh: z.string(),
  packageType: z.enum(PACKAGE_TYPES),
  payoutTypes: z.array(z.enum(PAYOUT_TYPES)),
  /** Allowed premium modes; `premiumFirstYear` has exactly these keys. */
  premiumModes: z.array(z.enum(PREMIUM_MODES)).min(1),
  defaultPlanKey: z.string(),
  plans: z.array(cataloguePlanSchema).min(1),
  terms: z.array(termOptionSchema).min(1),
  defaultPolicyTerm: z.number().int().positive(),
  defaultPremiumTerm: z.number().int().positive(),
  /** Life insured's age + policy term may not exceed this. */
  maxMaturityAge: whole,
  ages: ageRulesSchema,
  faceAmount: faceAmountRuleSchema,
  /** Rider codes this product offers, in display order. */
  riders: z.array(z.string()),
});
export type CatalogueProduct = z.infer<typeof catalogueProductSchema>;

export const catalogueRiderSchema = z.object({
  code: z.string(),
  name: z.string(),
  nameKh: z.string(),
  /** R rider, W waiver (a waiver's premium is a share of the premiums it waives). */
  coverageType: z.enum(['R', 'W']),
  faceAmountType: z.enum(RIDER_FACE_AMOUNT_TYPES),
  /** Whose age and gender rate the rider. */
  insured: z.enum(['lifeInsured', 'policyOwner']),
  /** Payor riders make sense only when the owner is not the life insured. */
  requiresSeparateOwner: z.boolean(),
  ages: ageRangeSchema,
  /**
   * USER_INPUT: min/max (and `maxOfBasePct`: at most this % of the base face amount);
   * LIST_OF_VALUES: `options`; BASE_PLAN_INPUT: `factorPct` of the base face amount;
   * SYSTEM_VALUE: `value`; BASE_PLAN_VALUE: the base face amount; CALCULATION (waivers):
   * the annual premiums waived.
   */
  faceAmount: z.object({
    min: whole.optional(),
    max: whole.optional(),
    maxOfBasePct: whole.optional(),
    options: z.array(whole).optional(),
    factorPct: whole.optional(),
    value: whole.optional(),
  }),
  /** Rider plan codes by the base plan's variant (education protection EPU01/PLU01, family assistance ABU01/FAU01). */
  planKeys: z.object({ full: z.string(), activation: z.string() }).optional(),
  rateTable: z.string(),
});
export type CatalogueRider = z.infer<typeof catalogueRiderSchema>;

export const rateBasisSchema = z.enum(['perThousand', 'percentOfWaived']);
export type RateBasis = z.infer<typeof rateBasisSchema>;

/** One row of a rate table: rates for ages ageFrom, ageFrom + ageStep, ... (each entry covers ageStep years). */
export const rateRowSchema = z.object({
  gender: z.enum(GENDERS),
  /** Policy term the row is for; null when the rate does not depend on the term (riders). */
  policyTerm: z.number().int().positive().nullable(),
  /** Premium term the row is for; null when any premium term of that policy term pays this rate. */
  premiumTerm: z.number().int().positive().nullable(),
  ageFrom: whole,
  ageStep: z.number().int().positive(),
  rates: z.array(whole).min(1),
});
export type RateRow = z.infer<typeof rateRowSchema>;

export const rateTableSchema = z.object({
  id: z.string(),
  basis: rateBasisSchema,
  rows: z.array(rateRowSchema).min(1),
});
export type RateTable = z.infer<typeof rateTableSchema>;

export const riderPairSchema = z.object({
  rider: z.string(),
  companion: z.string(),
  kind: z.enum(['required', 'optional']),
});

const modeBp = z.partialRecord(z.enum(PREMIUM_MODES), whole);

export const catalogueSchema = z.object({
  /** e.g. "2026.1"; a proposal keeps the version its premiums came from. */
  version: z.string(),
  /** YYYY-MM-DD from which this version's rates apply. */
  effectiveDate: z.string(),
  currency: z.literal('USD'),
  /** Instalment = annual premium x factor / 10,000 (e.g. monthly 900 = 9 % of the annual premium). */
  modalFactorsBp: modeBp,
  /** Discount per mode, in basis points of the instalment (paying annually is cheaper). */
  modeDiscountBp: modeBp,
  /** Base plans of at least `fromFaceAmount` dollars (spec §5: 20,001) get `discountBp` off the base premium. */
  largeAmountDiscount: z.object({ fromFaceAmount: whole, discountBp: whole }),
  products: z.array(catalogueProductSchema),
  riders: z.array(catalogueRiderSchema),
  riderPairs: z.array(riderPairSchema),
  rateTables: z.array(rateTableSchema),
});
export type Catalogue = z.infer<typeof catalogueSchema>;
