import { describe, expect, it } from 'vitest';
import {
  centsToDecimal,
  formatKhr,
  formatMoney,
  formatUsd,
  groupThousands,
  parseMoneyToCents,
  parseRiel,
} from '@portal/domain/format/money';

describe('USD: integer cents shown with $ and thousands separators (spec §9)', () => {
  it.each([
    [1234567, '$12,345.67'],
    [0, '$0.00'],
    [5, '$0.05'],
    [50, '$0.50'],
    [100, '$1.00'],
    [99999, '$999.99'],
    [100000, '$1,000.00'],
    [2000000, '$20,000.00'],
    [100000000, '$1,000,000.00'],
    [-1234567, '-$12,345.67'],
    [-5, '-$0.05'],
  ])('%d cents -> %s', (cents, shown) => {
    expect(formatUsd(cents)).toBe(shown);
    expect(formatMoney(cents, '02')).toBe(shown);
  });

  it('rounds a non-integer amount of cents half away from zero', () => {
    expect(formatUsd(0.5)).toBe('$0.01');
    expect(formatUsd(0.49)).toBe('$0.00');
    expect(formatUsd(-0.5)).toBe('-$0.01');
  });

  it('refuses a non-finite amount', () => {
    expect(() => formatUsd(Number.NaN)).toThrow(RangeError);
  });
});

describe('KHR: whole riel', () => {
  it.each([
    [0, '0៛'],
    [999, '999៛'],
    [1000, '1,000៛'],
    [1234567, '1,234,567៛'],
    [-4000, '-4,000៛'],
  ])('%d riel -> %s', (riel, shown) => {
    expect(formatKhr(riel)).toBe(shown);
    expect(formatMoney(riel, '96')).toBe(shown);
  });
});

describe('grouping', () => {
  it.each([
    ['1', '1'],
    ['123', '123'],
    ['1234', '1,234'],
    ['123456', '123,456'],
    ['1234567', '1,234,567'],
  ])('%s -> %s', (digits, grouped) => {
    expect(groupThousands(digits)).toBe(grouped);
  });
});

describe('decimal strings to cents without floating point', () => {
  it.each([
    ['12,345.67', 1234567],
    ['12345.67', 1234567],
    ['$12,345.67', 1234567],
    ['20000.00', 2000000],
    ['10', 1000],
    ['.5', 50],
    ['5.', 500],
    ['0.1', 10],
    // half away from zero on the third decimal
    ['1.005', 101],
    ['1.004', 100],
    ['0.125', 13],
    ['1.995', 200],
    ['-0.125', -13],
    ['-12.34', -1234],
    ['-0.001', 0],
    // floating point would get these wrong: 1.15 * 100 = 114.99999999999999, 4.35 * 100 = 434.99999999999994
    ['1.15', 115],
    ['4.35', 435],
    ['1,000,000.129', 100000013],
    ['90071992547409.91', 9007199254740991],
    ['90071992547409.92', null],
    ['1,23', null],
    ['12,3456.00', null],
    ['1,,000', null],
    ['abc', null],
    ['', null],
    ['-', null],
    ['.', null],
    ['1.2.3', null],
  ])('%j -> %s', (input, cents) => {
    expect(parseMoneyToCents(input)).toBe(cents);
  });

  it.each([
    ['1,000,000', 1000000],
    ['1500.5', 1501],
    ['1500.4', 1500],
    ['4,000៛', 4000],
  ])('riel %j -> %s', (input, riel) => {
    expect(parseRiel(input)).toBe(riel);
  });

  it.each([
    [2000000, '20000.00'],
    [5, '0.05'],
    [0, '0.00'],
    [-5, '-0.05'],
    [1234567, '12345.67'],
  ])('%d cents as the API decimal string %s', (cents, text) => {
    expect(centsToDecimal(cents)).toBe(text);
    expect(parseMoneyToCents(text)).toBe(cents);
  });
});
