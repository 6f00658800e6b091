import { date, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * An ITC (insurance training course) class candidates are assigned to before the exam. The
 * service keeps the coming months' classes scheduled (one a month), so there is always a class.
 */
export const candidateItcClass = pgTable('candidate_itc_class', {
  id: uuid('id').primaryKey().defaultRandom(),
  code: text('code').notNull().unique(),
  startDate: date('start_date', { mode: 'string' }).notNull(),
  endDate: date('end_date', { mode: 'string' }).notNull(),
  location: text('location').notNull(),
  capacity: integer('capacity').notNull(),
  createdDate: timestamp('created_date', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
});

export type CandidateItcClassRow = typeof candidateItcClass.$inferSelect;
