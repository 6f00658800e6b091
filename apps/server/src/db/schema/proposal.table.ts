import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgSequence, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { PremiumMode } from '@portal/domain/codes/premium-modes';
import type { CalculatePremiumResponse } from '@portal/domain/contracts/engine/calculate-premium';
import type { ProposalParty } from '@portal/domain/contracts/proposals/create-proposal';
import type { ProposalStatus } from '@portal/domain/contracts/proposals/proposal-fields';
import { agency } from './agency.table';
import { appUser } from './app-user.table';
import { contact } from './contact.table';

/** Proposal numbers: `PR` and this sequence's value, 8 digits (PR00000001). */
export const proposalNumberSeq = pgSequence('proposal_number_seq', { startWith: 1, increment: 1 });

/**
 * A proposal: a quote for a life insured and an owner taken from the advisor's contacts.
 * The people are kept as they were at the last save (`life_insured`, `policy_owner`, JSON), so the
 * record does not change when a contact does; the engine's answer at the last save is `quote`
 * (catalogue version included), the record of what was offered. Money is integer cents.
 * `search_text` (lower-cased number, product and names) is written by the service.
 */
export const proposal = pgTable(
  'proposal',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    proposalNumber: text('proposal_number').notNull().unique(),
    ownerUserId: uuid('owner_user_id')
      .notNull()
      .references(() => appUser.id),
    agencyId: uuid('agency_id').references(() => agency.id),
    status: text('status').$type<ProposalStatus>().notNull(),
    lifeInsuredContactId: uuid('life_insured_contact_id')
      .notNull()
      .references(() => contact.id),
    policyOwnerContactId: uuid('policy_owner_contact_id')
      .notNull()
      .references(() => contact.id),
    relationshipCode: text('relationship_code'),
    lifeInsured: jsonb('life_insured').$type<ProposalParty>().notNull(),
    policyOwner: jsonb('policy_owner').$type<ProposalParty>().notNull(),
    productCode: text('product_code').notNull(),
    planKey: text('plan_key').notNull(),
    faceAmountCents: bigint('face_amount_cents', { mode: 'number' }).notNull(),
    policyTerm: integer('policy_term').notNull(),
    premiumTerm: integer('premium_term').notNull(),
    riders: jsonb('riders').$type<{ code: string; faceAmount?: string }[]>().notNull(),
    premiumMode: text('premium_mode').$type<PremiumMode>().notNull(),
    premiumCents: bigint('premium_cents', { mode: 'number' }).notNull(),
    catalogueVersion: text('catalogue_version').notNull(),
    quote: jsonb('quote').$type<CalculatePremiumResponse>().notNull(),
    searchText: text('search_text').notNull(),
    createdDate: timestamp('created_date', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    modifiedDate: timestamp('modified_date', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    createdBy: uuid('created_by').references(() => appUser.id),
    modifiedBy: uuid('modified_by').references(() => appUser.id),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    // The list order (newest change first, id as the tie-break) per advisor and per agency.
    index('proposal_owner_modified_idx').on(t.ownerUserId, t.modifiedDate.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('proposal_agency_modified_idx').on(t.agencyId, t.modifiedDate.desc().nullsFirst(), t.id.desc().nullsFirst()),
    check('proposal_status', sql`${t.status} IN ('quoted', 'presented', 'paymentRequested', 'applied')`),
    check('proposal_premium_mode', sql`${t.premiumMode} IN ('annual', 'semiAnnual', 'singlePremium', 'quarterly', 'monthly')`),
    check('proposal_amounts', sql`${t.faceAmountCents} > 0 AND ${t.premiumCents} >= 0`),
  ],
);

export type ProposalRow = typeof proposal.$inferSelect;
export type NewProposalRow = typeof proposal.$inferInsert;
