import { integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { AgeRules, FaceAmountRule } from '@portal/domain/catalogue/catalogue-schema';
import type { PayoutType } from '@portal/domain/codes/products';
import { catalogueVersion } from './catalogue-version.table';

/** A base plan of a product (plan keys like KRU01-01-02, ATU01-01-02), with plan-level overrides. */
export const cataloguePlan = pgTable(
  'catalogue_plan',
  {
    version: text('version')
      .notNull()
      .references(() => catalogueVersion.version, { onDelete: 'cascade' }),
    productCode: text('product_code').notNull(),
    planKey: text('plan_key').notNull(),
    position: integer('position').notNull(),
    planCode: text('plan_code').notNull(),
    variant: text('variant').$type<'full' | 'activation'>().notNull(),
    payoutType: text('payout_type').$type<PayoutType>().notNull(),
    name: text('name').notNull(),
    nameKh: text('name_kh').notNull(),
    rateTable: text('rate_table').notNull(),
    faceAmount: jsonb('face_amount').$type<FaceAmountRule>(),
    ages: jsonb('ages').$type<AgeRules>(),
  },
  (t) => [primaryKey({ columns: [t.version, t.productCode, t.planKey] })],
);
