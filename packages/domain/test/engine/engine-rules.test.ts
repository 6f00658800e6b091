/**
 * The rules of spec §5 as the premium engine enforces them, table-driven:
 * every product at its minimum and maximum ages and face amounts, one below and one above each
 * limit, every rider pair both ways. Expected limits are written here from the spec, not read
 * from the catalogue, so a wrong catalogue fails.
 */
import { describe, expect, it } from 'vitest';
import { CURRENT_CATALOGUE } from '@portal/domain/catalogue/seed-catalogues';
import type { CalculatePremiumRequest } from '@portal/domain/contracts/engine/calculate-premium';
import { calculatePremium } from '@portal/domain/engine/calculate-premium';
import { bornAt, request, TODAY } from './engine-fixtures';

const run = (req: CalculatePremiumRequest) => calculatePremium(req, CURRENT_CATALOGUE, { today: TODAY });
const errorsOf = (req: CalculatePremiumRequest) => {
  const result = run(req);
  return result.ok ? [] : result.errors;
};

/** A face amount every product accepts (for age tests): within each product's range. */
const FACE: Record<string, string> = {
  LPTL: '20000.00',
  MLPX: '20000.00',
  EDU: '20000.00',
  ENDW: '20000.00',
  TRRP: '20000.00',
  MRTA: '20000.00',
  KRUR: '5000.00',
  TERM: '20000.00',
  THCR: '5000.00',
  TMCR: '5000.00',
};

/**
 * Age limits, age last birthday. `alone`: the life insured is also the owner (both ranges apply);
 * `insured`/`owner`: with a separate owner. Spec §5: life insured and owner 18-65; premier owner
 * max 60; education owner max 55; pak rinha owner 30 ("age to buy pak rinha") to 60.
 */
const AGE_TABLE: { product: string; planKey?: string; alone: [number, number]; insured: [number, number]; owner: [number, number] }[] = [
  { product: 'LPTL', alone: [18, 65], insured: [18, 65], owner: [18, 65] },
  { product: 'MLPX', alone: [18, 60], insured: [18, 65], owner: [18, 60] },
  { product: 'EDU', alone: [18, 55], insured: [18, 65], owner: [18, 55] },
  { product: 'ENDW', alone: [18, 65], insured: [18, 65], owner: [18, 65] },
  { product: 'TRRP', alone: [18, 65], insured: [18, 65], owner: [18, 65] },
  { product: 'MRTA', alone: [18, 65], insured: [18, 65], owner: [18, 65] },
  { product: 'KRUR', alone: [30, 60], insured: [18, 65], owner: [30, 60] },
  { product: 'KRUR', planKey: 'KRU01-01-02', alone: [30, 60], insured: [18, 65], owner: [30, 60] },
  // Pak rinha activation (ATU01): owner max 50.
  { product: 'KRUR', planKey: 'ATU01-01-02', alone: [30, 50], insured: [18, 65], owner: [30, 50] },
  { product: 'TERM', alone: [18, 65], insured: [18, 65], owner: [18, 65] },
  { product: 'THCR', alone: [18, 65], insured: [18, 65], owner: [18, 65] },
  { product: 'TMCR', alone: [18, 65], insured: [18, 65], owner: [18, 65] },
];

