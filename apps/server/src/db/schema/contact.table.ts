import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ContactType, Gender } from '@portal/domain/codes/client';
import type { IdentificationType } from '@portal/domain/codes/identification-types';
import { agency } from './agency.table';
import { appUser } from './app-user.table';

/**
 * An advisor's contact (prospect), spec §3 / DESIGN.md §3. Soft-deleted (`deleted_at`).
 * Timestamps keep milliseconds only (precision 3), so a keyset cursor built from a JS Date
 * matches the stored value exactly.
 *
 * Search: `search_text` is generated from the Latin names (both orders), the Khmer names
 * (both orders) and the ID number, lower-cased, with a GIN trigram index, so `LIKE '%abc%'` on it
 * is indexed in Latin and Khmer (UTF-8 databases). `phone_local` is the phone as dialled at home
 * (`012345678`), also trigram-indexed, so any run of its digits finds the contact.
 */
export const contact = pgTable(
  'contact',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerUserId: uuid('owner_user_id')
      .notNull()
      .references(() => appUser.id),
    agencyId: uuid('agency_id').references(() => agency.id),
    contactType: text('contact_type').$type<ContactType>().notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    firstNameKh: text('first_name_kh'),
    lastNameKh: text('last_name_kh'),
    gender: text('gender').$type<Gender>().notNull(),
    dateOfBirth: date('date_of_birth', { mode: 'string' }).notNull(),
    /** E.164, e.g. +85512345678. */
    phone: text('phone').notNull(),
    email: text('email'),
    idType: text('id_type').$type<IdentificationType>(),
    idNumber: text('id_number'),
    occupation: text('occupation'),
    address: text('address'),
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        sql`lower("first_name" || ' ' || "last_name" || '|' || "last_name" || ' ' || "first_name" || '|' || coalesce("first_name_kh", '') || ' ' || coalesce("last_name_kh", '') || '|' || coalesce("last_name_kh", '') || ' ' || coalesce("first_name_kh", '') || '|' || coalesce("id_number", ''))`,
      ),
    phoneLocal: text('phone_local')
      .notNull()
      .generatedAlwaysAs(
        sql`CASE WHEN "phone" LIKE '+855%' THEN '0' || substr("phone", 5) ELSE regexp_replace("phone", '[^0-9]', '', 'g') END`,
      ),
    createdDate: timestamp('created_date', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    modifiedDate: timestamp('modified_date', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    createdBy: uuid('created_by').references(() => appUser.id),
    modifiedBy: uuid('modified_by').references(() => appUser.id),
    version: integer('version').notNull().default(1),
    deletedAt: timestamp('deleted_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    // The v1 page and v2 find order: newest change first, id as the tie-break (keyset cursor).
    // The trailing columns never change that order (id is unique); they let a search walk the index
    // and test the term and filters on index tuples alone (an index-only scan), fetching from the
    // table only the page it returns. A common three-letter term (thousands of matches) costs
    // about a millisecond this way instead of one random heap read per candidate row.
    index('contact_owner_modified_search_idx')
      .on(t.ownerUserId, t.modifiedDate.desc().nullsFirst(), t.id.desc().nullsFirst(), t.contactType, t.gender, t.searchText, t.phoneLocal)
      .where(sql`${t.deletedAt} IS NULL`),
    index('contact_agency_idx')
      .on(t.agencyId)
      .where(sql`${t.deletedAt} IS NULL`),
    index('contact_search_text_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    index('contact_phone_local_trgm_idx').using('gin', t.phoneLocal.op('gin_trgm_ops')),
    check('contact_contact_type', sql`${t.contactType} IN ('lifeInsured', 'policyOwner')`),
    check('contact_gender', sql`${t.gender} IN ('M', 'F')`),
    check('contact_id_type', sql`${t.idType} IS NULL OR ${t.idType} IN ('1', '2', '4', '6')`),
    check('contact_phone_e164', sql`${t.phone} ~ '^\\+[1-9][0-9]{6,14}$'`),
  ],
);

export type ContactRow = typeof contact.$inferSelect;
export type NewContactRow = typeof contact.$inferInsert;
