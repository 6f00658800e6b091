/**
 * Plan keys of spec §3. Base plan keys KRU01 (full) and ATU01 (activation); rider plan keys for
 * education protection (EPU01 activation, PLU01 full) and family assistance (ABU01 activation,
 * FAU01 full). A complete plan key looks like ATU01-01-02: a five-character plan code, then two
 * two-digit parts (the catalogue gives them their meaning, e.g. term and premium-term options).
 */
export const PLAN_VARIANTS = ['full', 'activation'] as const;
export type PlanVariant = (typeof PLAN_VARIANTS)[number];

export const BASE_PLAN_KEYS = { full: 'KRU01', activation: 'ATU01' } as const;
export const EDUCATION_PROTECTION_KEYS = { activation: 'EPU01', full: 'PLU01' } as const;
export const FAMILY_ASSISTANCE_KEYS = { activation: 'ABU01', full: 'FAU01' } as const;

export type BasePlanKey = (typeof BASE_PLAN_KEYS)[PlanVariant];
export type RiderPlanKey = (typeof EDUCATION_PROTECTION_KEYS)[PlanVariant] | (typeof FAMILY_ASSISTANCE_KEYS)[PlanVariant];

/** Five-character plan code: three capital letters and two digits (KRU01, ATU01, LTU05). */
export const PLAN_CODE_PATTERN = /^[A-Z]{3}\d{2}$/;
/** A full plan key, e.g. KRU01-01-02. */
export const PLAN_KEY_PATTERN = /^([A-Z]{3}\d{2})-(\d{2})-(\d{2})$/;

export interface ParsedPlanKey {
  planCode: string;
  parts: readonly [string, string];
}

export function parsePlanKey(planKey: string): ParsedPlanKey | null {
  const match = PLAN_KEY_PATTERN.exec(planKey);
  if (!match) return null;
  const [, planCode = '', first = '', second = ''] = match;
  return { planCode, parts: [first, second] };
}

export function isPlanKey(value: unknown): value is string {
  return typeof value === 'string' && PLAN_KEY_PATTERN.test(value);
}

/** The plan code of a full key or of a bare plan code; null for anything else. */
export function planCodeOf(planKeyOrCode: string): string | null {
  if (PLAN_CODE_PATTERN.test(planKeyOrCode)) return planKeyOrCode;
  return parsePlanKey(planKeyOrCode)?.planCode ?? null;
}

/** Which variant a plan code is (activation or full), or null when it is not one of spec §3's. */
export function planVariantOf(planKeyOrCode: string): PlanVariant | null {
  const code = planCodeOf(planKeyOrCode);
  for (const keys of [BASE_PLAN_KEYS, EDUCATION_PROTECTION_KEYS, FAMILY_ASSISTANCE_KEYS]) {
    if (code === keys.full) return 'full';
    if (code === keys.activation) return 'activation';
  }
  return null;
}
