/**
 * Dates of spec §9 / DESIGN.md §5: shown DD/MM/YYYY, parsed from DD/MM/YYYY or YYYY-MM-DD,
 * kept as ISO dates (YYYY-MM-DD) and sent with the +07:00 offset. "Today" is the calendar date
 * in Asia/Phnom_Penh, a fixed UTC+7; every function that needs it takes the current time.
 */
import { UTC_OFFSET, UTC_OFFSET_MS } from '../constants/locale';

/** The current time, given as a Date or as a function returning one (tests pass a fixed Date). */
export type Clock = Date | (() => Date);

export function readClock(clock?: Clock): Date {
  if (clock === undefined) return new Date();
  return typeof clock === 'function' ? clock() : clock;
}

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

const DMY = /^(\d{2})\/(\d{2})\/(\d{4})$/;
const YMD = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

export function isRealDate({ year, month, day }: CalendarDate): boolean {
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** Reads DD/MM/YYYY or YYYY-MM-DD (surrounding spaces ignored); null unless it is a real date. */
export function parseCalendarDate(input: string): CalendarDate | null {
  const text = input.trim();
  const dmy = DMY.exec(text);
  const ymd = dmy ? null : YMD.exec(text);
  const parts = dmy ? [dmy[3], dmy[2], dmy[1]] : ymd ? [ymd[1], ymd[2], ymd[3]] : null;
  if (!parts) return null;
  const [year, month, day] = parts.map(Number) as [number, number, number];
  const date = { year, month, day };
  return isRealDate(date) ? date : null;
}

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

export function toIsoDate({ year, month, day }: CalendarDate): string {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** DD/MM/YYYY or YYYY-MM-DD to an ISO date (YYYY-MM-DD); null when it is not a real date. */
export function parseDateInput(input: string): string | null {
  const date = parseCalendarDate(input);
  return date ? toIsoDate(date) : null;
}

/** The calendar date an instant falls on in Phnom Penh, as YYYY-MM-DD. */
export function phnomPenhDate(instant: Date): string {
  return new Date(instant.getTime() + UTC_OFFSET_MS).toISOString().slice(0, 10);
}

/** Today's date in Phnom Penh. */
export function todayInPhnomPenh(clock?: Clock): string {
  return phnomPenhDate(readClock(clock));
}

/**
 * DD/MM/YYYY for display. Takes an ISO date, anything `parseDateInput` reads, an offset date-time
 * string, or a Date (shown as its Phnom Penh date). Unreadable input gives ''.
 */
export function formatDisplayDate(value: string | Date): string {
  let iso: string | null;
  if (value instanceof Date) iso = Number.isNaN(value.getTime()) ? null : phnomPenhDate(value);
  else {
    iso = parseDateInput(value);
    if (iso === null && /^\d{4}-\d{2}-\d{2}T/.test(value)) {
      const instant = new Date(value);
      iso = Number.isNaN(instant.getTime()) ? null : phnomPenhDate(instant);
    }
  }
  if (iso === null) return '';
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
}

/** An ISO date as the start of that day in Phnom Penh: 2026-11-21 -> 2026-11-21T00:00:00+07:00. */
export function toOffsetDateTime(isoDate: string): string {
  return `${isoDate}T00:00:00${UTC_OFFSET}`;
}

/** An instant as Phnom Penh wall-clock time with the offset: YYYY-MM-DDTHH:mm:ss+07:00. */
export function instantToOffsetDateTime(instant: Date): string {
  return `${new Date(instant.getTime() + UTC_OFFSET_MS).toISOString().slice(0, 19)}${UTC_OFFSET}`;
}

/** Orders two ISO dates (YYYY-MM-DD): negative, zero or positive. */
export function compareIsoDates(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The translation key (namespace `common`) of a YYYY-MM-DD date's short weekday name: the names
 * live in the language files, in English and Khmer, not in the browser's locale data (which may
 * lack Khmer and answer in English).
 */
export function weekdayKey(isoDate: string): string {
  return `common:weekday_${new Date(`${isoDate}T12:00:00Z`).getUTCDay()}`;
}
