import { describe, expect, it } from 'vitest';
import { formatPhone, formatPhoneLocal, isCambodianPhone, normalisePhone } from '@portal/domain/format/phone';

describe('Cambodian numbers to E.164 and back, grouped in threes (country code 855)', () => {
  it.each([
    ['012 345 678', '+85512345678', '+855 12 345 678', '012 345 678'],
    ['012345678', '+85512345678', '+855 12 345 678', '012 345 678'],
    ['012-345-678', '+85512345678', '+855 12 345 678', '012 345 678'],
    ['+855 12 345 678', '+85512345678', '+855 12 345 678', '012 345 678'],
    ['+85512345678', '+85512345678', '+855 12 345 678', '012 345 678'],
    ['85512345678', '+85512345678', '+855 12 345 678', '012 345 678'],
    ['0085512345678', '+85512345678', '+855 12 345 678', '012 345 678'],
    ['+855 012 345 678', '+85512345678', '+855 12 345 678', '012 345 678'],
    ['023 456 789', '+85523456789', '+855 23 456 789', '023 456 789'],
    // nine significant digits: the last group takes the fourth digit
    ['097 123 4567', '+855971234567', '+855 97 123 4567', '097 123 4567'],
    ['0971234567', '+855971234567', '+855 97 123 4567', '097 123 4567'],
  ])('%j', (input, e164, international, local) => {
    expect(normalisePhone(input)).toBe(e164);
    expect(formatPhone(input)).toBe(international);
    expect(formatPhone(e164)).toBe(international);
    expect(formatPhoneLocal(input)).toBe(local);
    expect(isCambodianPhone(input)).toBe(true);
  });

  it.each([['12345'], ['0123'], ['012 345 678 901'], ['abc'], ['']])('%j is not a Cambodian number', (input) => {
    expect(isCambodianPhone(input)).toBe(false);
    expect(normalisePhone(input)).toBeNull();
  });

  it('keeps a foreign number as it is', () => {
    expect(normalisePhone('+66 81 234 5678')).toBe('+66812345678');
    expect(formatPhone('+66 81 234 5678')).toBe('+66 81 234 5678');
    expect(isCambodianPhone('+66812345678')).toBe(false);
  });
});
