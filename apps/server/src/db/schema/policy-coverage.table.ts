import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { CoverageType } from '@portal/domain/codes/policy-codes';
import { policy } from './policy.table';

/** A plan on a policy: B base plan, R rider, W waiver. Amounts in minor units of the policy's currency. */
export const policyCoverage = pgTable(
  'policy_coverage',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    policyId: uuid('policy_id')
      .notNull()
      .references(() => policy.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    coverageType: text('coverage_type').$type<CoverageType>().notNull(),
    productCode: text('product_code').notNull(),
    planKey: text('plan_key'),
    faceAmount: bigint('face_amount', { mode: 'number' }).notNull(),
    premium: bigint('premium', { mode: 'number' }).notNull(),
    term: integer('term'),
    premiumTerm: integer('premium_term'),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
  },
  (t) => [
    index('policy_coverage_policy_idx').on(t.policyId, t.seq),
    check('policy_coverage_type', sql`${t.coverageType} IN ('B', 'R', 'W')`),
  ],
);
