import { describe, expect, it } from 'vitest';
import { addDays, addMonths } from '@portal/domain/format/calendar-arithmetic';
import { premiumSchedule, type PremiumScheduleInput } from '@portal/domain/rules/premium-schedule';

describe('iso date arithmetic', () => {
  it('adds months, keeping the day or taking the last day of a shorter month', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-01-31', 2)).toBe('2026-03-31');
    expect(addMonths('2026-11-15', 3)).toBe('2027-02-15');
    expect(addMonths('2026-05-10', -6)).toBe('2025-11-10');
  });

  it('adds days across months and years', () => {
    expect(addDays('2026-12-25', 30)).toBe('2027-01-24');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });
});

describe('premium schedule', () => {
  const policy = (overrides: Partial<PremiumScheduleInput>): PremiumScheduleInput => ({
    status: 'Active',
    premiumMode: 'quarterly',
    paidToDate: '2026-11-30',
    effectiveDate: '2020-11-30',
    premiumTerm: 10,
    ...overrides,
  });

  it('lists a year of instalments from the paid-to date, marking the past ones overdue', () => {
    expect(premiumSchedule(policy({}), '2026-12-01')).toEqual([
      { dueDate: '2026-11-30', overdue: true },
      { dueDate: '2027-02-28', overdue: false },
      { dueDate: '2027-05-30', overdue: false },
      { dueDate: '2027-08-30', overdue: false },
    ]);
  });

  it('stops at the end of the premium term', () => {
    expect(premiumSchedule(policy({ premiumTerm: 7, paidToDate: '2027-05-30' }), '2027-01-01').map((d) => d.dueDate)).toEqual([
      '2027-05-30',
      '2027-08-30',
    ]);
  });

  it('has nothing due on a lapsed or single-premium policy', () => {
    expect(premiumSchedule(policy({ status: 'Lapsed' }), '2026-01-01')).toEqual([]);
    expect(premiumSchedule(policy({ premiumMode: 'singlePremium' }), '2026-01-01')).toEqual([]);
  });
});
