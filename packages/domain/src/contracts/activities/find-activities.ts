import * as z from 'zod';
import { optionalDateSchema } from '../../rules/dates';
import { cursorSchema, listSizeSchema, nextCursorSchema } from '../contacts/list-params';
import { activityResponseSchema } from './create-activity';

export const ACTIVITY_ORDERS = ['recent', 'upcoming'] as const;
export type ActivityOrder = (typeof ACTIVITY_ORDERS)[number];

/**
 * GET /api/contact/v2/activity/find?contactId=&from=&to=&order=&cursor=&size= — the caller's
 * own activities (of one contact, or of all their contacts when contactId is absent).
 * - `from` / `to`: dates (DD/MM/YYYY or YYYY-MM-DD), inclusive, on the start date in Phnom Penh.
 * - `order`: `recent` (default) latest start first; `upcoming` only activities not yet ended,
 *   soonest start first (the dashboard).
 * - `size` 1-100 (default 20), `cursor` the previous answer's `nextCursor`.
 * A contactId the caller may not see gives an empty list.
 */
export const findActivitiesQuerySchema = z
  .object({
    contactId: z
      .string({ error: 'invalid' })
      .max(64, { error: 'invalid' })
      .optional()
      .transform((value) => (value ? value : undefined)),
    from: optionalDateSchema(),
    to: optionalDateSchema(),
    order: z.enum(ACTIVITY_ORDERS, { error: 'invalid' }).default('recent'),
    cursor: cursorSchema,
    size: listSizeSchema,
  })
  .superRefine((value, ctx) => {
    if (value.from && value.to && value.to < value.from) ctx.addIssue({ code: 'custom', message: 'min', path: ['to'] });
  });
export type FindActivitiesInput = z.input<typeof findActivitiesQuerySchema>;
export type FindActivitiesQuery = z.output<typeof findActivitiesQuerySchema>;

export const findActivitiesResponseSchema = z.object({
  items: z.array(activityResponseSchema),
  nextCursor: nextCursorSchema,
});
export type FindActivitiesResponse = z.infer<typeof findActivitiesResponseSchema>;
