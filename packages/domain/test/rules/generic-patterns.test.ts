import { describe, expect, it } from 'vitest';
import { containsSpace, isEmpty, noSpaceSchema, numberSchema, textIssue, textSchema } from '@portal/domain/rules/generic';
import {
  digitsSchema,
  khmerLettersSchema,
  latinAndDigitsSchema,
  latinLettersSchema,
  matchesPattern,
  phoneSchema,
} from '@portal/domain/rules/patterns';

const keyOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error?.issues[0]?.message;

describe('patterns (spec §5)', () => {
  it.each([
    ['latinLetters', 'Sok Dara', true],
    ['latinLetters', 'Sok1', false],
    ['latinLetters', 'Sok-Dara', false],
    ['latinLetters', 'សុខ', false],
    ['digits', '0123456789', true],
    ['digits', '12a', false],
    ['digits', '1 2', false],
    ['latinAndDigits', 'AB12cd', true],
    ['latinAndDigits', 'AB 12', false],
    ['latinAndDigits', 'AB_12', false],
    ['phone', '012-345-678', true],
    ['phone', '012345678', true],
    ['phone', '+85512345678', false],
    ['phone', '012 345 678', false],
    ['khmerLetters', 'សុខ ដារា', true],
    // combining marks (U+17B6..U+17D3) are inside the Khmer block
    ['khmerLetters', 'ស្រី', true],
    // the Khmer Symbols block U+19E0–U+19FF
    ['khmerLetters', '\u19E0\u19FF', true],
    ['khmerLetters', 'សុខ Dara', false],
    ['khmerLetters', 'សុខ1', false],
  ] as const)('%s matches %j: %s', (name, value, expected) => {
    expect(matchesPattern(name, value)).toBe(expected);
  });

  it.each([
    [latinLettersSchema(), 'Dara', null],
    [latinLettersSchema(), 'Dara9', 'pattern'],
    [latinLettersSchema(), '', null],
    [latinLettersSchema({ required: true }), '', 'required'],
    [latinLettersSchema({ required: true }), '   ', 'required'],
    [latinLettersSchema({ maxLength: 4 }), 'Darak', 'maxlength'],
    [latinLettersSchema({ minLength: 2 }), 'D', 'minlength'],
    [digitsSchema(), '12x', 'pattern'],
    [latinAndDigitsSchema(), 'a-1', 'pattern'],
    [phoneSchema(), '012-345', null],
    [phoneSchema(), '012/345', 'pattern'],
    [khmerLettersSchema(), 'Dara', 'pattern'],
    [khmerLettersSchema(), 'ដារា', null],
  ])('schema %#: %j -> %s', (schema, value, key) => {
    expect(keyOf(schema.safeParse(value))).toBe(key);
  });

  it('reports a missing value as required and a wrong type as invalid', () => {
    expect(keyOf(textSchema().safeParse(undefined))).toBe('required');
    expect(keyOf(textSchema().safeParse(12))).toBe('invalid');
  });
});

describe('no-space rule', () => {
  it.each([
    ['abc', null],
    ['a bc', 'cannotContainSpace'],
    [' abc', 'cannotContainSpace'],
    ['abc\t', 'cannotContainSpace'],
    ['', null],
  ])('%j -> %s', (value, key) => {
    expect(keyOf(noSpaceSchema.safeParse(value))).toBe(key);
    expect(containsSpace(value)).toBe(key !== null);
  });
});

describe('generic validators', () => {
  it.each([
    [{ required: true }, '', 'required'],
    [{ maxLength: 3 }, 'abcd', 'maxlength'],
    [{ maxLength: 3 }, 'abc', null],
    [{ minLength: 3 }, 'ab', 'minlength'],
    [{ minLength: 3 }, 'abc', null],
    [{ pattern: /^a+$/ }, 'ab', 'pattern'],
  ])('textIssue(%j, %j) -> %s', (rules, value, key) => {
    expect(textIssue(value, rules)).toBe(key);
  });

  it.each([
    [5, null],
    [4, 'min'],
    [10, null],
    [11, 'max'],
  ])('number %d within 5..10 -> %s', (value, key) => {
    expect(keyOf(numberSchema({ min: 5, max: 10 }).safeParse(value))).toBe(key);
  });

  it.each([
    [undefined, true],
    [null, true],
    ['', true],
    ['  ', true],
    [[], true],
    ['a', false],
    [0, false],
    [false, false],
  ])('isEmpty(%j) is %s', (value, expected) => {
    expect(isEmpty(value)).toBe(expected);
  });
});

describe('unsafe characters in free text', () => {
  it.each([
    ['NUL', 'a\u0000b'],
    ['bell', 'a\u0007b'],
    ['escape', 'a\u001bb'],
    ['delete', 'a\u007fb'],
    ['right-to-left override', '\u202Eevil'],
    ['left-to-right embedding', 'a\u202Ab'],
    ['first strong isolate', 'a\u2068b'],
  ])('refuses %s as invalid', (_name, value) => {
    expect(textIssue(value, {})).toBe('invalid');
  });

  it.each([
    ['tab and line breaks', 'Street 1\r\nPhnom Penh\tKH'],
    ['Khmer with its combining marks', 'ផ្ទះលេខ ១២ ផ្លូវ ៣៤'],
    ['a right-to-left mark-free Latin address', '#12, St. 271'],
  ])('accepts %s', (_name, value) => {
    expect(textIssue(value, {})).toBeNull();
  });
});
