import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { applicationSignLink } from './application-sign-link.table';

/**
 * A one-time code sent to a remote signer's phone (decision 014), kept only as an HMAC bound to
 * its link and its own id. Its id is part of the signature's evidence. Sends per hour are counted
 * from these rows.
 */
export const applicationSignCode = pgTable(
  'application_sign_code',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    linkId: uuid('link_id')
      .notNull()
      .references(() => applicationSignLink.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true, precision: 3 }),
    createdDate: timestamp('created_date', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index('application_sign_code_link_idx').on(t.linkId, t.createdDate)],
);

export type ApplicationSignCodeRow = typeof applicationSignCode.$inferSelect;
