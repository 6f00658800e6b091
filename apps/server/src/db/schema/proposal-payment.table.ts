import { bigint, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { proposal } from './proposal.table';

/**
 * The online payment of a proposal's first premium (KHQR): one row per proposal, so the
 * reference is issued once and stays. The KHQR string is kept with the amount and proposal version
 * it was made for; a changed amount makes a new string under the same reference.
 */
export const proposalPayment = pgTable('proposal_payment', {
  proposalId: uuid('proposal_id').primaryKey().references(() => proposal.id),
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
