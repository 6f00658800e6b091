import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { Language } from '@portal/domain/codes/languages';
import type { Role } from '@portal/domain/codes/roles';
import { agency } from './agency.table';

export const USER_STATUSES = ['active', 'locked', 'disabled'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** A person who signs in: advisors, agency staff, trainees and candidates (spec §6). */
export const appUser = pgTable(
  'app_user',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Always stored lower-case; sign-in lower-cases what the user typed. */
    username: text('username').notNull().unique(),
    displayName: text('display_name').notNull(),
    displayNameKh: text('display_name_kh'),
    /** E.164, e.g. +85512345678; OTPs go here. */
    phone: text('phone'),
    email: text('email'),
    /** argon2id PHC string; null for users who cannot sign in with a password (ROLE_CNL). */
    passwordHash: text('password_hash'),
    roles: text('roles')
      .array()
      .$type<Role[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    agencyId: uuid('agency_id').references(() => agency.id),
    agentCode: text('agent_code').unique(),
    /** The user type shown by the client (spec §3 `alias`). */
    alias: text('alias'),
    preferredLang: text('preferred_lang').$type<Language>().notNull().default('en'),
    status: text('status').$type<UserStatus>().notNull().default('active'),
    failedPasswordCount: integer('failed_password_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdDate: timestamp('created_date', { withTimezone: true }).notNull().defaultNow(),
    modifiedDate: timestamp('modified_date', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    check('app_user_username_lower', sql`${t.username} = lower(${t.username})`),
    check('app_user_phone_e164', sql`${t.phone} IS NULL OR ${t.phone} ~ '^\\+[1-9][0-9]{7,14}$'`),
    check('app_user_status', sql`${t.status} IN ('active', 'locked', 'disabled')`),
    check('app_user_preferred_lang', sql`${t.preferredLang} IN ('en', 'km')`),
  ],
);

export type AppUser = typeof appUser.$inferSelect;
export type NewAppUser = typeof appUser.$inferInsert;
