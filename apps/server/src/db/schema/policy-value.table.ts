import { bigint, integer, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { policy } from './policy.table';

/** Values at the end of each policy year, in minor units of the policy's currency. */
export const policyValue = pgTable(
  'policy_value',
  {
    policyId: uuid('policy_id')
      .notNull()
      .references(() => policy.id, { onDelete: 'cascade' }),
    policyYear: integer('policy_year').notNull(),
    cashValue: bigint('cash_value', { mode: 'number' }).notNull(),
    surrenderValue: bigint('surrender_value', { mode: 'number' }).notNull(),
    paidUpValue: bigint('paid_up_value', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'policy_value_pk', columns: [t.policyId, t.policyYear] })],
);
