import { integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { AgeRules, FaceAmountRule, TermOption } from '@portal/domain/catalogue/catalogue-schema';
import type { PackageType, PayoutType } from '@portal/domain/codes/products';
import type { PremiumMode } from '@portal/domain/codes/premium-modes';
import { catalogueVersion } from './catalogue-version.table';

/** A base product of a catalogue version (spec §3 product codes), with its rules as data. */
export const catalogueProduct = pgTable(
  'catalogue_product',
  {
    version: text('version')
      .notNull()
      .references(() => catalogueVersion.version, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    nameKh: text('name_kh').notNull(),
    packageType: text('package_type').$type<PackageType>().notNull(),
    payoutTypes: jsonb('payout_types').$type<PayoutType[]>().notNull(),
    premiumModes: jsonb('premium_modes').$type<PremiumMode[]>().notNull(),
    defaultPlanKey: text('default_plan_key').notNull(),
    terms: jsonb('terms').$type<TermOption[]>().notNull(),
    defaultPolicyTerm: integer('default_policy_term').notNull(),
    defaultPremiumTerm: integer('default_premium_term').notNull(),
    maxMaturityAge: integer('max_maturity_age').notNull(),
    ages: jsonb('ages').$type<AgeRules>().notNull(),
    faceAmount: jsonb('face_amount').$type<FaceAmountRule>().notNull(),
    /** Rider codes offered, in display order. */
    riders: jsonb('riders').$type<string[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.version, t.code] })],
);
