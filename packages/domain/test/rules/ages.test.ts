import { describe, expect, it } from 'vitest';
import { AGE_LIMITS, ageLastBirthday, checkAges } from '@portal/domain/rules/ages';

describe('age last birthday in Asia/Phnom_Penh', () => {
  it.each([
    ['2000-11-21', '2026-11-21T05:00:00Z', 26],
    ['21/11/2000', '2026-11-21T05:00:00Z', 26],
    ['2000-11-22', '2026-11-21T05:00:00Z', 25],
    // 17:00 UTC on the 20th is already the 21st (the birthday) in Phnom Penh
    ['2000-11-21', '2026-11-20T17:00:00Z', 26],
    ['2000-11-21', '2026-11-20T16:59:59Z', 25],
    ['2004-02-29', '2025-02-28T05:00:00Z', 20],
    ['2004-02-29', '2025-03-01T05:00:00Z', 21],
    ['2004-02-29', '2028-02-29T05:00:00Z', 24],
    ['2026-11-21', '2026-11-21T05:00:00Z', 0],
  ])('born %s, on %s: %d', (dob, on, age) => {
    expect(ageLastBirthday(dob, new Date(on))).toBe(age);
  });

  it('refuses a date that does not exist', () => {
    expect(() => ageLastBirthday('31/02/2000', new Date())).toThrow(RangeError);
  });
});

const issues = (input: Parameters<typeof checkAges>[0]) =>
  checkAges(input)
    .map((issue) => `${issue.party}.${issue.key}:${issue.limit}`)
    .sort();

describe('life insured 18-65 and policy owner 18-65 (spec §5)', () => {
  it.each([
    [17, ['lifeInsured.min:18']],
    [18, []],
    [65, []],
    [66, ['lifeInsured.max:65']],
  ])('life insured aged %d (own owner)', (age, expected) => {
    expect(issues({ productCode: 'TERM', lifeInsuredAge: age })).toEqual(expected);
  });

  it.each([
    [17, ['policyOwner.min:18']],
    [18, []],
    [65, []],
    [66, ['policyOwner.max:65']],
  ])('separate policy owner aged %d', (age, expected) => {
    expect(issues({ productCode: 'TERM', lifeInsuredAge: 30, policyOwnerAge: age })).toEqual(expected);
  });
});

describe('premier (MLPX): owner max 60, life insured min 18, age to buy 30 for a child', () => {
  it.each([
    ['owner 60', { lifeInsuredAge: 40, policyOwnerAge: 60 }, []],
    ['owner 61', { lifeInsuredAge: 40, policyOwnerAge: 61 }, ['policyOwner.max:60']],
    ['own owner 61', { lifeInsuredAge: 61 }, ['lifeInsured.max:60']],
    ['life insured 18', { lifeInsuredAge: 18 }, []],
    ['life insured 17, no separate owner', { lifeInsuredAge: 17 }, ['lifeInsured.min:18']],
    ['child life insured, owner 30 (special case)', { lifeInsuredAge: 5, policyOwnerAge: 30 }, []],
    ['child life insured, owner 29 (special case)', { lifeInsuredAge: 5, policyOwnerAge: 29 }, ['policyOwner.min:30']],
    ['child life insured, owner 61', { lifeInsuredAge: 5, policyOwnerAge: 61 }, ['policyOwner.max:60']],
    ['adult life insured, owner 25', { lifeInsuredAge: 20, policyOwnerAge: 25 }, []],
  ])('%s', (_name, ages, expected) => {
    expect(issues({ productCode: 'MLPX', ...ages })).toEqual(expected);
  });

  it('the special case is premier only', () => {
    expect(issues({ productCode: 'TERM', lifeInsuredAge: 5, policyOwnerAge: 40 })).toEqual(['lifeInsured.min:18']);
  });
});

describe('education (EDU): owner max 55', () => {
  it.each([
    [55, []],
    [56, ['policyOwner.max:55']],
  ])('owner %d', (age, expected) => {
    expect(issues({ productCode: 'EDU', lifeInsuredAge: 30, policyOwnerAge: age })).toEqual(expected);
  });
});

describe('pak rinha (KRUR): owner 30-60, activation max 50', () => {
  it.each([
    ['owner 29', 'KRU01-01-02', 29, ['lifeInsured.min:30']],
    ['owner 30', 'KRU01-01-02', 30, []],
    ['owner 60', 'KRU01-01-02', 60, []],
    ['owner 61', 'KRU01-01-02', 61, ['lifeInsured.max:60']],
    ['activation owner 50', 'ATU01-01-02', 50, []],
    ['activation owner 51', 'ATU01-01-02', 51, ['lifeInsured.max:50']],
    ['full owner 51', 'KRU01-01-02', 51, []],
  ])('%s', (_name, planKey, age, expected) => {
    expect(issues({ productCode: 'KRUR', planKey, lifeInsuredAge: age })).toEqual(expected);
  });
});

describe('the table holds the spec numbers', () => {
  it('matches spec §5', () => {
    expect(AGE_LIMITS.lifeInsured).toEqual({ min: 18, max: 65 });
    expect(AGE_LIMITS.policyOwner).toEqual({ min: 18, max: 65 });
    expect(AGE_LIMITS.premier).toEqual({ ownerMax: 60, lifeInsuredMin: 18, childOwnerMin: 30 });
    expect(AGE_LIMITS.education.ownerMax).toBe(55);
    expect(AGE_LIMITS.pakRinha).toEqual({ ownerMin: 30, ownerMax: 60, activationOwnerMax: 50 });
  });
});
