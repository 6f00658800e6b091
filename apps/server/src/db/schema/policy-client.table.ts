import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { ClientLinkType, Gender } from '@portal/domain/codes/client';
import type { IdentificationType } from '@portal/domain/codes/identification-types';
import { policy } from './policy.table';

/** A client linked to a policy (spec §3 link types: I life insured, O owner, P payor); `seq` keeps the feed's order. */
export const policyClient = pgTable(
  'policy_client',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    policyId: uuid('policy_id')
      .notNull()
      .references(() => policy.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    linkType: text('link_type').$type<ClientLinkType>().notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    firstNameKh: text('first_name_kh'),
    lastNameKh: text('last_name_kh'),
    gender: text('gender').$type<Gender>().notNull(),
    dateOfBirth: date('date_of_birth', { mode: 'string' }).notNull(),
    idType: text('id_type').$type<IdentificationType>(),
    idNumber: text('id_number'),
    /** E.164. */
    phone: text('phone'),
    email: text('email'),
    occupation: text('occupation'),
    address: text('address'),
  },
  (t) => [
    index('policy_client_policy_idx').on(t.policyId, t.seq),
    check('policy_client_link_type', sql`${t.linkType} IN ('I', 'O', 'P')`),
    check('policy_client_gender', sql`${t.gender} IN ('M', 'F')`),
  ],
);
