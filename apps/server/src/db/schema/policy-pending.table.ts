import { sql } from 'drizzle-orm';
import { bigint, check, date, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import type { FeedPendingStatus } from '@portal/domain/contracts/policies/policy-fields';
import { policy } from './policy.table';

/**
 * A pending requirement of a policy, from the feed (upserted by policy and code, so the portal's
 * `submitted_at` survives re-imports; a code the feed drops is deleted). The documents uploaded
 * for it are policy_pending_document rows keyed by policy and code, kept when the requirement goes.
 */
export const policyPending = pgTable(
  'policy_pending',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    policyId: uuid('policy_id')
      .notNull()
      .references(() => policy.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    descriptionEn: text('description_en').notNull(),
    descriptionKm: text('description_km').notNull(),
    requestedDate: date('requested_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }),
    /** The core system's status: outstanding, received, waived. */
    status: text('status').$type<FeedPendingStatus>().notNull(),
    /** Set by the portal when a document is uploaded; the requirement then shows `submitted` while outstanding. */
    submittedAt: timestamp('submitted_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    unique('policy_pending_policy_code_uq').on(t.policyId, t.code),
    check('policy_pending_status', sql`${t.status} IN ('outstanding', 'received', 'waived')`),
  ],
);
