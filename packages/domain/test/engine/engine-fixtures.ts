import type { CalculatePremiumRequest } from '@portal/domain/contracts/engine/calculate-premium';

/** The calculation date of every engine test. */
export const TODAY = '2026-06-15';

/** A birth date whose age last birthday on TODAY is `age` (born on 1 June). */
export function bornAt(age: number): string {
  return `${String(2026 - age).padStart(4, '0')}-06-01`;
}

export function request(overrides: Partial<CalculatePremiumRequest> & { productCode: string }): CalculatePremiumRequest {
  return {
    lifeInsured: { dateOfBirth: bornAt(35), gender: 'M' },
    faceAmount: '20000.00',
    ...overrides,
  };
}

/** Decimal string with 2 places to cents, without floating point. */
export function cents(amount: string): number {
  const match = /^(\d+)\.(\d{2})$/.exec(amount);
  if (!match) throw new Error(`not an amount: ${amount}`);
  return Number(match[1]) * 100 + Number(match[2]);
}
