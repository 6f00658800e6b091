/**
 * Sales activities of a contact (spec §3 names `dayType`, `startDate`, `endDate`; the kinds of
 * activity are not shown, so this list is ours). Labels are translated by the web
 * (`contacts:activity_type_<code>`, `contacts:day_type_<code>`).
 */
export const ACTIVITY_TYPES = ['call', 'meeting', 'presentation', 'followUp', 'other'] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/**
 * `allDay`: the activity takes whole days (start and end are read as dates, the time is ignored
 * on screen); `timed`: it has a start and end time.
 */
export const DAY_TYPES = ['allDay', 'timed'] as const;
export type DayType = (typeof DAY_TYPES)[number];

export function isActivityType(value: unknown): value is ActivityType {
  return typeof value === 'string' && (ACTIVITY_TYPES as readonly string[]).includes(value);
}

export function isDayType(value: unknown): value is DayType {
  return value === 'allDay' || value === 'timed';
}
