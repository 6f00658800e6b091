import { bigint, index, pgSequence, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { appUser } from './app-user.table';

/** New trainee agent codes TR100001, TR100002, ... */
export const agentCodeSeq = pgSequence('agent_code_seq', { startWith: 100001 });

/** Each agent's codes over time (screen `agent-codes-history`): a new code closes the previous one. */
export const agentCodeHistory = pgTable(
  'agent_code_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    agentCode: text('agent_code').notNull(),
    reason: text('reason').notNull(),
    validFrom: timestamp('valid_from', { withTimezone: true, precision: 3 }).notNull(),
    validTo: timestamp('valid_to', { withTimezone: true, precision: 3 }),
    createdBy: uuid('created_by').references(() => appUser.id),
  },
  (t) => [index('agent_code_history_user_idx').on(t.userId, t.validFrom)],
);
