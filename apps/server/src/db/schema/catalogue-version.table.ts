import { date, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One version of the product catalogue (docs/decisions/003). Seeded at server start from
 * packages/domain/src/catalogue (idempotent); a version's data never changes once seeded — a new
 * tariff is a new version. Factors and discounts are small maps kept here.
 */
export const catalogueVersion = pgTable('catalogue_version', {
  version: text('version').primaryKey(),
  effectiveDate: date('effective_date', { mode: 'string' }).notNull(),
  currency: text('currency').notNull(),
  /** sha-256 of the seeded catalogue (JSON), to detect a version whose source changed. */
  checksum: text('checksum').notNull(),
  modalFactorsBp: jsonb('modal_factors_bp').$type<Record<string, number>>().notNull(),
  modeDiscountBp: jsonb('mode_discount_bp').$type<Record<string, number>>().notNull(),
  largeAmountDiscount: jsonb('large_amount_discount').$type<{ fromFaceAmount: number; discountBp: number }>().notNull(),
  createdDate: timestamp('created_date', { withTimezone: true }).notNull().defaultNow(),
});
