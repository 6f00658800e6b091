import { bigint, date, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { policy } from './policy.table';

/**
 * A dated event the feed announces for a policy (type `other`: a survival benefit, a loyalty
 * bonus). Birthdays, anniversaries, maturity and premium due dates are derived from the policy
 * when milestones are asked for, so they never go stale.
 */
export const policyMilestone = pgTable(
  'policy_milestone',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    policyId: uuid('policy_id')
      .notNull()
      .references(() => policy.id, { onDelete: 'cascade' }),
    milestoneDate: date('milestone_date', { mode: 'string' }).notNull(),
    descriptionEn: text('description_en').notNull(),
    descriptionKm: text('description_km').notNull(),
  },
  (t) => [index('policy_milestone_policy_date_idx').on(t.policyId, t.milestoneDate)],
);
