import { describe, expect, it } from 'vitest';
import { phoneSearchDigits } from '@portal/domain/rules/search';

describe('phone-like search terms', () => {
  it.each([
    ['+855 12 345 678', '12345678'],
    ['855-12-345678', '12345678'],
    ['0085512345678', '12345678'],
    ['012 345', '012345'],
    ['(012) 345-678', '012345678'],
    ['123', '123'],
    ['855', '855'], // a country code alone is searched as the digits typed
  ])('%s searches for the digits %s', (term, digits) => {
    expect(phoneSearchDigits(term)).toBe(digits);
  });

  it.each([
    ['12', 'fewer than 3 digits'],
    ['dara', 'letters'],
    ['ដារ៉ា', 'Khmer letters'],
    ['12a45', 'digits mixed with letters'],
  ])('%s is not a phone term (%s)', (term, _why) => {
    expect(phoneSearchDigits(term)).toBeNull();
  });
});
