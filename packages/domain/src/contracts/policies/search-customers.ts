import * as z from 'zod';
import { POLICY_STATUSES } from '../../codes/policy-codes';
import { optionalSearchTermSchema } from '../../rules/search';
import { policySummarySchema } from './policy-fields';
import { policyCursorSchema, policyListSizeSchema, policyNextCursorSchema } from './policy-list-params';
import { servicingSummaryResponseSchema } from './servicing-summary';

/**
 * GET /api/policy/v1/search/customers?q=&status=&cursor=&size= — the caller's policies (an
 * advisor: those they sold; ROLE_AS / ROLE_AA: their agency's), by policy number.
 * - `q` (optional): at least 3 characters after trimming (`minlength` otherwise, spec §9); matches
 *   anywhere in the policy number, the owner's or life insured's name in Latin (`first last` or
 *   `last first`, any case) or Khmer script, their ID numbers, and their phones in any form
 *   (`012 345 678`, `+855 12 345 678`, a part of it).
 * - `status`: Active | Grace | Lapsed (empty: any).
 * - `size`: 1-100 (default 20); `cursor`: the previous answer's `nextCursor`.
 *
 * `?view=summary` answers the servicing dashboard instead (servicing-summary.ts): the other
 * parameters are then ignored. It lives here until the advisor dashboard call
 * (GET /api/user/v1/dashboard) takes it over; see POLICY_FEED.md "Dashboard summary".
 */
export const searchCustomersQuerySchema = z.object({
  q: optionalSearchTermSchema,
  status: z
    .union([z.enum(POLICY_STATUSES), z.literal('')], { error: 'invalid' })
    .optional()
    .transform((value) => (value ? value : undefined)),
  cursor: policyCursorSchema,
  size: policyListSizeSchema,
  view: z
    .union([z.literal('list'), z.literal('summary'), z.literal('')], { error: 'invalid' })
    .optional()
    .transform((value) => (value === 'summary' ? 'summary' : 'list')),
});
export type SearchCustomersInput = z.input<typeof searchCustomersQuerySchema>;
export type SearchCustomersQuery = z.output<typeof searchCustomersQuerySchema>;

export const searchCustomersResponseSchema = z.object({
  items: z.array(policySummarySchema),
  nextCursor: policyNextCursorSchema,
});
export type SearchCustomersResponse = z.infer<typeof searchCustomersResponseSchema>;

/** What the route answers: the list, or with `view=summary` the dashboard summary. */
export const searchCustomersAnySchema = z.union([searchCustomersResponseSchema, servicingSummaryResponseSchema]);
