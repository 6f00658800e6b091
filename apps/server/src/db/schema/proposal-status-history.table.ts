import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ProposalStatus } from '@portal/domain/contracts/proposals/proposal-fields';
import { appUser } from './app-user.table';
import { proposal } from './proposal.table';

/** Every status a proposal was given, with when and by whom (oldest first by `at`). */
export const proposalStatusHistory = pgTable(
  'proposal_status_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    proposalId: uuid('proposal_id')
      .notNull()
      .references(() => proposal.id),
    status: text('status').$type<ProposalStatus>().notNull(),
    at: timestamp('at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    byUserId: uuid('by_user_id').references(() => appUser.id),
  },
  (t) => [index('proposal_status_history_proposal_idx').on(t.proposalId, t.at)],
);

export type ProposalStatusHistoryRow = typeof proposalStatusHistory.$inferSelect;
