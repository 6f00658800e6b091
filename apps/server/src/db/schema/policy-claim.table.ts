import { bigint, date, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { ClaimStatus, ClaimType } from '@portal/domain/contracts/policies/policy-fields';
import { policy } from './policy.table';

/** A claim on a policy (claim-history screen); amounts in minor units of the policy's currency. */
export const policyClaim = pgTable(
  'policy_claim',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    policyId: uuid('policy_id')
      .notNull()
      .references(() => policy.id, { onDelete: 'cascade' }),
    claimNumber: text('claim_number').notNull(),
    claimType: text('claim_type').$type<ClaimType>().notNull(),
    status: text('status').$type<ClaimStatus>().notNull(),
    eventDate: date('event_date', { mode: 'string' }),
    submittedDate: date('submitted_date', { mode: 'string' }).notNull(),
    decisionDate: date('decision_date', { mode: 'string' }),
    claimedAmount: bigint('claimed_amount', { mode: 'number' }).notNull(),
    paidAmount: bigint('paid_amount', { mode: 'number' }),
  },
  (t) => [index('policy_claim_policy_idx').on(t.policyId, t.submittedDate)],
);
