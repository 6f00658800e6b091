import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { appUser } from './app-user.table';
import { proposal } from './proposal.table';

/**
 * Payment references of a proposal that no longer hold: the proposal's premium changed after the
 * KHQR code was issued, so that reference (and its code, which may still be scanned from a printed
 * illustration) was withdrawn and a new reference issued for the new amount. Kept so a payment
 * that arrives against an old reference is recognised: whose proposal, what amount, when and by
 * whom it was superseded (the proposal's live reference is in proposal_payment).
 */
export const proposalPaymentSuperseded = pgTable(
  'proposal_payment_superseded',
  {
    paymentReference: text('payment_reference').primaryKey(),
    proposalId: uuid('proposal_id')
      .notNull()
      .references(() => proposal.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    khqrMd5: text('khqr_md5').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true, precision: 3 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
    supersededAt: timestamp('superseded_at', { withTimezone: true, precision: 3 }).notNull(),
    supersededBy: uuid('superseded_by').references(() => appUser.id),
  },
  (t) => [index('proposal_payment_superseded_proposal_idx').on(t.proposalId)],
);

export type ProposalPaymentSupersededRow = typeof proposalPaymentSuperseded.$inferSelect;
