import { describe, expect, it } from 'vitest';
import { CURRENT_CATALOGUE, SEED_CATALOGUES } from '@portal/domain/catalogue/seed-catalogues';
import { calculatePremiumResponseSchema, type CalculatePremiumRequest } from '@portal/domain/contracts/engine/calculate-premium';
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

describe('the memoised engine', () => {
  let now = new Date('2026-06-14T12:00:00+07:00');
  const service = new EngineService(new CatalogueStore(SEED_CATALOGUES, CURRENT_CATALOGUE), () => now);
  const expected = (today: string) => {
    const result = calculatePremium(QUOTE, CURRENT_CATALOGUE, { today });
    if (!result.ok) throw new Error('the quote should be valid');
    return JSON.stringify(calculatePremiumResponseSchema.encode(result.value));
  };

  it('answers exactly what the engine computes, again from memory, and anew when the day (the age) changes', async () => {
    const first = await service.calculate(QUOTE);
    expect(first.body).toBe(expected('2026-06-14'));
    expect((await service.calculate({ ...QUOTE })).body).toBe(first.body);
    now = new Date('2026-06-15T00:30:00+07:00');
    expect(todayInPhnomPenh(now)).toBe('2026-06-15');
    const nextDay = await service.calculate(QUOTE);
    expect(nextDay.body).toBe(expected('2026-06-15'));
    expect(nextDay.body).not.toBe(first.body);
  });

  it('refuses a broken request every time (a refusal is never remembered)', async () => {
    const broken = { ...QUOTE, faceAmount: '1.00' };
    await expect(service.calculate(broken)).rejects.toBeInstanceOf(AppError);
    await expect(service.calculate(broken)).rejects.toBeInstanceOf(AppError);
  });
});
