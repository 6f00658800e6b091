import * as z from 'zod';
import { ACTIVITY_TYPES, DAY_TYPES } from '../../codes/activity-types';
import { activityFieldsShape, withActivityRules } from './activity-fields';

/**
 * POST /api/contact/v2/activity/create -> 201 with the stored activity.
 * `{ contactId, activityType, dayType: 'allDay'|'timed', startDate, endDate, notes? }`; dates are
 * date-times with their offset (`2026-11-21T09:30:00+07:00`) or plain dates (start of that day in
 * Phnom Penh); endDate >= startDate (`min` on endDate otherwise). A contactId the caller may not
 * see -> 404.
 */
export const createActivityRequestSchema = withActivityRules(z.object(activityFieldsShape));
export type CreateActivityInput = z.input<typeof createActivityRequestSchema>;
export type CreateActivityRequest = z.output<typeof createActivityRequestSchema>;

/** A stored activity; dates in Phnom Penh time with the +07:00 offset, `notes` null when none. */
export const activityResponseSchema = z.object({
  id: z.string(),
  contactId: z.string(),
  activityType: z.enum(ACTIVITY_TYPES),
  dayType: z.enum(DAY_TYPES),
  startDate: z.string(),
  endDate: z.string(),
  notes: z.string().nullable(),
  createdDate: z.string(),
  modifiedDate: z.string(),
  version: z.number().int(),
});
export type ActivityResponse = z.infer<typeof activityResponseSchema>;
