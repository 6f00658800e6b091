/**
 * Age rules of spec §5 as data, with `ageLastBirthday` (DESIGN.md §3: age last birthday on the
 * calculation date, Asia/Phnom_Penh) and a checker the forms and the premium engine share.
 *
 * Reading of the spec (ASSUMPTIONS, kept in one place so the business can correct them):
 * - Every product: life insured 18-65, policy owner 18-65.
 * - Premier (MLPX): owner at most 60; life insured at least 18. Special case: a life insured
 *   under 18 is allowed when a separate policy owner buys for them, and that owner must be at
 *   least 30 ("age to buy premier").
 * - Education (EDU): owner at most 55.
 * - Pak rinha (KRUR): owner at least 30 ("age to buy pak rinha") and at most 60; at most 50 on
 *   the activation plan (ATU01).
 * With no separate owner the life insured is the owner, and the owner limits apply to them too.
 */
import type { ProductCode } from '../codes/products';
import { planVariantOf } from '../codes/plan-keys';
import type { Clock } from '../format/date';
import { parseCalendarDate, readClock, todayInPhnomPenh } from '../format/date';

export const AGE_LIMITS = {
  lifeInsured: { min: 18, max: 65 },
  policyOwner: { min: 18, max: 65 },
  premier: { ownerMax: 60, lifeInsuredMin: 18, childOwnerMin: 30 },
  education: { ownerMax: 55 },
  pakRinha: { ownerMin: 30, ownerMax: 60, activationOwnerMax: 50 },
  /** Below this the life insured is a child (the premier special case). */
  adultAge: 18,
} as const;

export type AgeParty = 'lifeInsured' | 'policyOwner';

export interface AgeIssue {
  party: AgeParty;
  key: 'min' | 'max';
  limit: number;
  /** Which rule of AGE_LIMITS, e.g. `premier.ownerMax`. */
  rule: string;
}

/** Age in whole years on a day: the number of birthdays passed (29 February counts on 1 March). */
export function ageLastBirthday(dateOfBirth: string, on?: Clock): number {
  const birth = parseCalendarDate(dateOfBirth);
  const today = parseCalendarDate(todayInPhnomPenh(readClock(on)));
  if (!birth || !today) throw new RangeError(`Not a date: ${dateOfBirth}`);
  const beforeBirthday = today.month < birth.month || (today.month === birth.month && today.day < birth.day);
  return today.year - birth.year - (beforeBirthday ? 1 : 0);
}

export interface AgeCheckInput {
  productCode: ProductCode | string;
  planKey?: string;
  lifeInsuredAge: number;
  /** Omitted when the life insured is also the policy owner. */
  policyOwnerAge?: number;
}

/** Every age rule the case breaks; empty when all hold. */
export function checkAges(input: AgeCheckInput): AgeIssue[] {
  const issues: AgeIssue[] = [];
  const { productCode, lifeInsuredAge } = input;
  const separateOwner = input.policyOwnerAge !== undefined;
  const ownerAge = input.policyOwnerAge ?? lifeInsuredAge;
  const min = (party: AgeParty, age: number, limit: number, rule: string) => {
    if (age < limit) issues.push({ party, key: 'min', limit, rule });
  };
  const max = (party: AgeParty, age: number, limit: number, rule: string) => {
    if (age > limit) issues.push({ party, key: 'max', limit, rule });
  };

  const premierChild = productCode === 'MLPX' && lifeInsuredAge < AGE_LIMITS.adultAge && separateOwner;
  if (!premierChild) min('lifeInsured', lifeInsuredAge, AGE_LIMITS.lifeInsured.min, 'lifeInsured.min');
  max('lifeInsured', lifeInsuredAge, AGE_LIMITS.lifeInsured.max, 'lifeInsured.max');
  if (separateOwner) {
    min('policyOwner', ownerAge, AGE_LIMITS.policyOwner.min, 'policyOwner.min');
    max('policyOwner', ownerAge, AGE_LIMITS.policyOwner.max, 'policyOwner.max');
  }
  const owner: AgeParty = separateOwner ? 'policyOwner' : 'lifeInsured';
  if (productCode === 'MLPX') {
    if (!premierChild) min('lifeInsured', lifeInsuredAge, AGE_LIMITS.premier.lifeInsuredMin, 'premier.lifeInsuredMin');
    if (premierChild) min('policyOwner', ownerAge, AGE_LIMITS.premier.childOwnerMin, 'premier.childOwnerMin');
    max(owner, ownerAge, AGE_LIMITS.premier.ownerMax, 'premier.ownerMax');
  } else if (productCode === 'EDU') {
    max(owner, ownerAge, AGE_LIMITS.education.ownerMax, 'education.ownerMax');
  } else if (productCode === 'KRUR') {
    min(owner, ownerAge, AGE_LIMITS.pakRinha.ownerMin, 'pakRinha.ownerMin');
    const activation = input.planKey !== undefined && planVariantOf(input.planKey) === 'activation';
    if (activation) max(owner, ownerAge, AGE_LIMITS.pakRinha.activationOwnerMax, 'pakRinha.activationOwnerMax');
    else max(owner, ownerAge, AGE_LIMITS.pakRinha.ownerMax, 'pakRinha.ownerMax');
  }
  return dedupe(issues);
}

/** One issue per party and key: the tightest limit wins (e.g. owner max 60 over 65). */
function dedupe(issues: AgeIssue[]): AgeIssue[] {
  const best = new Map<string, AgeIssue>();
  for (const issue of issues) {
    const id = `${issue.party}.${issue.key}`;
    const kept = best.get(id);
    const tighter = !kept || (issue.key === 'max' ? issue.limit < kept.limit : issue.limit > kept.limit);
    if (tighter) best.set(id, issue);
  }
  return [...best.values()];
}
