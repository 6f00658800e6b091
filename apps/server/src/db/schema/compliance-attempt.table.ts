import { boolean, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { agency } from './agency.table';
import { appUser } from './app-user.table';
import { compliancePeriod } from './compliance-period.table';

/** The answers of one attempt, as submitted. */
export type ComplianceAttemptAnswers = { questionNumber: number; answerSequenceNo: number }[];

/**
 * One submitted questionnaire, scored by the server. The pass mark in force is kept with the
 * attempt, so a later change of the period's pass mark does not rewrite history. The first
 * passed attempt of a period is the user's completion (and its certificate).
 */
export const complianceAttempt = pgTable(
  'compliance_attempt',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    /** The user's agency when they submitted (admins list their agency's completions). */
    agencyId: uuid('agency_id').references(() => agency.id),
    periodCode: text('period_code')
      .notNull()
      .references(() => compliancePeriod.code),
    attemptNumber: integer('attempt_number').notNull(),
    correctCount: integer('correct_count').notNull(),
    questionCount: integer('question_count').notNull(),
    scorePercent: integer('score_percent').notNull(),
    passMarkPercent: integer('pass_mark_percent').notNull(),
    passed: boolean('passed').notNull(),
    answers: jsonb('answers').$type<ComplianceAttemptAnswers>().notNull(),
    lang: text('lang').notNull().default('en'),
    submittedAt: timestamp('submitted_at', { withTimezone: true, precision: 3 }).notNull(),
    createdDate: timestamp('created_date', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    modifiedDate: timestamp('modified_date', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    createdBy: uuid('created_by').references(() => appUser.id),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    unique('compliance_attempt_user_period_number').on(t.userId, t.periodCode, t.attemptNumber),
    index('compliance_attempt_agency_period_idx').on(t.agencyId, t.periodCode),
  ],
);

export type ComplianceAttemptRow = typeof complianceAttempt.$inferSelect;
