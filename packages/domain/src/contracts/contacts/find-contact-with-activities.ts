import * as z from 'zod';
import { activityResponseSchema } from '../activities/create-activity';
import { contactResponseSchema } from './create-contact';

/** A contact detail shows at most this many activities (newest start first); the rest via the activity find. */
export const CONTACT_DETAIL_MAX_ACTIVITIES = 100;

/**
 * GET /api/contact/v2/find/{id} — the contact (as v1) with its sales activities, newest start
 * first, at most 100. 404 when the caller may not see it. The read is audited.
 */
export const findContactWithActivitiesResponseSchema = contactResponseSchema.extend({
  activities: z.array(activityResponseSchema),
});
export type FindContactWithActivitiesResponse = z.infer<typeof findContactWithActivitiesResponseSchema>;
