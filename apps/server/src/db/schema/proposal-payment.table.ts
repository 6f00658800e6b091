import { bigint, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { proposal } from './proposal.table';

/**
 * The live online payment of a proposal's first premium (KHQR): at most one row per proposal. A
 * reference stands for one amount: while the premium stays the same the reference stays (a new
 * KHQR string under it only when the old one expired); when the premium changes, the row moves to
 * proposal_payment_superseded (in the transaction of the edit) and the next request issues a new
 * reference for the new amount.
 */
export const proposalPayment = pgTable('proposal_payment', {
  proposalId: uuid('proposal_id')
    .primaryKey()
    .references(() => proposal.id),
  paymentReference: text('payment_reference').notNull().unique(),
  amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  currency: text('currency').notNull().default('USD'),
  khqr: text('khqr').notNull(),
  khqrMd5: text('khqr_md5').notNull(),
  proposalVersion: integer('proposal_version').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
  createdDate: timestamp('created_date', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  modifiedDate: timestamp('modified_date', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
});

export type ProposalPaymentRow = typeof proposalPayment.$inferSelect;
