/**
 * The numeric range rule of spec §5: commas are removed, then the number must lie within the
 * given minimum and maximum (inclusive), otherwise `numbericRange` (the spec's spelling). A value
 * that is not a number at all also gives `numbericRange`; an empty one gives `required`.
 */
import * as z from 'zod';
import type { FormErrorKey } from '../errors/error-keys';
import { addKeyIssue, isEmpty, typeError } from './generic';

const NUMBER = /^-?(?:\d+(?:\.\d*)?|\.\d+)$/;

/** "12,345.5" -> 12345.5; null when, commas removed, it is not a plain decimal number. */
export function parseNumeric(value: string | number): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const text = value.trim().replace(/,/g, '');
  return NUMBER.test(text) ? Number(text) : null;
}

export interface NumericRange {
  min: number;
  max: number;
}

/** `numbericRange` unless the value, commas removed, is a number from min to max. */
export function numericRangeIssue(value: string | number, range: NumericRange): FormErrorKey | null {
  const number = parseNumeric(value);
  return number !== null && number >= range.min && number <= range.max ? null : 'numbericRange';
}

export function isInNumericRange(value: string | number, range: NumericRange): boolean {
  return numericRangeIssue(value, range) === null;
}

/** A required number typed with or without thousands separators; outputs the number. */
export function numericRangeSchema(range: NumericRange) {
  return z.union([z.string(), z.number()], { error: typeError }).transform((value, ctx) => {
    if (typeof value === 'string' && isEmpty(value)) {
      addKeyIssue(ctx, 'required');
      return z.NEVER;
    }
    const key = numericRangeIssue(value, range);
    if (key) {
      addKeyIssue(ctx, key);
      return z.NEVER;
    }
    return parseNumeric(value) as number;
  });
}
