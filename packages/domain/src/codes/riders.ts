/**
 * Rider codes and rider face amount types of spec §3. Which riders pair with which is in
 * rules/rider-pairs.ts; which rider a product offers is catalogue data.
 */
export const RIDER_CODES = [
  'PBE',
  'PBTR',
  'CBTR',
  'TCCIR',
  'TBUR',
  'TCIR',
  'CIWOP',
  'WLCH',
  'WLCL',
  'WLCR',
  'WPDL',
  'WPDH',
  'WPCH',
  'WPCL',
  'WPDR',
  'WPCR',
  'CXUR',
  'PLUR',
  'FAUR',
] as const;
export type RiderCode = (typeof RIDER_CODES)[number];

/** The two riders spec §3 names; the others are known by code only. */
export const RIDER_NAMES: Readonly<Partial<Record<RiderCode, string>>> = {
  PLUR: 'Education Protection Payout',
  FAUR: 'Family Assistance',
};

/** The premier riders (spec §3 lists WPDL, WPCL, WPDH, WPCH; WPDR and WPCR pair with them in §5). */
export const PREMIER_RIDER_CODES = ['WPDL', 'WPDH', 'WPDR', 'WPCL', 'WPCH', 'WPCR'] as const satisfies readonly RiderCode[];

/**
 * How a rider's face amount is set: equal to the base plan's value, calculated, taken from the
 * base plan's input, typed by the user, chosen from a list, or fixed by the system.
 */
export const RIDER_FACE_AMOUNT_TYPES = [
  'BASE_PLAN_VALUE',
  'CALCULATION',
  'BASE_PLAN_INPUT',
  'USER_INPUT',
  'LIST_OF_VALUES',
  'SYSTEM_VALUE',
] as const;
export type RiderFaceAmountType = (typeof RIDER_FACE_AMOUNT_TYPES)[number];

/** Face amount types where the user supplies the amount (so the form shows an input). */
export const USER_SET_FACE_AMOUNT_TYPES = ['USER_INPUT', 'LIST_OF_VALUES'] as const satisfies readonly RiderFaceAmountType[];

export function isRiderCode(value: unknown): value is RiderCode {
  return typeof value === 'string' && (RIDER_CODES as readonly string[]).includes(value);
}

export function isRiderFaceAmountType(value: unknown): value is RiderFaceAmountType {
  return typeof value === 'string' && (RIDER_FACE_AMOUNT_TYPES as readonly string[]).includes(value);
}

export function isUserSetFaceAmount(type: RiderFaceAmountType): boolean {
  return (USER_SET_FACE_AMOUNT_TYPES as readonly RiderFaceAmountType[]).includes(type);
}
