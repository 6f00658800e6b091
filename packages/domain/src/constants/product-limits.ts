/**
 * Product constants of spec §9. Amounts are whole US dollars (the face amount a customer
 * chooses); compare them with cents via `dollarsToCents` of format/money.ts. The face amount
 * rules built on these live in rules/face-amounts.ts.
 */

/**
 * Face amount limits 100000 and 50000. The spec does not say which product uses which; they are
 * kept as an upper and a lower cap for the catalogue to pick from.
 */
export const FACE_AMOUNT_LIMIT_HIGH = 100_000;
export const FACE_AMOUNT_LIMIT_LOW = 50_000;

/** Education: the child benefit is this many times the face amount. */
export const EDUCATION_CHILD_BENEFIT_COEFFICIENT = 2;

/** Home loan (MRTA) and pak rinha (KRUR): premium period of 1 (one premium payment year). */
export const HOME_LOAN_PREMIUM_PERIOD = 1;
export const PAK_RINHA_PREMIUM_PERIOD = 1;

/** Pak rinha face amounts: the dropdown offers up to 10000; validation allows up to 500000. */
export const PAK_RINHA_DROPDOWN_MAX = 10_000;
export const PAK_RINHA_VALIDATION_MAX = 500_000;

/** First plan (LPTL), plan code LTU05: face amount 30000 to 75000. */
export const FIRST_PLAN_PLAN_CODE = 'LTU05';
export const FIRST_PLAN_FACE_AMOUNT_MIN = 30_000;
export const FIRST_PLAN_FACE_AMOUNT_MAX = 75_000;

/** A face amount of 20001 or more is a "larger amount". */
export const LARGER_AMOUNT_THRESHOLD = 20_001;
/** Face amounts above 20000 are typed in (custom) rather than chosen from the list. */
export const CUSTOM_FACE_AMOUNT_ABOVE = 20_000;