describe('age limits of every product (spec §5): at each limit, one below, one above', () => {
  for (const row of AGE_TABLE) {
    const name = row.planKey ? `${row.product} ${row.planKey}` : row.product;
    const base = { productCode: row.product, faceAmount: FACE[row.product] ?? '5000.00', ...(row.planKey ? { planKey: row.planKey } : {}) };
    const alone = (age: number) => request({ ...base, lifeInsured: { dateOfBirth: bornAt(age), gender: 'F' } });
    const withOwner = (insured: number, owner: number) =>
      request({
        ...base,
        lifeInsured: { dateOfBirth: bornAt(insured), gender: 'M' },
        policyOwner: { dateOfBirth: bornAt(owner), gender: 'F' },
      });
    const [aloneMin, aloneMax] = row.alone;
    const [insuredMin, insuredMax] = row.insured;
    const [ownerMin, ownerMax] = row.owner;
    const midOwner = Math.max(ownerMin, 40) > ownerMax ? ownerMin : Math.max(ownerMin, 40);
    const midInsured = 30;

    it(`${name}: life insured who is the owner, ${aloneMin}-${aloneMax}`, () => {
      expect(errorsOf(alone(aloneMin))).toEqual([]);
      expect(errorsOf(alone(aloneMax))).toEqual([]);
      expect(errorsOf(alone(aloneMin - 1))).toEqual([{ field: 'lifeInsured.dateOfBirth', key: 'min' }]);
      expect(errorsOf(alone(aloneMax + 1))).toEqual([{ field: 'lifeInsured.dateOfBirth', key: 'max' }]);
    });

    it(`${name}: separate owner — life insured ${insuredMin}-${insuredMax}`, () => {
      expect(errorsOf(withOwner(insuredMin, midOwner))).toEqual([]);
      expect(errorsOf(withOwner(insuredMax, midOwner))).toEqual([]);
      if (row.product !== 'MLPX') {
        expect(errorsOf(withOwner(insuredMin - 1, midOwner))).toEqual([{ field: 'lifeInsured.dateOfBirth', key: 'min' }]);
      }
      expect(errorsOf(withOwner(insuredMax + 1, midOwner))).toEqual([{ field: 'lifeInsured.dateOfBirth', key: 'max' }]);
    });

    it(`${name}: separate owner — owner ${ownerMin}-${ownerMax}`, () => {
      expect(errorsOf(withOwner(midInsured, ownerMin))).toEqual([]);
      expect(errorsOf(withOwner(midInsured, ownerMax))).toEqual([]);
      expect(errorsOf(withOwner(midInsured, ownerMin - 1))).toEqual([{ field: 'policyOwner.dateOfBirth', key: 'min' }]);
      expect(errorsOf(withOwner(midInsured, ownerMax + 1))).toEqual([{ field: 'policyOwner.dateOfBirth', key: 'max' }]);
    });
  }

  it('premier special case: a child life insured needs a separate owner of at least 30 (age to buy premier)', () => {
    const child = (insured: number, owner?: number) =>
      request({
        productCode: 'MLPX',
        lifeInsured: { dateOfBirth: bornAt(insured), gender: 'F' },
        ...(owner === undefined ? {} : { policyOwner: { dateOfBirth: bornAt(owner), gender: 'M' } }),
      });
    expect(errorsOf(child(0, 30))).toEqual([]);
    expect(errorsOf(child(17, 30))).toEqual([]);
    expect(errorsOf(child(17, 29))).toEqual([{ field: 'policyOwner.dateOfBirth', key: 'min' }]);
    expect(errorsOf(child(17))).toEqual([{ field: 'lifeInsured.dateOfBirth', key: 'min' }]);
    // An adult life insured: the owner's ordinary minimum of 18 applies.
    expect(errorsOf(child(18, 18))).toEqual([]);
  });

  it("the life insured's age plus the policy term may not pass the maturity age (TERM: 75)", () => {
    const term = (age: number, policyTerm: number) =>
      request({ productCode: 'TERM', lifeInsured: { dateOfBirth: bornAt(age), gender: 'M' }, policyTerm });
    expect(errorsOf(term(55, 20))).toEqual([]);
    expect(errorsOf(term(56, 20))).toEqual([{ field: 'policyTerm', key: 'max' }]);
  });

  it('age is age last birthday on the calculation date: the day before the birthday is one year younger', () => {
    const onDay = (dateOfBirth: string) => run(request({ productCode: 'TERM', lifeInsured: { dateOfBirth, gender: 'M' } }));
    const before = onDay('1961-06-16'); // 65th birthday tomorrow: still 64
    const on = onDay('1961-06-15');
    expect(before.ok && before.value.lifeInsuredAge).toBe(64);
    expect(on.ok && on.value.lifeInsuredAge).toBe(65);
    expect(errorsOf(request({ productCode: 'TERM', lifeInsured: { dateOfBirth: '1960-06-15', gender: 'M' } }))).toEqual([
      { field: 'lifeInsured.dateOfBirth', key: 'max' },
    ]);
  });
});

/** Face amount limits in dollars (spec §5 and §9: pak rinha validation max 500,000; first plan LTU05 30,000-75,000; limits 100,000 and 50,000). */
const FACE_TABLE: { product: string; planKey?: string; min: number; max: number }[] = [
  { product: 'LPTL', min: 5_000, max: 100_000 },
  { product: 'LPTL', planKey: 'LTU05-02-01', min: 30_000, max: 75_000 },
  { product: 'MLPX', min: 10_000, max: 100_000 },
  { product: 'EDU', min: 2_000, max: 50_000 },
  { product: 'ENDW', min: 2_000, max: 100_000 },
  { product: 'TRRP', min: 5_000, max: 100_000 },
  { product: 'MRTA', min: 5_000, max: 100_000 },
  { product: 'KRUR', min: 1_000, max: 500_000 },
  { product: 'KRUR', planKey: 'ATU01-01-02', min: 1_000, max: 500_000 },
  { product: 'TERM', min: 5_000, max: 100_000 },
  { product: 'THCR', min: 1_000, max: 50_000 },
  { product: 'TMCR', min: 1_000, max: 50_000 },
];

