import { boolean, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { compliancePeriod } from './compliance-period.table';

/** A question of a period's questionnaire (spec §3 `questionNumber`). */
export const complianceQuestion = pgTable(
  'compliance_question',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    periodCode: text('period_code')
      .notNull()
      .references(() => compliancePeriod.code, { onDelete: 'cascade' }),
    questionNumber: integer('question_number').notNull(),
    textEn: text('text_en').notNull(),
    textKm: text('text_km').notNull(),
    createdDate: timestamp('created_date', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    modifiedDate: timestamp('modified_date', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [unique('compliance_question_period_number').on(t.periodCode, t.questionNumber)],
);

/**
 * One choice of a question (spec §3 `answerSequenceNo`, `answerDescription`, `answerValue`).
 * `correct` never leaves the server: answers are scored there.
 */
export const complianceAnswer = pgTable(
  'compliance_answer',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    questionId: uuid('question_id')
      .notNull()
      .references(() => complianceQuestion.id, { onDelete: 'cascade' }),
    answerSequenceNo: integer('answer_sequence_no').notNull(),
    answerValue: text('answer_value').notNull(),
    descriptionEn: text('description_en').notNull(),
    descriptionKm: text('description_km').notNull(),
    correct: boolean('correct').notNull().default(false),
  },
  (t) => [unique('compliance_answer_question_seq').on(t.questionId, t.answerSequenceNo)],
);

export type ComplianceQuestionRow = typeof complianceQuestion.$inferSelect;
export type ComplianceAnswerRow = typeof complianceAnswer.$inferSelect;
