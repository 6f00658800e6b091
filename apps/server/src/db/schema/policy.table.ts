import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { CurrencyCode } from '@portal/domain/codes/currencies';
import type { PolicyStatus } from '@portal/domain/codes/policy-codes';
import type { PremiumMode } from '@portal/domain/codes/premium-modes';
import type { DeliveryStatus } from '@portal/domain/contracts/policies/policy-fields';
import { agency } from './agency.table';
import { appUser } from './app-user.table';

/** Issuance details as the feed gives them (shown, never queried). */
export interface PolicyIssuance {
  applicationNumber: string | null;
  proposalNumber: string | null;
  submissionDate: string | null;
  approvalDate: string | null;
  issuingOffice: string | null;
  underwritingDecision: string | null;
}

/**
 * A policy of the insurer's core system: the portal's read model (DESIGN.md §5), written only by
 * the policy feed importer (src/importers) — except the delivery status, which agency staff set
 * (`delivery_set_by`; once set, imports keep it). Its children (clients, beneficiaries, coverages,
 * values, payments, claims, milestones, pending requirements) are replaced whenever the feed
 * changes the policy (`content_hash`).
 *
 * Lists and search read this table alone: the owner's and the insured's names and phone are
 * copied here, `search_text` holds the lower-cased policy number, names (Latin both orders,
 * Khmer both orders) and ID numbers of every client, `search_phones` their phones as dialled at
 * home (`012345678`), both trigram-indexed for `LIKE '%term%'` in Latin and Khmer script.
 * Money: integer minor units of `currency` (USD cents, whole riel).
 */
export const policy = pgTable(
  'policy',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    policyNumber: text('policy_number').notNull().unique(),
    productCode: text('product_code').notNull(),
    planKey: text('plan_key'),
    status: text('status').$type<PolicyStatus>().notNull(),
    statusDate: date('status_date', { mode: 'string' }).notNull(),
    graceEndDate: date('grace_end_date', { mode: 'string' }),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    effectiveDate: date('effective_date', { mode: 'string' }).notNull(),
    paidToDate: date('paid_to_date', { mode: 'string' }),
    maturityDate: date('maturity_date', { mode: 'string' }),
    premiumMode: text('premium_mode').$type<PremiumMode>().notNull(),
    modalPremium: bigint('modal_premium', { mode: 'number' }).notNull(),
    currency: text('currency').$type<CurrencyCode>().notNull(),
    sumAssured: bigint('sum_assured', { mode: 'number' }).notNull(),
    policyTerm: integer('policy_term'),
    premiumTerm: integer('premium_term'),
    agentUserId: uuid('agent_user_id')
      .notNull()
      .references(() => appUser.id),
    agencyId: uuid('agency_id').references(() => agency.id),
    deliveryStatus: text('delivery_status').$type<DeliveryStatus>().notNull().default('pending'),
    deliveryStatusDate: date('delivery_status_date', { mode: 'string' }),
    deliverySetBy: uuid('delivery_set_by').references(() => appUser.id),
    deliverySetAt: timestamp('delivery_set_at', { withTimezone: true, precision: 3 }),
    issuance: jsonb('issuance').$type<PolicyIssuance>(),
    ownerFirstName: text('owner_first_name'),
    ownerLastName: text('owner_last_name'),
    ownerFirstNameKh: text('owner_first_name_kh'),
    ownerLastNameKh: text('owner_last_name_kh'),
    ownerPhone: text('owner_phone'),
    insuredFirstName: text('insured_first_name'),
    insuredLastName: text('insured_last_name'),
    insuredFirstNameKh: text('insured_first_name_kh'),
    insuredLastNameKh: text('insured_last_name_kh'),
    searchText: text('search_text').notNull(),
    searchPhones: text('search_phones').notNull().default(''),
    /** SHA-256 of the checked feed record: an unchanged record is skipped on re-import. */
    contentHash: text('content_hash').notNull(),
    /** The feed's `asOf` when this policy last changed. */
    feedAsOf: date('feed_as_of', { mode: 'string' }),
    importedAt: timestamp('imported_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    createdDate: timestamp('created_date', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    modifiedDate: timestamp('modified_date', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /** Optimistic locking of the delivery status; every change (import or portal) adds one. */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('policy_agent_number_idx').on(t.agentUserId, t.policyNumber),
    index('policy_agency_number_idx').on(t.agencyId, t.policyNumber),
    index('policy_agent_status_idx').on(t.agentUserId, t.status, t.paidToDate),
    index('policy_agency_status_idx').on(t.agencyId, t.status, t.paidToDate),
    index('policy_search_text_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    index('policy_search_phones_trgm_idx').using('gin', t.searchPhones.op('gin_trgm_ops')),
    check('policy_status', sql`${t.status} IN ('Active', 'Grace', 'Lapsed')`),
    check('policy_currency', sql`${t.currency} IN ('02', '96')`),
    check('policy_premium_mode', sql`${t.premiumMode} IN ('annual', 'semiAnnual', 'singlePremium', 'quarterly', 'monthly')`),
    check('policy_delivery_status', sql`${t.deliveryStatus} IN ('pending', 'dispatched', 'delivered', 'acknowledged', 'returned')`),
  ],
);

export type PolicyRow = typeof policy.$inferSelect;
export type NewPolicyRow = typeof policy.$inferInsert;