describe('face amount limits of every product: at each limit, one dollar below, one above', () => {
  for (const row of FACE_TABLE) {
    const name = row.planKey ? `${row.product} ${row.planKey}` : row.product;
    const at = (dollars: number) =>
      request({
        productCode: row.product,
        faceAmount: `${dollars}.00`,
        lifeInsured: { dateOfBirth: bornAt(40), gender: 'M' },
        ...(row.planKey ? { planKey: row.planKey } : {}),
      });
    it(`${name}: ${row.min}-${row.max}`, () => {
      expect(errorsOf(at(row.min))).toEqual([]);
      expect(errorsOf(at(row.max))).toEqual([]);
      expect(errorsOf(at(row.min - 1))).toEqual([{ field: 'faceAmount', key: 'min' }]);
      expect(errorsOf(at(row.max + 1))).toEqual([{ field: 'faceAmount', key: 'max' }]);
    });
  }

  it('one cent over a limit is over it; zero, garbage and nothing are refused', () => {
    expect(errorsOf(request({ productCode: 'TERM', faceAmount: '100000.01' }))).toEqual([{ field: 'faceAmount', key: 'max' }]);
    expect(errorsOf(request({ productCode: 'TERM', faceAmount: '0.00' }))).toEqual([{ field: 'faceAmount', key: 'min' }]);
    expect(errorsOf(request({ productCode: 'TERM', faceAmount: 'lots' }))).toEqual([{ field: 'faceAmount', key: 'invalid' }]);
    expect(errorsOf(request({ productCode: 'TERM', faceAmount: '' }))).toEqual([{ field: 'faceAmount', key: 'required' }]);
    // Commas are read as thousands separators.
    expect(errorsOf(request({ productCode: 'TERM', faceAmount: '25,000.00' }))).toEqual([]);
  });

  it('pak rinha: the form lists up to 10,000 (dropdown), and amounts above 20,000 are custom', () => {
    const krur = CURRENT_CATALOGUE.products.find((p) => p.code === 'KRUR');
    expect(krur?.faceAmount).toMatchObject({ dropdownMax: 10_000, customAbove: 20_000, max: 500_000 });
  });
});

/** Spec §5 rider pairs: `rider` + `companion`, required or optional; the product that sells both. */
const PAIR_TABLE: { rider: string; companion: string; kind: 'required' | 'optional'; product: string }[] = [
  { rider: 'WPCH', companion: 'WPCL', kind: 'optional', product: 'MLPX' },
  { rider: 'WPDH', companion: 'WPDL', kind: 'required', product: 'MLPX' },
  { rider: 'WPDR', companion: 'WPDH', kind: 'required', product: 'MLPX' },
  { rider: 'WPCH', companion: 'WPCR', kind: 'optional', product: 'MLPX' },
  { rider: 'WPDR', companion: 'WPDL', kind: 'required', product: 'MLPX' },
  { rider: 'WPCR', companion: 'WPCL', kind: 'optional', product: 'MLPX' },
  { rider: 'TCIR', companion: 'CIWOP', kind: 'optional', product: 'ENDW' },
];

/** The rider entry with a face amount its type accepts. */
function riderEntry(code: string): { code: string; faceAmount?: string } {
  const faceAmounts: Record<string, string> = { WPCH: '10000.00', WPCL: '5000.00', TCIR: '5000.00' };
  return faceAmounts[code] ? { code, faceAmount: faceAmounts[code] } : { code };
}

/** The other required companions of a rider (WPDR needs WPDH and WPDL), so one pair is tested at a time. */
function otherRequired(rider: string, companion: string): string[] {
  return PAIR_TABLE.filter((p) => p.kind === 'required' && p.rider === rider && p.companion !== companion).map((p) => p.companion);
}

