/**
 * The engine's arithmetic: integer cents, one rounding rule (half up, once per derived amount),
 * modal factors, mode and large-amount discounts (20,000 vs 20,001), waivers priced on the
 * premiums they waive, and before - discount = after for every mode. Expected amounts are worked
 * out by hand from a small test catalogue with round rates.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Catalogue } from '@portal/domain/catalogue/catalogue-schema';
import { CURRENT_CATALOGUE } from '@portal/domain/catalogue/seed-catalogues';
import type { CalculatePremiumRequest, CalculatePremiumResponse } from '@portal/domain/contracts/engine/calculate-premium';
import { calculatePremium } from '@portal/domain/engine/calculate-premium';
import { applyBasisPoints, divRoundHalfUp } from '@portal/domain/engine/cents';
import { bornAt, cents, request, TODAY } from './engine-fixtures';

const flat = (id: string, rate: number, basis: 'perThousand' | 'percentOfWaived' = 'perThousand') => ({
  id,
  basis,
  rows: (['M', 'F'] as const).map((gender) => ({ gender, policyTerm: null, premiumTerm: null, ageFrom: 0, ageStep: 100, rates: [rate] })),
});

/**
 * Rates: base 1,000 cents per 1,000 dollars (1 % a year); rider R 500 (0.5 %); waiver W 1,000 bp
 * (10 % of what it waives). Modal factors annual 100 %, monthly 9 %; discounts annual 2 %,
 * monthly 0; large amount (20,001 and more) 3 %.
 */
const TEST_CATALOGUE: Catalogue = {
  version: 'test.1',
  effectiveDate: '2026-01-01',
  currency: 'USD',
  modalFactorsBp: { annual: 10_000, monthly: 900 },
  modeDiscountBp: { annual: 200, monthly: 0 },
  largeAmountDiscount: { fromFaceAmount: 20_001, discountBp: 300 },
  products: [
    {
      code: 'TERM',
      name: 'T',
      nameKh: 'ត',
      packageType: 'life',
      payoutTypes: ['lumpsum'],
      premiumModes: ['annual', 'monthly'],
      defaultPlanKey: 'TST01-01-01',
      plans: [
        { planKey: 'TST01-01-01', planCode: 'TST01', variant: 'full', payoutType: 'lumpsum', name: 'T', nameKh: 'ត', rateTable: 'BASE' },
      ],
      terms: [{ policyTerm: 10, premiumTerms: [10] }],
      defaultPolicyTerm: 10,
      defaultPremiumTerm: 10,
      maxMaturityAge: 99,
      ages: { lifeInsured: { min: 18, max: 65 }, policyOwner: { min: 18, max: 65 } },
      faceAmount: { min: 1, max: 1_000_000 },
      riders: ['RID', 'WAV'],
    },
  ],
  riders: [
    {
      code: 'RID',
      name: 'R',
      nameKh: 'រ',
      coverageType: 'R',
      faceAmountType: 'USER_INPUT',
      insured: 'lifeInsured',
      requiresSeparateOwner: false,
      ages: { min: 0, max: 99 },
      faceAmount: { min: 1, max: 1_000_000 },
      rateTable: 'RID',
    },
    {
      code: 'WAV',
      name: 'W',
      nameKh: 'វ',
      coverageType: 'W',
      faceAmountType: 'CALCULATION',
      insured: 'lifeInsured',
      requiresSeparateOwner: false,
      ages: { min: 0, max: 99 },
      faceAmount: {},
      rateTable: 'WAV',
    },
  ],
  riderPairs: [],
  rateTables: [flat('BASE', 1_000), flat('RID', 500), flat('WAV', 1_000, 'percentOfWaived')],
};

function quote(req: Partial<CalculatePremiumRequest>, catalogue: Catalogue = TEST_CATALOGUE): CalculatePremiumResponse {
  const result = calculatePremium(request({ productCode: 'TERM', ...req }), catalogue, { today: TODAY });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.value;
}

describe('the rounding rule: nearest cent, halves up, once per derived amount', () => {
  it.each([
    [5, 2, 3],
    [4, 3, 1],
    [5, 3, 2],
    [1, 4, 0],
    [3, 4, 1],
    [1, 2, 1],
    [0, 7, 0],
    [99_999, 100_000, 1],
    [49_999, 100_000, 0],
    [50_000, 100_000, 1],
  ])('%d / %d -> %d', (n, d, expected) => {
    expect(divRoundHalfUp(n, d)).toBe(expected);
  });

  it('basis points of cents: 2 % of 200.01 is 4.0002 -> 4.00; 5 % of 200.01 is 10.0005 -> 10.00 (below half); 5 % of 200.10 is 10.005 -> 10.01', () => {
    expect(applyBasisPoints(20_001, 200)).toBe(400);
    expect(applyBasisPoints(20_001, 500)).toBe(1_000);
    expect(applyBasisPoints(20_010, 500)).toBe(1_001);
  });

  it('refuses what is not a non-negative integer ratio', () => {
    expect(() => divRoundHalfUp(1.5, 2)).toThrow(RangeError);
    expect(() => divRoundHalfUp(1, 0)).toThrow(RangeError);
    expect(() => divRoundHalfUp(-1, 2)).toThrow(RangeError);
  });
});

