/**
 * Face amount rules of spec §5 as data, with checkers. Limits are whole dollars; checkers take
 * integer cents (format/money.ts parses "20,000.00" to 2000000).
 * - Pak rinha (KRUR): the dropdown offers up to 10000; validation allows up to 500000.
 * - First plan (LPTL), plan code LTU05: 30000 to 75000.
 * - 20001 or more is a "larger amount"; above 20000 the amount is custom (typed, not listed).
 * Any face amount must be more than zero.
 */
import { planCodeOf } from '../codes/plan-keys';
import {
  CUSTOM_FACE_AMOUNT_ABOVE,
  FIRST_PLAN_FACE_AMOUNT_MAX,
  FIRST_PLAN_FACE_AMOUNT_MIN,
  FIRST_PLAN_PLAN_CODE,
  LARGER_AMOUNT_THRESHOLD,
  PAK_RINHA_DROPDOWN_MAX,
  PAK_RINHA_VALIDATION_MAX,
} from '../constants/product-limits';
import { dollarsToCents } from '../format/money';

export interface FaceAmountRange {
  /** Whole dollars, inclusive. */
  min?: number;
  max?: number;
}

export const FACE_AMOUNT_RULES = {
  pakRinha: { productCode: 'KRUR', dropdownMax: PAK_RINHA_DROPDOWN_MAX, max: PAK_RINHA_VALIDATION_MAX },
  firstPlan: {
    productCode: 'LPTL',
    planCode: FIRST_PLAN_PLAN_CODE,
    min: FIRST_PLAN_FACE_AMOUNT_MIN,
    max: FIRST_PLAN_FACE_AMOUNT_MAX,
  },
  largerAmountThreshold: LARGER_AMOUNT_THRESHOLD,
  customAbove: CUSTOM_FACE_AMOUNT_ABOVE,
} as const;

/** The range spec §5 sets for a product (and plan), or null when it sets none. */
export function faceAmountRange(productCode: string, planKey?: string): FaceAmountRange | null {
  const { pakRinha, firstPlan } = FACE_AMOUNT_RULES;
  if (productCode === pakRinha.productCode) return { max: pakRinha.max };
  if (productCode === firstPlan.productCode && planKey !== undefined && planCodeOf(planKey) === firstPlan.planCode) {
    return { min: firstPlan.min, max: firstPlan.max };
  }
  return null;
}

/** `min` when zero or less or below the range, `max` above it, else null. */
export function faceAmountIssue(productCode: string, cents: number, planKey?: string): 'min' | 'max' | null {
  if (cents <= 0) return 'min';
  const range = faceAmountRange(productCode, planKey);
  if (range?.min !== undefined && cents < dollarsToCents(range.min)) return 'min';
  if (range?.max !== undefined && cents > dollarsToCents(range.max)) return 'max';
  return null;
}

/** 20001 dollars or more. */
export function isLargerAmount(cents: number): boolean {
  return cents >= dollarsToCents(FACE_AMOUNT_RULES.largerAmountThreshold);
}

/** More than 20000 dollars: entered as a custom amount rather than picked from the list. */
export function isCustomFaceAmount(cents: number): boolean {
  return cents > dollarsToCents(FACE_AMOUNT_RULES.customAbove);
}

/** Whether a pak rinha amount can be picked from the dropdown (at most 10000 dollars). */
export function isInPakRinhaDropdown(cents: number): boolean {
  return cents > 0 && cents <= dollarsToCents(FACE_AMOUNT_RULES.pakRinha.dropdownMax);
}

/**
 * Dropdown choices for pak rinha, in dollars: `step`, 2 x `step`, … up to 10000.
 * The step is catalogue data; 1000 when not given.
 */
export function pakRinhaDropdownOptions(step = 1000): number[] {
  if (!(step > 0)) throw new RangeError(`Not a step: ${step}`);
  const options: number[] = [];
  for (let amount = step; amount <= FACE_AMOUNT_RULES.pakRinha.dropdownMax; amount += step) options.push(amount);
  return options;
}
