import { describe, expect, it } from 'vitest';
import {
  compareIsoDates,
  formatDisplayDate,
  instantToOffsetDateTime,
  isLeapYear,
  parseDateInput,
  phnomPenhDate,
  toOffsetDateTime,
  todayInPhnomPenh,
} from '@portal/domain/format/date';

describe('parse DD/MM/YYYY or YYYY-MM-DD to an ISO date', () => {
  it.each([
    ['21/11/2026', '2026-11-21'],
    ['2026-11-21', '2026-11-21'],
    ['29/02/2024', '2024-02-29'],
    ['29/02/2100', null],
    ['29/02/2000', '2000-02-29'],
    ['31/02/2020', null],
    ['2026-13-01', null],
    ['21.11.2026', null],
    ['', null],
  ])('%j -> %s', (input, iso) => {
    expect(parseDateInput(input)).toBe(iso);
  });

  it.each([
    [2024, true],
    [2023, false],
    [1900, false],
    [2000, true],
  ])('leap year %d: %s', (year, leap) => {
    expect(isLeapYear(year)).toBe(leap);
  });
});

describe('display DD/MM/YYYY', () => {
  it.each([
    ['2026-11-21', '21/11/2026'],
    ['21/11/2026', '21/11/2026'],
    ['2026-11-21T00:00:00+07:00', '21/11/2026'],
    // 20 Nov 18:00 UTC is 21 Nov 01:00 in Phnom Penh
    ['2026-11-20T18:00:00Z', '21/11/2026'],
    ['not a date', ''],
  ])('%j -> %j', (input, shown) => {
    expect(formatDisplayDate(input)).toBe(shown);
  });

  it('shows a Date as its Phnom Penh date', () => {
    expect(formatDisplayDate(new Date('2026-11-20T17:00:00Z'))).toBe('21/11/2026');
    expect(formatDisplayDate(new Date('2026-11-20T16:59:59Z'))).toBe('20/11/2026');
    expect(formatDisplayDate(new Date(Number.NaN))).toBe('');
  });
});

describe('send with the +07:00 offset', () => {
  it('a date is the start of that day in Phnom Penh', () => {
    expect(toOffsetDateTime('2026-11-21')).toBe('2026-11-21T00:00:00+07:00');
    expect(new Date(toOffsetDateTime('2026-11-21')).toISOString()).toBe('2026-11-20T17:00:00.000Z');
  });

  it('an instant is Phnom Penh wall-clock time', () => {
    expect(instantToOffsetDateTime(new Date('2026-11-20T17:30:05Z'))).toBe('2026-11-21T00:30:05+07:00');
  });
});

describe('today in Phnom Penh', () => {
  it.each([
    ['2026-11-20T16:59:59Z', '2026-11-20'],
    ['2026-11-20T17:00:00Z', '2026-11-21'],
    ['2026-12-31T17:00:00Z', '2027-01-01'],
  ])('at %s it is %s', (instant, iso) => {
    expect(todayInPhnomPenh(new Date(instant))).toBe(iso);
    expect(todayInPhnomPenh(() => new Date(instant))).toBe(iso);
    expect(phnomPenhDate(new Date(instant))).toBe(iso);
  });

  it('orders ISO dates', () => {
    expect(compareIsoDates('2026-01-02', '2026-01-10')).toBeLessThan(0);
    expect(compareIsoDates('2026-01-10', '2026-01-10')).toBe(0);
    expect(compareIsoDates('2027-01-01', '2026-12-31')).toBeGreaterThan(0);
  });
});