describe('discounts at 20,000 and 20,001 (spec §5 larger amount threshold)', () => {
  it('20,000.00: only the annual mode discount (2 %)', () => {
    const value = quote({ faceAmount: '20000.00' });
    // annual: 1 % of 20,000 = 200.00; 2 % discount = 4.00
    expect(value.premiumFirstYear.annual).toEqual({
      premium: '196.00',
      premiumBeforeDiscount: '200.00',
      premiumDiscount: '4.00',
      premiumAfterDiscount: '196.00',
    });
    // monthly: 9 % of 200.00 = 18.00; no discount
    expect(value.premiumFirstYear.monthly).toEqual({
      premium: '18.00',
      premiumBeforeDiscount: '18.00',
      premiumDiscount: '0.00',
      premiumAfterDiscount: '18.00',
    });
  });

  it('20,001.00: the larger-amount discount (3 %) is added to the base plan', () => {
    const value = quote({ faceAmount: '20001.00' });
    // annual: 200.01; (2 + 3) % = 10.0005 -> 10.00
    expect(value.premiumFirstYear.annual).toEqual({
      premium: '190.01',
      premiumBeforeDiscount: '200.01',
      premiumDiscount: '10.00',
      premiumAfterDiscount: '190.01',
    });
    // monthly: 9 % of 200.01 = 18.0009 -> 18.00; 3 % = 0.54
    expect(value.premiumFirstYear.monthly).toEqual({
      premium: '17.46',
      premiumBeforeDiscount: '18.00',
      premiumDiscount: '0.54',
      premiumAfterDiscount: '17.46',
    });
  });

  it('20,000.99 is not yet a larger amount; the real catalogue discounts 20,001 more than 20,000 for every product that allows both', () => {
    expect(quote({ faceAmount: '20000.99' }).premiumFirstYear.annual?.premiumDiscount).toBe('4.00');
    for (const product of CURRENT_CATALOGUE.products) {
      const range = product.faceAmount;
      if (range.min > 20_000 || range.max < 20_001) continue;
      const at = (faceAmount: string) =>
        quote({ productCode: product.code, faceAmount, lifeInsured: { dateOfBirth: bornAt(40), gender: 'M' } }, CURRENT_CATALOGUE);
      for (const mode of product.premiumModes) {
        const base20000 = at('20000.00').coverages[0]?.premiumFirstYear[mode];
        const base20001 = at('20001.00').coverages[0]?.premiumFirstYear[mode];
        const ratio = (m: { premiumDiscount: string; premiumBeforeDiscount: string } | undefined) =>
          m ? cents(m.premiumDiscount) / cents(m.premiumBeforeDiscount) : NaN;
        // The larger-amount discount adds 3 points to the mode discount's share (rounding aside).
        expect(ratio(base20001) - ratio(base20000), `${product.code} ${mode}`).toBeGreaterThan(0.025);
      }
    }
  });
});

describe('riders and waivers', () => {
  it('a rider is priced on its own face amount; a waiver on the premiums it waives', () => {
    const value = quote({ faceAmount: '10000.00', riders: [{ code: 'RID', faceAmount: '4000.00' }, { code: 'WAV' }] });
    const [base, rider, waiver] = value.coverages;
    // base 1 % of 10,000 = 100.00; rider 0.5 % of 4,000 = 20.00; waiver 10 % of (100 + 20) = 12.00
    expect(base?.premiumFirstYear.annual?.premiumBeforeDiscount).toBe('100.00');
    expect(rider?.premiumFirstYear.annual?.premiumBeforeDiscount).toBe('20.00');
    expect(waiver).toMatchObject({ coverageType: 'W', code: 'WAV', faceAmount: '120.00' });
    expect(waiver?.premiumFirstYear.annual?.premiumBeforeDiscount).toBe('12.00');
    // totals: 132.00 before, 2 % = 2.64 off
    expect(value.premiumFirstYear.annual).toEqual({
      premium: '129.36',
      premiumBeforeDiscount: '132.00',
      premiumDiscount: '2.64',
      premiumAfterDiscount: '129.36',
    });
    // monthly: 9.00 + 1.80 + 1.08
    expect(value.premiumFirstYear.monthly?.premiumBeforeDiscount).toBe('11.88');
  });

  it('the larger-amount discount applies to the base plan only, not to riders', () => {
    const value = quote({ faceAmount: '30000.00', riders: [{ code: 'RID', faceAmount: '30000.00' }] });
    expect(value.coverages[0]?.premiumFirstYear.annual?.premiumDiscount).toBe('15.00'); // 5 % of 300.00
    expect(value.coverages[1]?.premiumFirstYear.annual?.premiumDiscount).toBe('3.00'); // 2 % of 150.00
  });
});

