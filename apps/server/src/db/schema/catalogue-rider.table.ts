import { boolean, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { AgeRange, CatalogueRider } from '@portal/domain/catalogue/catalogue-schema';
import type { RiderFaceAmountType } from '@portal/domain/codes/riders';
import { catalogueVersion } from './catalogue-version.table';

/** A rider (R) or waiver (W) of a catalogue version, with its face-amount type (spec §3). */
export const catalogueRider = pgTable(
  'catalogue_rider',
  {
    version: text('version')
      .notNull()
      .references(() => catalogueVersion.version, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    nameKh: text('name_kh').notNull(),
    coverageType: text('coverage_type').$type<'R' | 'W'>().notNull(),
    faceAmountType: text('face_amount_type').$type<RiderFaceAmountType>().notNull(),
    insured: text('insured').$type<'lifeInsured' | 'policyOwner'>().notNull(),
    requiresSeparateOwner: boolean('requires_separate_owner').notNull(),
    ages: jsonb('ages').$type<AgeRange>().notNull(),
    faceAmount: jsonb('face_amount').$type<CatalogueRider['faceAmount']>().notNull(),
    planKeys: jsonb('plan_keys').$type<{ full: string; activation: string }>(),
    rateTable: text('rate_table').notNull(),
  },
  (t) => [primaryKey({ columns: [t.version, t.code] })],
);

/** Rider pairs of spec §5: `rider` needs (required) or may take (optional) `companion`. */
export const catalogueRiderPair = pgTable(
  'catalogue_rider_pair',
  {
    version: text('version')
      .notNull()
      .references(() => catalogueVersion.version, { onDelete: 'cascade' }),
    rider: text('rider').notNull(),
    companion: text('companion').notNull(),
    position: integer('position').notNull(),
    kind: text('kind').$type<'required' | 'optional'>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.version, t.rider, t.companion] })],
);