describe('rider pairs (spec §5), both ways', () => {
  for (const pair of PAIR_TABLE) {
    const quote = (codes: string[]) =>
      request({
        productCode: pair.product,
        faceAmount: '30000.00',
        lifeInsured: { dateOfBirth: bornAt(40), gender: 'F' },
        riders: codes.map(riderEntry),
      });
    const others = otherRequired(pair.rider, pair.companion);
    if (pair.kind === 'required') {
      it(`${pair.rider} needs ${pair.companion}: without it riders.0.code is required; with it, fine`, () => {
        // (WPDR + WPDH without WPDL: WPDH misses WPDL too, so riders.1.code is also required.)
        expect(errorsOf(quote([pair.rider, ...others]))).toContainEqual({ field: 'riders.0.code', key: 'required' });
        expect(errorsOf(quote([pair.rider, ...others])).every((e) => e.key === 'required')).toBe(true);
        expect(errorsOf(quote([pair.rider, ...others, pair.companion]))).toEqual([]);
      });
      it(`${pair.companion} without ${pair.rider} is fine (the pair binds one way)`, () => {
        expect(errorsOf(quote([pair.companion, ...otherRequired(pair.companion, '')]))).toEqual([]);
      });
    } else {
      it(`${pair.rider} + ${pair.companion} optional: either alone or both, no error`, () => {
        expect(errorsOf(quote([pair.rider]))).toEqual([]);
        expect(errorsOf(quote([pair.companion]))).toEqual([]);
        expect(errorsOf(quote([pair.rider, pair.companion]))).toEqual([]);
      });
    }
  }

  it('WPDR alone misses both of its companions: one required error on its field', () => {
    expect(errorsOf(request({ productCode: 'MLPX', riders: [{ code: 'WPDR' }] }))).toEqual([{ field: 'riders.0.code', key: 'required' }]);
    expect(errorsOf(request({ productCode: 'MLPX', riders: [{ code: 'WPDL' }, { code: 'WPDR' }] }))).toEqual([
      { field: 'riders.1.code', key: 'required' },
    ]);
  });

  it('the catalogue carries exactly the pairs of spec §5', () => {
    const key = (p: { rider: string; companion: string; kind: string }) => `${p.rider}+${p.companion}:${p.kind}`;
    expect(CURRENT_CATALOGUE.riderPairs.map(key).sort()).toEqual(PAIR_TABLE.map(key).sort());
  });
});

