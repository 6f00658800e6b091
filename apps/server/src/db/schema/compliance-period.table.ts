import { check, date, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/**
 * A compliance training period (a calendar year in Phnom Penh, code `2026`): its dates, the
 * date by which everyone must have passed, and the pass mark (percent of questions right).
 * The pass mark is data, never a literal in code: compliance may raise it for a period.
 */
export const compliancePeriod = pgTable(
  'compliance_period',
  {
    code: text('code').primaryKey(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    passMarkPercent: integer('pass_mark_percent').notNull(),
    createdDate: timestamp('created_date', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    modifiedDate: timestamp('modified_date', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    check('compliance_period_pass_mark', sql`${t.passMarkPercent} BETWEEN 1 AND 100`),
    check('compliance_period_dates', sql`${t.startDate} <= ${t.endDate}`),
  ],
);

export type CompliancePeriodRow = typeof compliancePeriod.$inferSelect;
