/**
 * Fields of a sales activity (spec §3: `dayType`, `startDate`, `endDate`; DESIGN.md §5: sent with
 * the +07:00 offset). Issue messages are form error keys.
 */
import * as z from 'zod';
import { ACTIVITY_TYPES, DAY_TYPES } from '../../codes/activity-types';
import type { CharacterLimit } from '../../constants/field-limits';
import { instantToOffsetDateTime, isRealDate, parseCalendarDate, toOffsetDateTime, toIsoDate } from '../../format/date';
import { addKeyIssue, isEmpty, textIssue, typeError } from '../../rules/generic';

export const ACTIVITY_LIMITS = { notes: 300 } as const satisfies Record<string, CharacterLimit>;

/** YYYY-MM-DDTHH:mm, optional :ss and fraction, then Z or ±HH:MM (an offset is required). */
const OFFSET_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-](\d{2}):(\d{2}))$/;

/**
 * A date-time with its offset (`2026-11-21T09:30:00+07:00`), or a date (DD/MM/YYYY or
 * YYYY-MM-DD, read as the start of that day in Phnom Penh). Null when it is neither, or not a
 * real date or time.
 */
export function parseActivityDateTime(input: string): Date | null {
  const text = input.trim();
  const match = OFFSET_DATE_TIME.exec(text);
  if (!match) {
    const date = parseCalendarDate(text);
    return date ? new Date(toOffsetDateTime(toIsoDate(date))) : null;
  }
  const [, year, month, day, hour, minute, second, , offsetHour, offsetMinute] = match;
  if (!isRealDate({ year: Number(year), month: Number(month), day: Number(day) })) return null;
  if (Number(hour) > 23 || Number(minute) > 59 || Number(second ?? 0) > 59) return null;
  if (offsetHour !== undefined && (Number(offsetHour) > 14 || Number(offsetMinute) > 59)) return null;
  const instant = new Date(text);
  return Number.isNaN(instant.getTime()) ? null : instant;
}

/** A required activity date-time; outputs Phnom Penh time with the offset, `YYYY-MM-DDTHH:mm:ss+07:00`. */
export const activityDateTimeSchema = z.string({ error: typeError }).transform((input, ctx) => {
  if (isEmpty(input)) {
    addKeyIssue(ctx, 'required');
    return z.NEVER;
  }
  const instant = parseActivityDateTime(input);
  if (!instant) {
    addKeyIssue(ctx, 'invalid');
    return z.NEVER;
  }
  return instantToOffsetDateTime(instant);
});

export const activityTypeSchema = z.enum(ACTIVITY_TYPES, { error: typeError });
export const dayTypeSchema = z.enum(DAY_TYPES, { error: typeError });

/** Optional notes, at most 300 characters; blank gives undefined. */
export const activityNotesSchema = z
  .string({ error: typeError })
  .nullish()
  .superRefine((value, ctx) => {
    if (typeof value !== 'string') return;
    const key = textIssue(value, { maxLength: ACTIVITY_LIMITS.notes });
    if (key) addKeyIssue(ctx, key);
  })
  .transform((value) => (typeof value === 'string' && !isEmpty(value) ? value.trim() : undefined));

/** The contact the activity belongs to (one of the caller's own; another id answers 404). */
export const activityContactIdSchema = z.string({ error: typeError }).trim().min(1, { error: 'required' }).max(64, { error: 'invalid' });

export const activityFieldsShape = {
  contactId: activityContactIdSchema,
  activityType: activityTypeSchema,
  dayType: dayTypeSchema,
  startDate: activityDateTimeSchema,
  endDate: activityDateTimeSchema,
  notes: activityNotesSchema,
};

/** The end may not come before the start: `min` on endDate. */
export function withActivityRules<T extends z.ZodType<{ startDate: string; endDate: string }>>(schema: T): T {
  return schema.superRefine((value, ctx) => {
    if (new Date(value.endDate).getTime() < new Date(value.startDate).getTime()) addKeyIssue(ctx, 'min', ['endDate']);
  });
}