/** Every product with a valid quote (riders its pairs allow), every allowed mode. */
const sampleRequests = (): CalculatePremiumRequest[] =>
  CURRENT_CATALOGUE.products.flatMap((product) => {
    const face = `${Math.max(product.faceAmount.min, Math.min(25_000, product.faceAmount.max))}.00`;
    const insured = { dateOfBirth: bornAt(40), gender: 'F' as const };
    const plain = request({ productCode: product.code, faceAmount: face, lifeInsured: insured });
    const riders = product.riders
      .filter((code) => !['PBE', 'PBTR'].includes(code))
      .map((code) => {
        const rider = CURRENT_CATALOGUE.riders.find((r) => r.code === code);
        const list = rider?.faceAmount.options?.[0];
        if (rider?.faceAmountType === 'LIST_OF_VALUES') return { code, faceAmount: `${list}.00` };
        if (rider?.faceAmountType === 'USER_INPUT') return { code, faceAmount: '1000.00' };
        return { code };
      });
    return [plain, { ...plain, riders }];
  });

function expectIdentity(value: CalculatePremiumResponse, allowedModes: readonly string[]): void {
  expect(Object.keys(value.premiumFirstYear).sort()).toEqual([...allowedModes].sort());
  for (const [mode, total] of Object.entries(value.premiumFirstYear)) {
    expect(cents(total.premiumBeforeDiscount) - cents(total.premiumDiscount), `${value.productCode} ${mode}`).toBe(
      cents(total.premiumAfterDiscount),
    );
    expect(total.premium).toBe(total.premiumAfterDiscount);
    for (const field of ['premiumBeforeDiscount', 'premiumDiscount', 'premiumAfterDiscount'] as const) {
      const sum = value.coverages.reduce((n, c) => n + cents(c.premiumFirstYear[mode as 'annual']?.[field] ?? 'x'), 0);
      expect(sum, `${value.productCode} ${mode} ${field} = sum of coverages`).toBe(cents(total[field]));
    }
    for (const coverage of value.coverages) {
      const m = coverage.premiumFirstYear[mode as 'annual'];
      expect(m && cents(m.premiumBeforeDiscount) - cents(m.premiumDiscount)).toBe(m && cents(m.premiumAfterDiscount));
      expect(m && cents(m.premiumAfterDiscount)).toBeGreaterThan(0);
    }
  }
}

describe('before - discount = after, for every product and every mode', () => {
  it('on the current catalogue, with and without riders', () => {
    const requests = sampleRequests();
    expect(requests).toHaveLength(20);
    for (const req of requests) {
      const result = calculatePremium(req, CURRENT_CATALOGUE, { today: TODAY });
      expect(result.ok, `${req.productCode} ${JSON.stringify(!result.ok && result.errors)}`).toBe(true);
      if (!result.ok) continue;
      const product = CURRENT_CATALOGUE.products.find((p) => p.code === req.productCode);
      expectIdentity(result.value, product?.premiumModes ?? []);
    }
  });

  it('for any face amount, age and gender the product accepts (property)', () => {
    const products = CURRENT_CATALOGUE.products;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: products.length - 1 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.constantFrom<'M' | 'F'>('M', 'F'),
        fc.integer({ min: 0, max: 99 }),
        (p, share, gender, centsPart) => {
          const product = products[p];
          if (!product) return;
          const { min, max } = product.faceAmount;
          const dollars = Math.min(max - 1, min + Math.floor(((max - min) * share) / 1_000_000));
          const age = Math.max(product.ages.lifeInsured.min, product.ages.policyOwner.min) + (share % 5);
          const result = calculatePremium(
            request({
              productCode: product.code,
              faceAmount: `${dollars}.${String(centsPart).padStart(2, '0')}`,
              lifeInsured: { dateOfBirth: bornAt(age), gender },
            }),
            CURRENT_CATALOGUE,
            { today: TODAY },
          );
          expect(result.ok).toBe(true);
          if (result.ok) expectIdentity(result.value, product.premiumModes);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('premiums rise with age and with face amount (the rates are plausible, not flat)', () => {
    const annual = (age: number, faceAmount = '20000.00') =>
      cents(
        quote({ faceAmount, lifeInsured: { dateOfBirth: bornAt(age), gender: 'M' } }, CURRENT_CATALOGUE).premiumFirstYear.annual?.premium ??
          'x',
      );
    expect(annual(50)).toBeGreaterThan(annual(30));
    expect(annual(30, '40000.00')).toBeGreaterThan(annual(30, '20000.00'));
    const monthly = cents(quote({ faceAmount: '20000.00' }, CURRENT_CATALOGUE).premiumFirstYear.monthly?.premium ?? 'x');
    const yearly = cents(quote({ faceAmount: '20000.00' }, CURRENT_CATALOGUE).premiumFirstYear.annual?.premium ?? 'x');
    expect(monthly * 12).toBeGreaterThan(yearly); // paying monthly costs more over a year
  });
});
