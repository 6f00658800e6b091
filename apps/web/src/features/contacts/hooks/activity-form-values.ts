import type { FieldError, FieldErrors, Resolver } from 'react-hook-form';
import type * as z from 'zod';
import type { ActivityType, DayType } from '@portal/domain/codes/activity-types';
import { UTC_OFFSET } from '@portal/domain/constants/locale';
import type { ActivityResponse, CreateActivityInput } from '@portal/domain/contracts/activities/create-activity';
import { toFieldErrors } from '@portal/domain/errors/field-errors';
import { instantToOffsetDateTime, toOffsetDateTime } from '@portal/domain/format/date';

/**
 * The activity form. Start and end are kept as a date (`YYYY-MM-DD`) for a whole-day activity, a
 * date and time (`YYYY-MM-DDTHH:mm`) otherwise, both Phnom Penh wall-clock time (the pickers show
 * them DD/MM/YYYY). They are sent with the +07:00 offset (spec §9).
 */
export interface ActivityFormValues {
  activityType: ActivityType | '';
  dayType: DayType;
  start: string;
  end: string;
  notes: string;
  /** The version an update saves against. */
  version?: number;
}

export type ActivityFormField = 'activityType' | 'dayType' | 'start' | 'end' | 'notes';

/** The contract's field names -> the form's. */
const FORM_FIELD: Readonly<Record<string, ActivityFormField>> = {
  activityType: 'activityType',
  dayType: 'dayType',
  startDate: 'start',
  endDate: 'end',
  notes: 'notes',
};

export function formFieldOf(contractField: string): ActivityFormField | undefined {
  return FORM_FIELD[contractField];
}

/** Phnom Penh wall-clock `YYYY-MM-DDTHH:mm` of an instant. */
function wallClock(instant: Date): string {
  return instantToOffsetDateTime(instant).slice(0, 16);
}

/** A picker value as the API takes it: `2026-11-21T09:30:00+07:00`; a whole day starts at 00:00. */
export function toWireDateTime(value: string, dayType: DayType): string {
  const text = value.trim();
  if (text === '') return '';
  if (dayType === 'allDay' || !text.includes('T')) return toOffsetDateTime(text.slice(0, 10));
  const withSeconds = text.length === 16 ? `${text}:00` : text.slice(0, 19);
  return `${withSeconds}${UTC_OFFSET}`;
}

/** A stored date-time as the picker of `dayType` shows it. */
export function toPickerValue(stored: string, dayType: DayType): string {
  const instant = new Date(stored);
  if (Number.isNaN(instant.getTime())) return '';
  const local = wallClock(instant);
  return dayType === 'allDay' ? local.slice(0, 10) : local;
}

/** Switching between whole-day and timed keeps the dates (a timed start gets 09:00). */
export function convertPickerValue(value: string, to: DayType, defaultTime: string): string {
  if (value === '') return '';
  const date = value.slice(0, 10);
  if (to === 'allDay') return date;
  return value.includes('T') ? value : `${date}T${defaultTime}`;
}

const HOUR_MS = 60 * 60 * 1000;

/** A new activity: timed, from the next full hour for one hour. */
export function newActivityValues(now: Date = new Date()): ActivityFormValues {
  const start = new Date(Math.ceil(now.getTime() / HOUR_MS) * HOUR_MS);
  return {
    activityType: '',
    dayType: 'timed',
    start: wallClock(start),
    end: wallClock(new Date(start.getTime() + HOUR_MS)),
    notes: '',
  };
}

export function toActivityFormValues(activity: ActivityResponse): ActivityFormValues {
  return {
    activityType: activity.activityType,
    dayType: activity.dayType,
    start: toPickerValue(activity.startDate, activity.dayType),
    end: toPickerValue(activity.endDate, activity.dayType),
    notes: activity.notes ?? '',
    version: activity.version,
  };
}

/** The create body (plus `version` when editing) from the form's values. */
export function toActivityBody(values: ActivityFormValues, contactId: string): CreateActivityInput & { version?: number } {
  return {
    contactId,
    // Nothing chosen is sent as absent, so the contract says `required` (not `invalid`).
    activityType: (values.activityType || undefined) as ActivityType,
    dayType: values.dayType,
    startDate: toWireDateTime(values.start, values.dayType),
    endDate: toWireDateTime(values.end, values.dayType),
    notes: values.notes,
    ...(values.version !== undefined ? { version: values.version } : {}),
  };
}

/**
 * The form's resolver: the body is built as it will be sent and checked with the contract's own
 * schema (create or update), and each issue is put back on the form field it came from.
 */
export function activityResolver(contactId: string, schema: z.ZodType): Resolver<ActivityFormValues> {
  return async (values) => {
    const result = await schema.safeParseAsync(toActivityBody(values, contactId));
    if (result.success) return { values, errors: {} };
    const errors: FieldErrors<ActivityFormValues> = {};
    for (const { field, key } of toFieldErrors(result.error)) {
      const name = formFieldOf(field);
      if (name && !errors[name]) errors[name] = { type: 'contract', message: key } satisfies FieldError;
    }
    // An issue on no field of the form (the contact id): shown on the activity type, never lost.
    if (Object.keys(errors).length === 0) errors.activityType = { type: 'contract', message: 'invalid' };
    return { values: {}, errors };
  };
}
