import { integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { compliancePeriod } from './compliance-period.table';

/** A training material of a period, in English and Khmer; its PDF is rendered from `body*`. */
export const complianceMaterial = pgTable(
  'compliance_material',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    periodCode: text('period_code')
      .notNull()
      .references(() => compliancePeriod.code, { onDelete: 'cascade' }),
    sequence: integer('sequence').notNull(),
    titleEn: text('title_en').notNull(),
    titleKm: text('title_km').notNull(),
    descriptionEn: text('description_en').notNull(),
    descriptionKm: text('description_km').notNull(),
    /** Paragraphs separated by blank lines (plain text; the PDF template escapes them). */
    bodyEn: text('body_en').notNull(),
    bodyKm: text('body_km').notNull(),
    createdDate: timestamp('created_date', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    modifiedDate: timestamp('modified_date', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [unique('compliance_material_period_seq').on(t.periodCode, t.sequence)],
);

export type ComplianceMaterialRow = typeof complianceMaterial.$inferSelect;
