import * as z from 'zod';
import { versionSchema } from '../contacts/contact-id';
import { activityFieldsShape, withActivityRules } from './activity-fields';

/**
 * POST /api/contact/v2/activity/update/{id}: the create body plus `version`; replaces every
 * field. 200 with the activity (`activityResponseSchema` of create-activity.ts); stale version
 * -> 409 `conflict`; an activity or contactId the caller may not see -> 404.
 */
export const updateActivityRequestSchema = withActivityRules(z.object({ ...activityFieldsShape, version: versionSchema }));
export type UpdateActivityInput = z.input<typeof updateActivityRequestSchema>;
export type UpdateActivityRequest = z.output<typeof updateActivityRequestSchema>;
