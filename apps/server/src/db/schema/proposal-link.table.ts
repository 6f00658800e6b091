import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { appUser } from './app-user.table';
import { proposal } from './proposal.table';

/**
 * A link to a proposal sent to the customer by SMS: single use, expiring. Only the SHA-256 of the
 * signed token is kept, and the phone only masked. `used_at`: the customer opened it (the page got
 * its view token); `revoked_at`: a newer link of the same proposal replaced it.
 */
export const proposalLink = pgTable(
  'proposal_link',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    proposalId: uuid('proposal_id')
      .notNull()
      .references(() => proposal.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    lang: text('lang').notNull(),
    maskedPhone: text('masked_phone').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, precision: 3 }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, precision: 3 }),
    createdBy: uuid('created_by').references(() => appUser.id),
    createdDate: timestamp('created_date', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index('proposal_link_proposal_idx').on(t.proposalId, t.createdDate)],
);

export type ProposalLinkRow = typeof proposalLink.$inferSelect;
