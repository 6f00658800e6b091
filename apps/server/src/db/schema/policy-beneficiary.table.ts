import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { BeneficiaryPriority, Gender } from '@portal/domain/codes/client';
import { policy } from './policy.table';

/** A beneficiary (spec §3: priority p/s, shareBenifit, relationship to the life insured). */
export const policyBeneficiary = pgTable(
  'policy_beneficiary',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    policyId: uuid('policy_id')
      .notNull()
      .references(() => policy.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    priority: text('priority').$type<BeneficiaryPriority>().notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    firstNameKh: text('first_name_kh'),
    lastNameKh: text('last_name_kh'),
    relationship: text('relationship').notNull(),
    /** shareBenifit in hundredths of a percent (50% = 5000). */
    shareBasisPoints: integer('share_basis_points').notNull(),
    gender: text('gender').$type<Gender>(),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
  },
  (t) => [
    index('policy_beneficiary_policy_idx').on(t.policyId, t.seq),
    check('policy_beneficiary_priority', sql`${t.priority} IN ('p', 's')`),
    check('policy_beneficiary_share', sql`${t.shareBasisPoints} > 0 AND ${t.shareBasisPoints} <= 10000`),
  ],
);
