import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** An agency (an office of advisors). Agency admins see their own agency's records. */
export const agency = pgTable('agency', {
  id: uuid('id').primaryKey().defaultRandom(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  nameKh: text('name_kh'),
  createdDate: timestamp('created_date', { withTimezone: true }).notNull().defaultNow(),
  modifiedDate: timestamp('modified_date', { withTimezone: true }).notNull().defaultNow(),
});

export type Agency = typeof agency.$inferSelect;
export type NewAgency = typeof agency.$inferInsert;
