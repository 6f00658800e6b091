import type { ActivityResponse } from '@portal/domain/contracts/activities/create-activity';
import { formatDisplayDate, instantToOffsetDateTime } from '@portal/domain/format/date';

/** Phnom Penh `HH:mm` of a stored date-time. */
function timeOf(stored: string): string {
  const instant = new Date(stored);
  return Number.isNaN(instant.getTime()) ? '' : instantToOffsetDateTime(instant).slice(11, 16);
}

/**
 * When an activity takes place, DD/MM/YYYY: a day, a span of days, a day with its hours, or two
 * date-times.
 */
export function activityWhen(activity: Pick<ActivityResponse, 'dayType' | 'startDate' | 'endDate'>): string {
  const startDay = formatDisplayDate(activity.startDate);
  const endDay = formatDisplayDate(activity.endDate);
  if (activity.dayType === 'allDay') return startDay === endDay ? startDay : `${startDay} – ${endDay}`;
  const start = `${startDay} ${timeOf(activity.startDate)}`;
  return startDay === endDay ? `${start}–${timeOf(activity.endDate)}` : `${start} – ${endDay} ${timeOf(activity.endDate)}`;
}
