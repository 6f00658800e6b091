import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { CandidateStatus } from '@portal/domain/codes/candidate-status';
import { appUser } from './app-user.table';
import { candidate } from './candidate.table';

/** Every move of a candidate between pipeline states: who, in which role, when, and why. Append-only. */
export const candidateStageHistory = pgTable(
  'candidate_stage_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    candidateId: uuid('candidate_id')
      .notNull()
      .references(() => candidate.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status').$type<CandidateStatus>(),
    toStatus: text('to_status').$type<CandidateStatus>().notNull(),
    actorUserId: uuid('actor_user_id').references(() => appUser.id),
    actorRole: text('actor_role'),
    comment: text('comment'),
    at: timestamp('at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index('candidate_stage_history_candidate_idx').on(t.candidateId, t.at)],
);

export type CandidateStageHistoryRow = typeof candidateStageHistory.$inferSelect;
