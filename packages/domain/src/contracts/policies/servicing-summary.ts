import * as z from 'zod';
import { milestoneSchema, policySummarySchema } from './policy-fields';
import { isoDateSchema, moneySchema } from './value-fields';

/** How far ahead the dashboard looks: premiums due (unpaid, they enter grace), grace periods ending, milestones. */
export const SUMMARY_GRACE_ALERT_DAYS = 7;
export const SUMMARY_LAPSE_ALERT_DAYS = 30;
export const SUMMARY_MILESTONE_DAYS = 14;
/** Most policies (or milestones) listed in each dashboard block; `count` says how many there are. */
export const SUMMARY_LIST_MAX = 10;

const alertList = z.object({ count: z.number().int(), items: z.array(policySummarySchema) });

/**
 * The servicing dashboard (/home/servicing), for the caller's policies, as of `asOf` (today in
 * Phnom Penh). GET /api/policy/v1/search/customers?view=summary.
 * - `countsByStatus`: Active, Grace and Lapsed policies, and `total`.
 * - `enteringGrace`: Active, regular-premium policies whose paid-to date falls within the next
 *   7 days or has passed: unless paid, they enter grace. Soonest first.
 * - `lapsingSoon`: Grace policies whose grace period ends within the next 30 days (or has ended
 *   and the core system has not lapsed them yet). Soonest first.
 * - `premiumsDue`: policies in force whose paid-to date falls in the current calendar month, with
 *   the modal premiums due per currency.
 * - `upcomingMilestones`: the next 14 days' milestones (as GET search/client-milestones).
 * Lists hold at most 10 items; `count` is the full number.
 */
export const servicingSummaryResponseSchema = z.object({
  asOf: isoDateSchema,
  countsByStatus: z.object({ Active: z.number().int(), Grace: z.number().int(), Lapsed: z.number().int(), total: z.number().int() }),
  enteringGrace: alertList,
  lapsingSoon: alertList,
  premiumsDue: z.object({
    month: z.string().regex(/^\d{4}-\d{2}$/),
    count: z.number().int(),
    totals: z.array(moneySchema),
    items: z.array(policySummarySchema),
  }),
  upcomingMilestones: z.object({ from: isoDateSchema, to: isoDateSchema, count: z.number().int(), items: z.array(milestoneSchema) }),
});
export type ServicingSummaryResponse = z.infer<typeof servicingSummaryResponseSchema>;
