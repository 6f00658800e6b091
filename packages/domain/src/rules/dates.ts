/**
 * Date rules of spec §5: input is DD/MM/YYYY or YYYY-MM-DD, a real calendar date with a year
 * from 1000 to 2999 (`invalid` otherwise), and, where asked, not later than today in Phnom Penh
 * (`date_not_bigger_then_current_date`). Schemas output the ISO date (YYYY-MM-DD).
 *
 * "Today" comes from the `now` option (a Date or a function returning one), read when a value is
 * checked, so a long-lived schema stays right and tests can fix the clock.
 */
import * as z from 'zod';
import { DATE_YEAR_MAX, DATE_YEAR_MIN } from '../constants/locale';
import type { FormErrorKey } from '../errors/error-keys';
import type { Clock } from '../format/date';
import { parseCalendarDate, toIsoDate, todayInPhnomPenh } from '../format/date';
import { addKeyIssue, isEmpty, typeError } from './generic';

export interface DateRuleOptions {
  /** The current time; defaults to the system clock. */
  now?: Clock;
  /** Reject dates after today (Phnom Penh). */
  notFuture?: boolean;
}

export type DateCheck = { ok: true; iso: string } | { ok: false; key: FormErrorKey };

/** Checks a non-empty date input. */
export function checkDate(input: string, options: DateRuleOptions = {}): DateCheck {
  const date = parseCalendarDate(input);
  if (!date || date.year < DATE_YEAR_MIN || date.year > DATE_YEAR_MAX) return { ok: false, key: 'invalid' };
  const iso = toIsoDate(date);
  if (options.notFuture && iso > todayInPhnomPenh(options.now)) {
    return { ok: false, key: 'date_not_bigger_then_current_date' };
  }
  return { ok: true, iso };
}

/** The key a date input breaks (empty -> `required`), or null. */
export function dateIssue(input: string, options: DateRuleOptions = {}): FormErrorKey | null {
  if (isEmpty(input)) return 'required';
  const result = checkDate(input, options);
  return result.ok ? null : result.key;
}

/** A required date; outputs YYYY-MM-DD. */
export function dateSchema(options: DateRuleOptions = {}) {
  return z.string({ error: typeError }).transform((input, ctx) => {
    if (isEmpty(input)) {
      addKeyIssue(ctx, 'required');
      return z.NEVER;
    }
    const result = checkDate(input, options);
    if (!result.ok) {
      addKeyIssue(ctx, result.key);
      return z.NEVER;
    }
    return result.iso;
  });
}

/** An optional date: undefined, null and '' give undefined; anything else must be a valid date. */
export function optionalDateSchema(options: DateRuleOptions = {}) {
  return z
    .string({ error: typeError })
    .nullish()
    .transform((input, ctx) => {
      if (input === undefined || input === null || isEmpty(input)) return undefined;
      const result = checkDate(input, options);
      if (!result.ok) {
        addKeyIssue(ctx, result.key);
        return z.NEVER;
      }
      return result.iso;
    });
}

/** A required date not later than today. */
export const pastDateSchema = (options: Omit<DateRuleOptions, 'notFuture'> = {}) => dateSchema({ ...options, notFuture: true });

/** An optional date not later than today. */
export const optionalPastDateSchema = (options: Omit<DateRuleOptions, 'notFuture'> = {}) =>
  optionalDateSchema({ ...options, notFuture: true });

/** Date of birth: required, DD/MM/YYYY (or YYYY-MM-DD), year 1000-2999, not later than today. */
export const dateOfBirthSchema = pastDateSchema;
