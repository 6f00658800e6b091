import type * as z from 'zod';
import { activityResponseSchema } from './create-activity';

/** GET /api/contact/v2/activity/find/{id} — one of the caller's activities; 404 otherwise. */
export const findActivityResponseSchema = activityResponseSchema;
export type FindActivityResponse = z.infer<typeof findActivityResponseSchema>;
