import { daysInMonth, parseCalendarDate, toIsoDate } from './date';

/**
 * Calendar arithmetic on ISO dates (YYYY-MM-DD), without a date library: the dates are calendar
 * days in Phnom Penh, so no time zone is involved.
 */
export function addMonths(iso: string, months: number): string {
  const date = parseCalendarDate(iso);
  if (!date) return iso;
  const index = date.year * 12 + (date.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  // 31 January + 1 month is the last day of February, as a premium calendar counts it.
  return toIsoDate({ year, month, day: Math.min(date.day, daysInMonth(year, month)) });
}

export function addDays(iso: string, days: number): string {
  const date = parseCalendarDate(iso);
  if (!date) return iso;
  return new Date(Date.UTC(date.year, date.month - 1, date.day + days)).toISOString().slice(0, 10);
}
