/**
 * The seeded catalogue as data: valid, complete (a rate for every age, gender and term a quote can
 * reach), covering every code of spec §3, and agreeing with the shared age rules of rules/ages.ts.
 */
import { describe, expect, it } from 'vitest';
import { indexCatalogue } from '@portal/domain/catalogue/catalogue-index';
import { catalogueSchema } from '@portal/domain/catalogue/catalogue-schema';
import { CURRENT_CATALOGUE, SEED_CATALOGUES } from '@portal/domain/catalogue/seed-catalogues';
import { PLAN_KEY_PATTERN } from '@portal/domain/codes/plan-keys';
import { BASE_PRODUCT_CODES } from '@portal/domain/codes/products';
import { RIDER_CODES, RIDER_FACE_AMOUNT_TYPES } from '@portal/domain/codes/riders';
import { calculatePremium } from '@portal/domain/engine/calculate-premium';
import { checkAges } from '@portal/domain/rules/ages';
import { faceAmountRange } from '@portal/domain/rules/face-amounts';
import { bornAt, request, TODAY } from './engine-fixtures';

const catalogue = CURRENT_CATALOGUE;
const index = indexCatalogue(catalogue);

describe('catalogue 2026.1 as data', () => {
  it('matches its schema; versions are unique', () => {
    for (const source of SEED_CATALOGUES) expect(catalogueSchema.safeParse(source).success).toBe(true);
    expect(new Set(SEED_CATALOGUES.map((c) => c.version)).size).toBe(SEED_CATALOGUES.length);
  });

  it('has every base product code of spec §3 and every rider code, with a package type', () => {
    expect(catalogue.products.map((p) => p.code).sort()).toEqual([...BASE_PRODUCT_CODES].sort());
    expect(catalogue.riders.map((r) => r.code).sort()).toEqual([...RIDER_CODES].sort());
    expect(new Set(catalogue.products.map((p) => p.packageType))).toEqual(new Set(['health', 'life', 'save']));
    expect(new Set(catalogue.riders.map((r) => r.faceAmountType))).toEqual(new Set(RIDER_FACE_AMOUNT_TYPES));
  });

  it('pak rinha has the full (KRU01) and activation (ATU01) plans; first plan has LTU05', () => {
    const plans = (code: string) => catalogue.products.find((p) => p.code === code)?.plans ?? [];
    expect(plans('KRUR').map((p) => [p.planCode, p.variant])).toEqual(
      expect.arrayContaining([
        ['KRU01', 'full'],
        ['ATU01', 'activation'],
      ]),
    );
    expect(plans('KRUR').map((p) => p.planKey)).toContain('KRU01-01-02');
    expect(plans('KRUR').map((p) => p.planKey)).toContain('ATU01-01-02');
    expect(plans('LPTL').map((p) => p.planCode)).toContain('LTU05');
    const riderKeys = (code: string) => catalogue.riders.find((r) => r.code === code)?.planKeys;
    expect(riderKeys('PLUR')).toEqual({ activation: 'EPU01', full: 'PLU01' });
    expect(riderKeys('FAUR')).toEqual({ activation: 'ABU01', full: 'FAU01' });
  });

  it('agrees with rules/face-amounts.ts wherever that rule sets a range (pak rinha, first plan LTU05)', () => {
    for (const product of catalogue.products) {
      for (const plan of product.plans) {
        const range = faceAmountRange(product.code, plan.planKey);
        if (!range) continue;
        const data = plan.faceAmount ?? product.faceAmount;
        if (range.min !== undefined) expect(data.min, plan.planKey).toBe(range.min);
        if (range.max !== undefined) expect(data.max, plan.planKey).toBe(range.max);
      }
    }
    expect(faceAmountRange('LPTL', 'LTU05-02-01')).toEqual({ min: 30_000, max: 75_000 });
  });

  it('home loan and pak rinha have a premium period of 1 (spec §9)', () => {
    for (const code of ['MRTA', 'KRUR']) {
      const product = catalogue.products.find((p) => p.code === code);
      expect(product?.terms.flatMap((t) => t.premiumTerms)).toEqual(product?.terms.map(() => 1));
    }
  });

  it('every reference resolves: plan keys, default plan and terms, riders offered, rate tables', () => {
    for (const product of catalogue.products) {
      expect(product.plans.map((p) => p.planKey)).toContain(product.defaultPlanKey);
      const option = product.terms.find((t) => t.policyTerm === product.defaultPolicyTerm);
      expect(option?.premiumTerms, product.code).toContain(product.defaultPremiumTerm);
      for (const plan of product.plans) {
        expect(plan.planKey).toMatch(PLAN_KEY_PATTERN);
        expect(plan.planKey.startsWith(plan.planCode)).toBe(true);
        expect(index.rateTable(plan.rateTable)?.basis, plan.rateTable).toBe('perThousand');
      }
      for (const code of product.riders) expect(index.rider(code), `${product.code} ${code}`).toBeDefined();
    }
    for (const rider of catalogue.riders) {
      expect(index.rateTable(rider.rateTable)?.basis).toBe(rider.coverageType === 'W' ? 'percentOfWaived' : 'perThousand');
    }
  });

  it('has a rate for every plan, term, gender and age a quote can reach, and for every rider age', () => {
    const missing: string[] = [];
    for (const product of catalogue.products) {
      for (const plan of product.plans) {
        const ages = plan.ages ?? product.ages;
        const lowest = ages.child ? ages.child.lifeInsuredMin : ages.lifeInsured.min;
        for (const { policyTerm, premiumTerms } of product.terms) {
          for (const premiumTerm of premiumTerms) {
            for (const gender of ['M', 'F'] as const) {
              for (let age = lowest; age <= ages.lifeInsured.max; age += 1) {
                const rate = index.rate(plan.rateTable, gender, age, policyTerm, premiumTerm);
                if (!(rate && rate > 0)) missing.push(`${plan.planKey} ${policyTerm}/${premiumTerm} ${gender} ${age}`);
              }
            }
          }
        }
      }
    }
    for (const rider of catalogue.riders) {
      for (const gender of ['M', 'F'] as const) {
        for (let age = rider.ages.min; age <= rider.ages.max; age += 1) {
          if (!(index.rate(rider.rateTable, gender, age, null, null) ?? 0)) missing.push(`${rider.code} ${gender} ${age}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it("agrees with rules/ages.ts (the form's age check) for every product, age and owner", () => {
    const disagreements: string[] = [];
    for (const product of catalogue.products) {
      for (const plan of product.plans) {
        for (const owner of [undefined, 17, 18, 29, 30, 45, 50, 51, 55, 56, 60, 61, 65, 66]) {
          for (let age = 0; age <= 70; age += 1) {
            const face = `${Math.max(product.faceAmount.min, plan.faceAmount?.min ?? 0)}.00`;
            const result = calculatePremium(
              request({
                productCode: product.code,
                planKey: plan.planKey,
                faceAmount: face,
                policyTerm: Math.min(...product.terms.map((t) => t.policyTerm)),
                lifeInsured: { dateOfBirth: bornAt(age), gender: 'M' },
                ...(owner === undefined ? {} : { policyOwner: { dateOfBirth: bornAt(owner), gender: 'F' } }),
              }),
              catalogue,
              { today: TODAY },
            );
            const engine = (result.ok ? [] : result.errors)
              .filter((e) => e.field.endsWith('dateOfBirth'))
              .map((e) => `${e.field.split('.')[0]}.${e.key}`)
              .sort();
            const rules = checkAges({
              productCode: product.code,
              planKey: plan.planKey,
              lifeInsuredAge: age,
              ...(owner === undefined ? {} : { policyOwnerAge: owner }),
            })
              .map((i) => `${i.party}.${i.key}`)
              .sort();
            if (JSON.stringify(engine) !== JSON.stringify(rules))
              disagreements.push(`${plan.planKey} insured ${age} owner ${owner}: engine ${engine} rules ${rules}`);
          }
        }
      }
    }
    expect(disagreements).toEqual([]);
  });
});
