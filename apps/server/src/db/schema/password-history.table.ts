import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { appUser } from './app-user.table';

/** Earlier argon2id hashes of a user's passwords, so a new one can differ from the last five (1044). */
export const passwordHistory = pgTable(
  'password_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    passwordHash: text('password_hash').notNull(),
    createdDate: timestamp('created_date', { withTimezone: true }).notNull(),
  },
  (t) => [index('password_history_user_idx').on(t.userId, t.createdDate)],
);

export type PasswordHistoryRow = typeof passwordHistory.$inferSelect;
