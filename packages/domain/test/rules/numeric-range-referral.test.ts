import { describe, expect, it } from 'vitest';
import { BANK_REFERRAL_FIELDS, bankReferralSchema, missingBankReferralFields } from '@portal/domain/rules/bank-referral';
import { numericRangeIssue, numericRangeSchema, parseNumeric } from '@portal/domain/rules/numeric-range';

const issuesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.success ? [] : (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);

describe('numeric range: commas removed, then min..max (spec §5)', () => {
  const range = { min: 1000, max: 500000 };

  it.each([
    ['1,000', null],
    ['999', 'numbericRange'],
    ['500,000', null],
    ['500,001', 'numbericRange'],
    ['12,345.50', null],
    ['1,2,3,4', null], // commas are removed, not checked: 1234
    ['5,00,000', null],
    ['abc', 'numbericRange'],
    ['1,000x', 'numbericRange'],
    [20000, null],
    [999.99, 'numbericRange'],
  ])('%j -> %s', (value, key) => {
    expect(numericRangeIssue(value, range)).toBe(key);
  });

  it.each([
    ['1,234,567.5', 1234567.5],
    [' 42 ', 42],
    ['-1,000', -1000],
    ['.5', 0.5],
    ['', null],
    ['1e5', null],
  ])('parseNumeric(%j) = %s', (value, number) => {
    expect(parseNumeric(value)).toBe(number);
  });

  it('the schema outputs the number, and empty is required', () => {
    expect(numericRangeSchema(range).parse('20,000')).toBe(20000);
    expect(issuesOf(numericRangeSchema(range).safeParse(''))).toEqual([['', 'required']]);
    expect(issuesOf(numericRangeSchema(range).safeParse('1'))).toEqual([['', 'numbericRange']]);
  });
});

describe('bank referral (spec §5)', () => {
  const now = new Date('2026-11-21T05:00:00Z');
  const complete = {
    isBankReferal: true,
    bank: 'BAABA',
    department: 'Retail',
    referrer: 'Sok Dara',
    isSupervisor: false,
    supervisor: 'Chan Vanna',
    referralDate: '20/11/2026',
  };

  it('a complete bank referral passes and its date comes out as ISO', () => {
    expect(bankReferralSchema({ now }).parse(complete).referralDate).toBe('2026-11-20');
  });

  it.each(BANK_REFERRAL_FIELDS.map((field) => [field]))('missing %s gives bankReferralValidator on it', (field) => {
    const value = { ...complete, [field]: field === 'isSupervisor' ? null : '' };
    expect(issuesOf(bankReferralSchema({ now }).safeParse(value))).toEqual([[field, 'bankReferralValidator']]);
    expect(missingBankReferralFields(value)).toEqual([field]);
  });

  it('isSupervisor false counts as given', () => {
    expect(missingBankReferralFields({ ...complete, isSupervisor: false })).toEqual([]);
  });

  it('when isBankReferal is true and all are missing, each field is named', () => {
    expect(issuesOf(bankReferralSchema({ now }).safeParse({ isBankReferal: true }))).toEqual(
      BANK_REFERRAL_FIELDS.map((field) => [field, 'bankReferralValidator']),
    );
  });

  it.each([[false], [null], [undefined]])('nothing is required when isBankReferal is %s', (isBankReferal) => {
    expect(bankReferralSchema({ now }).safeParse({ isBankReferal }).success).toBe(true);
  });

  it('a future referral date is refused', () => {
    expect(issuesOf(bankReferralSchema({ now }).safeParse({ ...complete, referralDate: '22/11/2026' }))).toEqual([
      ['referralDate', 'date_not_bigger_then_current_date'],
    ]);
  });
});
