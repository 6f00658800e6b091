import { describe, expect, it } from 'vitest';
import { CURRENT_CATALOGUE, SEED_CATALOGUES } from '@portal/domain/catalogue/seed-catalogues';
import type { CalculatePremiumRequest } from '@portal/domain/contracts/engine/calculate-premium';
import { calculatePremium } from '@portal/domain/engine/calculate-premium';
import { todayInPhnomPenh } from '@portal/domain/format/date';
import { AppError } from '../../src/lib/app-error';
import { EngineService } from '../../src/modules/engine/engine.service';
import { CatalogueStore } from '../../src/modules/products/catalogue.service';

/** Born on 2000-06-15: 25 on 2026-06-14, 26 from 2026-06-15 (age last birthday). */
const QUOTE: CalculatePremiumRequest = {
  productCode: 'TERM',
  lifeInsured: { dateOfBirth: '2000-06-15', gender: 'F' },
  faceAmount: '25000.00',
  riders: [{ code: 'TBUR' }],
};

describe('the engine service', () => {
  let now = new Date('2026-06-14T12:00:00+07:00');
  const service = new EngineService(new CatalogueStore(SEED_CATALOGUES, CURRENT_CATALOGUE), () => now);
  const expected = (today: string) => {
    const result = calculatePremium(QUOTE, CURRENT_CATALOGUE, { today });
    if (!result.ok) throw new Error('the quote should be valid');
    return result.value;
  };

  it('answers what the engine computes for today in Phnom Penh, and anew when the day (the age) changes', () => {
    const first = service.calculate(QUOTE);
    expect(first).toEqual(expected('2026-06-14'));
    now = new Date('2026-06-15T00:30:00+07:00');
    expect(todayInPhnomPenh(now)).toBe('2026-06-15');
    const nextDay = service.calculate(QUOTE);
    expect(nextDay).toEqual(expected('2026-06-15'));
    expect(nextDay.lifeInsuredAge).toBe(first.lifeInsuredAge + 1);
  });

  it('refuses a broken request with a validation error', () => {
    expect(() => service.calculate({ ...QUOTE, faceAmount: '1.00' })).toThrow(AppError);
  });
});
