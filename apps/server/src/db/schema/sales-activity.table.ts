import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ActivityType, DayType } from '@portal/domain/codes/activity-types';
import { appUser } from './app-user.table';
import { contact } from './contact.table';

/**
 * A sales activity on a contact (spec §3: dayType, startDate, endDate). The owner is kept on the
 * row (the contact's owner) so the cross-contact list needs no join. Soft-deleted, with the
 * contact too. Timestamps keep milliseconds (precision 3) for exact keyset cursors.
 */
export const salesActivity = pgTable(
  'sales_activity',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contact.id),
    ownerUserId: uuid('owner_user_id')
      .notNull()
      .references(() => appUser.id),
    activityType: text('activity_type').$type<ActivityType>().notNull(),
    dayType: text('day_type').$type<DayType>().notNull(),
    startDate: timestamp('start_date', { withTimezone: true, precision: 3 }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true, precision: 3 }).notNull(),
    notes: text('notes'),
    createdDate: timestamp('created_date', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    modifiedDate: timestamp('modified_date', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    createdBy: uuid('created_by').references(() => appUser.id),
    modifiedBy: uuid('modified_by').references(() => appUser.id),
    version: integer('version').notNull().default(1),
    deletedAt: timestamp('deleted_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    index('sales_activity_owner_start_idx')
      .on(t.ownerUserId, t.startDate, t.id)
      .where(sql`${t.deletedAt} IS NULL`),
    index('sales_activity_contact_start_idx')
      .on(t.contactId, t.startDate, t.id)
      .where(sql`${t.deletedAt} IS NULL`),
    check('sales_activity_dates', sql`${t.endDate} >= ${t.startDate}`),
    check('sales_activity_day_type', sql`${t.dayType} IN ('allDay', 'timed')`),
  ],
);

export type SalesActivityRow = typeof salesActivity.$inferSelect;
export type NewSalesActivityRow = typeof salesActivity.$inferInsert;
