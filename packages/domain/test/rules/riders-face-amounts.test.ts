import { describe, expect, it } from 'vitest';
import {
  faceAmountIssue,
  faceAmountRange,
  isCustomFaceAmount,
  isInPakRinhaDropdown,
  isLargerAmount,
  pakRinhaDropdownOptions,
} from '@portal/domain/rules/face-amounts';
import { RIDER_PAIRS, riderCompanions, riderPairIssues, withRequiredCompanions } from '@portal/domain/rules/rider-pairs';

describe('rider pairs (spec §5)', () => {
  it('lists the seven pairs of the spec', () => {
    expect(RIDER_PAIRS.map((pair) => `${pair.rider}+${pair.companion} ${pair.kind}`)).toEqual([
      'WPCH+WPCL optional',
      'WPDH+WPDL required',
      'WPDR+WPDH required',
      'WPCH+WPCR optional',
      'WPDR+WPDL required',
      'WPCR+WPCL optional',
      'TCIR+CIWOP optional',
    ]);
  });

  const missing = (selected: string[]) => riderPairIssues(selected).map((issue) => `${issue.rider}->${issue.companion}`);

  it.each([
    // required pairs
    [['WPDH', 'WPDL'], []],
    [['WPDH'], ['WPDH->WPDL']],
    [['WPDL'], []],
    [['WPDR', 'WPDH', 'WPDL'], []],
    [['WPDR', 'WPDL'], ['WPDR->WPDH']],
    [
      ['WPDR', 'WPDH'],
      ['WPDH->WPDL', 'WPDR->WPDL'],
    ],
    [['WPDR'], ['WPDR->WPDH', 'WPDR->WPDL']],
    // optional pairs never give an error
    [['WPCH'], []],
    [['WPCH', 'WPCL'], []],
    [['WPCH', 'WPCR'], []],
    [['WPCR'], []],
    [['WPCR', 'WPCL'], []],
    [['TCIR'], []],
    [['TCIR', 'CIWOP'], []],
    [['CIWOP'], []],
    [[], []],
  ])('%j -> %j', (selected, expected) => {
    expect(missing(selected)).toEqual(expected);
  });

  it('tells a form which companions to add and which to offer', () => {
    expect(riderCompanions('WPDR')).toEqual({ required: ['WPDH', 'WPDL'], optional: [] });
    expect(riderCompanions('WPCH')).toEqual({ required: [], optional: ['WPCL', 'WPCR'] });
    expect(riderCompanions('TCIR')).toEqual({ required: [], optional: ['CIWOP'] });
    expect(riderCompanions('PBE')).toEqual({ required: [], optional: [] });
  });

  it('closes a selection under required companions', () => {
    expect(withRequiredCompanions(['WPDR'])).toEqual(['WPDR', 'WPDH', 'WPDL']);
    expect(withRequiredCompanions(['WPCH', 'WPDH'])).toEqual(['WPCH', 'WPDH', 'WPDL']);
  });
});

const dollars = (amount: number) => amount * 100;

describe('face amounts (spec §5)', () => {
  it.each([
    // pak rinha: validation max 500000
    ['KRUR', undefined, 500_000, null],
    ['KRUR', undefined, 500_001, 'max'],
    ['KRUR', undefined, 1, null],
    // first plan LTU05: 30000-75000
    ['LPTL', 'LTU05', 29_999, 'min'],
    ['LPTL', 'LTU05', 30_000, null],
    ['LPTL', 'LTU05-01-02', 75_000, null],
    ['LPTL', 'LTU05-01-02', 75_001, 'max'],
    // any amount must be positive
    ['TERM', undefined, 0, 'min'],
    ['TERM', undefined, 1_000_000, null],
  ])('%s %s $%d -> %s', (product, planKey, amount, key) => {
    expect(faceAmountIssue(product, dollars(amount), planKey)).toBe(key);
  });

  it('30000-75000 applies to plan LTU05 only', () => {
    expect(faceAmountRange('LPTL', 'LTU05')).toEqual({ min: 30_000, max: 75_000 });
    expect(faceAmountRange('LPTL', 'LTU01-01-01')).toBeNull();
    expect(faceAmountIssue('LPTL', dollars(29_999), 'LTU01-01-01')).toBeNull();
  });

  it('a cent above the limit counts', () => {
    expect(faceAmountIssue('KRUR', dollars(500_000) + 1)).toBe('max');
  });

  it.each([
    [20_000, false, false],
    [20_000.01, false, true],
    [20_001, true, true],
  ])('$%d: larger amount %s, custom %s', (amount, larger, custom) => {
    expect(isLargerAmount(Math.round(amount * 100))).toBe(larger);
    expect(isCustomFaceAmount(Math.round(amount * 100))).toBe(custom);
  });

  it('pak rinha dropdown goes up to 10000', () => {
    expect(isInPakRinhaDropdown(dollars(10_000))).toBe(true);
    expect(isInPakRinhaDropdown(dollars(10_001))).toBe(false);
    expect(pakRinhaDropdownOptions(2500)).toEqual([2500, 5000, 7500, 10_000]);
    expect(pakRinhaDropdownOptions().at(-1)).toBe(10_000);
    expect(() => pakRinhaDropdownOptions(0)).toThrow(RangeError);
  });
});
