import * as z from 'zod';
import { addKeyIssue } from '../../rules/generic';
import { optionalDateSchema } from '../../rules/dates';
import { MILESTONE_TYPES, milestoneSchema, policyNumberSchema } from './policy-fields';

/** Default window (days from `from`) and the longest window one call may ask for. */
export const MILESTONE_DEFAULT_DAYS = 30;
export const MILESTONE_MAX_DAYS = 366;
/** Most milestones one call answers; `truncated` says there were more. */
export const MILESTONE_MAX_ITEMS = 500;

/**
 * GET /api/policy/v1/search/client-milestones?from=&to=&type=&policyNumber= — milestones of the
 * caller's customers (their own policies; agency staff: the agency's), soonest first, then by
 * policy number. Policies in force (Active, Grace) only.
 * - `from` (default today in Phnom Penh), `to` (default from + 30 days): YYYY-MM-DD or
 *   DD/MM/YYYY, inclusive; `to` before `from` or more than 366 days after it: `invalid` on `to`.
 * - `type`: birthday | anniversary | maturity | premiumDue | other (empty: all).
 * - `policyNumber`: one policy only (the customer-milestone screen); another's answers 404.
 * Birthdays are the owner's and the life insured's (once when they are the same person);
 * anniversaries fall on the effective date's day and month (29 February: 28 February in common
 * years); premiumDue is the paid-to date of a regular-premium policy.
 */
export const clientMilestonesQuerySchema = z
  .object({
    from: optionalDateSchema(),
    to: optionalDateSchema(),
    type: z
      .union([z.enum(MILESTONE_TYPES), z.literal('')], { error: 'invalid' })
      .optional()
      .transform((value) => (value ? value : undefined)),
    policyNumber: policyNumberSchema.optional().transform((value) => (value ? value : undefined)),
  })
  .superRefine((query, ctx) => {
    if (query.from && query.to) {
      const days = (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000;
      if (days < 0 || days > MILESTONE_MAX_DAYS) addKeyIssue(ctx, 'invalid', ['to']);
    }
  });
export type ClientMilestonesInput = z.input<typeof clientMilestonesQuerySchema>;
export type ClientMilestonesQuery = z.output<typeof clientMilestonesQuerySchema>;

export const clientMilestonesResponseSchema = z.object({
  from: z.string(),
  to: z.string(),
  items: z.array(milestoneSchema),
  truncated: z.boolean(),
});
export type ClientMilestonesResponse = z.infer<typeof clientMilestonesResponseSchema>;
