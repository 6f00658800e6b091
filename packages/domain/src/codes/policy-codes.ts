/** Policy status and coverage type codes of spec §3 (policy servicing, proposals, the engine). */
export const POLICY_STATUSES = ['Lapsed', 'Active', 'Grace'] as const;
export type PolicyStatus = (typeof POLICY_STATUSES)[number];

/** A policy in force or in its grace period still covers the insured; a lapsed one does not. */
export const POLICY_STATUSES_IN_FORCE = ['Active', 'Grace'] as const satisfies readonly PolicyStatus[];

export const COVERAGE_TYPES = { B: 'basePlan', R: 'rider', W: 'waiver' } as const;
export type CoverageType = keyof typeof COVERAGE_TYPES;
export const COVERAGE_TYPE_CODES = Object.keys(COVERAGE_TYPES) as readonly CoverageType[];

export const COVERAGE_BASE_PLAN: CoverageType = 'B';
export const COVERAGE_RIDER: CoverageType = 'R';
export const COVERAGE_WAIVER: CoverageType = 'W';

export function isPolicyStatus(value: unknown): value is PolicyStatus {
  return typeof value === 'string' && (POLICY_STATUSES as readonly string[]).includes(value);
}

export function isPolicyInForce(status: PolicyStatus): boolean {
  return (POLICY_STATUSES_IN_FORCE as readonly PolicyStatus[]).includes(status);
}

export function isCoverageType(value: unknown): value is CoverageType {
  return typeof value === 'string' && Object.hasOwn(COVERAGE_TYPES, value);
}
