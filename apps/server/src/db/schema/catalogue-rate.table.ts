import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { Gender } from '@portal/domain/codes/client';
import type { RateBasis } from '@portal/domain/catalogue/catalogue-schema';
import { catalogueVersion } from './catalogue-version.table';

/**
 * One row of a rate table: the rates of one gender (and policy/premium term; 0 = any) for ages
 * age_from, age_from + age_step, ... Units: see packages/domain/src/catalogue/catalogue-schema.ts.
 */
export const catalogueRate = pgTable(
  'catalogue_rate',
  {
    version: text('version')
      .notNull()
      .references(() => catalogueVersion.version, { onDelete: 'cascade' }),
    tableId: text('table_id').notNull(),
    /** Order of the row in the seeded catalogue (tables, then rows), so the version reads back exactly. */
    position: integer('position').notNull(),
    basis: text('basis').$type<RateBasis>().notNull(),
    gender: text('gender').$type<Gender>().notNull(),
    policyTerm: integer('policy_term').notNull(),
    premiumTerm: integer('premium_term').notNull(),
    ageFrom: integer('age_from').notNull(),
    ageStep: integer('age_step').notNull(),
    rates: integer('rates').array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.version, t.tableId, t.gender, t.policyTerm, t.premiumTerm] })],
);