describe('other rules: each a field and a form error key', () => {
  it.each<[string, Partial<CalculatePremiumRequest> & { productCode: string }, { field: string; key: string }[]]>([
    ['unknown product', { productCode: 'XXXX' }, [{ field: 'productCode', key: 'invalid' }]],
    ['a premier rider is not a base product', { productCode: 'WPDL' }, [{ field: 'productCode', key: 'invalid' }]],
    ['no product', { productCode: '' }, [{ field: 'productCode', key: 'required' }]],
    ['a plan of another product', { productCode: 'TERM', planKey: 'KRU01-01-02' }, [{ field: 'planKey', key: 'invalid' }]],
    ['a policy term the product does not offer', { productCode: 'TERM', policyTerm: 7 }, [{ field: 'policyTerm', key: 'invalid' }]],
    [
      'a premium term not offered with that policy term',
      { productCode: 'TERM', policyTerm: 10, premiumTerm: 15 },
      [{ field: 'premiumTerm', key: 'invalid' }],
    ],
    ['home loan: premium period 1 only', { productCode: 'MRTA', premiumTerm: 5 }, [{ field: 'premiumTerm', key: 'invalid' }]],
    [
      'a rider the product does not sell',
      { productCode: 'TERM', riders: [{ code: 'WPDL' }] },
      [{ field: 'riders.0.code', key: 'invalid' }],
    ],
    ['a rider twice', { productCode: 'TERM', riders: [{ code: 'TBUR' }, { code: 'TBUR' }] }, [{ field: 'riders.1.code', key: 'invalid' }]],
    [
      'a payor rider without a separate owner',
      { productCode: 'TERM', riders: [{ code: 'PBE' }] },
      [{ field: 'riders.0.code', key: 'invalid' }],
    ],
    [
      'a user-input rider amount missing',
      { productCode: 'TERM', riders: [{ code: 'TCIR' }] },
      [{ field: 'riders.0.faceAmount', key: 'required' }],
    ],
    [
      'a user-input rider amount over the base face amount',
      { productCode: 'TERM', faceAmount: '10000.00', riders: [{ code: 'TCIR', faceAmount: '10000.01' }] },
      [{ field: 'riders.0.faceAmount', key: 'max' }],
    ],
    [
      'a user-input rider amount over its limit (50,000)',
      { productCode: 'TERM', faceAmount: '90000.00', riders: [{ code: 'TCIR', faceAmount: '50001.00' }] },
      [{ field: 'riders.0.faceAmount', key: 'max' }],
    ],
    [
      'a user-input rider amount under its minimum',
      { productCode: 'TERM', riders: [{ code: 'TCIR', faceAmount: '999.00' }] },
      [{ field: 'riders.0.faceAmount', key: 'min' }],
    ],
    [
      'a list rider amount not on the list',
      { productCode: 'TERM', riders: [{ code: 'TCCIR', faceAmount: '7000.00' }] },
      [{ field: 'riders.0.faceAmount', key: 'invalid' }],
    ],
    [
      'a rider past its age limit (critical illness to 55)',
      { productCode: 'TERM', lifeInsured: { dateOfBirth: bornAt(56), gender: 'M' }, riders: [{ code: 'TCIR', faceAmount: '5000.00' }] },
      [{ field: 'riders.0.code', key: 'max' }],
    ],
    [
      'a birth date in the future',
      { productCode: 'TERM', lifeInsured: { dateOfBirth: '2026-06-16', gender: 'M' } },
      [{ field: 'lifeInsured.dateOfBirth', key: 'date_not_bigger_then_current_date' }],
    ],
    [
      'a birth date that does not exist',
      { productCode: 'TERM', lifeInsured: { dateOfBirth: '1990-02-30', gender: 'M' } },
      [{ field: 'lifeInsured.dateOfBirth', key: 'invalid' }],
    ],
    [
      "an owner's birth date that does not exist",
      { productCode: 'TERM', policyOwner: { dateOfBirth: 'soon', gender: 'M' } },
      [{ field: 'policyOwner.dateOfBirth', key: 'invalid' }],
    ],
  ])('%s', (_name, overrides, expected) => {
    expect(errorsOf(request(overrides))).toEqual(expected);
  });

  it('reports every broken rule at once', () => {
    const errors = errorsOf(
      request({
        productCode: 'TERM',
        lifeInsured: { dateOfBirth: bornAt(17), gender: 'M' },
        faceAmount: '100001.00',
        policyTerm: 7,
        riders: [{ code: 'WPDL' }],
      }),
    );
    expect(errors).toEqual(
      expect.arrayContaining([
        { field: 'lifeInsured.dateOfBirth', key: 'min' },
        { field: 'faceAmount', key: 'max' },
        { field: 'policyTerm', key: 'invalid' },
        { field: 'riders.0.code', key: 'invalid' },
      ]),
    );
    expect(errors).toHaveLength(4);
  });

  it('a payor rider is accepted with a separate owner, rated on the owner', () => {
    const result = run(
      request({
        productCode: 'TERM',
        lifeInsured: { dateOfBirth: bornAt(30), gender: 'M' },
        policyOwner: { dateOfBirth: bornAt(45), gender: 'F' },
        riders: [{ code: 'PBE' }, { code: 'PBTR', faceAmount: '10000.00' }],
      }),
    );
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.value.policyOwnerAge).toBe(45);
  });

  it("defaults: the product's plan and terms when omitted; the first premium term of a chosen policy term", () => {
    const result = run(request({ productCode: 'TERM', policyTerm: 15 }));
    expect(result.ok && [result.value.planKey, result.value.policyTerm, result.value.premiumTerm]).toEqual(['FPU01-02-01', 15, 10]);
    const plain = run(request({ productCode: 'KRUR', faceAmount: '5000.00' }));
    expect(plain.ok && [plain.value.planKey, plain.value.policyTerm, plain.value.premiumTerm]).toEqual(['KRU01-01-02', 1, 1]);
  });

  it('rider plan keys follow the base plan variant: family assistance ABU01 on activation, FAU01 on full', () => {
    const planOf = (planKey: string) => {
      const result = run(
        request({ productCode: 'KRUR', planKey, faceAmount: '5000.00', riders: [{ code: 'FAUR', faceAmount: '1000.00' }] }),
      );
      return result.ok ? result.value.coverages.find((c) => c.code === 'FAUR')?.planKey : result.errors;
    };
    expect(planOf('ATU01-01-02')).toBe('ABU01');
    expect(planOf('KRU01-01-02')).toBe('FAU01');
    const edu = (planKey: string) => {
      const result = run(request({ productCode: 'EDU', planKey, riders: [{ code: 'PLUR' }] }));
      return result.ok ? result.value.coverages.find((c) => c.code === 'PLUR')?.planKey : result.errors;
    };
    expect(edu('EDA01-01-01')).toBe('EPU01');
    expect(edu('EDU01-01-01')).toBe('PLU01');
  });
});
