import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgSequence, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { CandidateStatus } from '@portal/domain/codes/candidate-status';
import type { EducationEntry, WorkEntry } from '@portal/domain/contracts/candidates/candidate-fields';
import { agency } from './agency.table';
import { appUser } from './app-user.table';
import { candidateItcClass } from './candidate-itc-class.table';

/** Candidate numbers C0000001, C0000002, ... */
export const candidateNumberSeq = pgSequence('candidate_number_seq', { startWith: 1 });

/**
 * A person being recruited, from first contact to trainee. `status` is the pipeline
 * state (codes/candidate-status.ts); every move is also a row of candidate_stage_history.
 * `applicant_user_id` is the account that fills the form itself: the ROLE_CNL account behind the
 * secure link, or a signed-in ROLE_CAN. `trainee_user_id` is the account made at conversion.
 */
export const candidate = pgTable(
  'candidate',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    candidateNumber: text('candidate_number')
      .notNull()
      .unique()
      .default(sql`'C' || lpad(nextval('candidate_number_seq')::text, 7, '0')`),
    agencyId: uuid('agency_id').references(() => agency.id),
    recruiterUserId: uuid('recruiter_user_id').references(() => appUser.id),
    applicantUserId: uuid('applicant_user_id').references(() => appUser.id),
    traineeUserId: uuid('trainee_user_id')
      .unique()
      .references(() => appUser.id),
    status: text('status').$type<CandidateStatus>().notNull().default('draft'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    firstNameKh: text('first_name_kh'),
    lastNameKh: text('last_name_kh'),
    gender: text('gender'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    phone: text('phone').notNull(),
    email: text('email'),
    idType: text('id_type'),
    idNumber: text('id_number'),
    address: text('address'),
    education: jsonb('education')
      .$type<EducationEntry[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    workHistory: jsonb('work_history')
      .$type<WorkEntry[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    codeOfConductAcceptedAt: timestamp('code_of_conduct_accepted_at', { withTimezone: true, precision: 3 }),
    /** The address the candidate's own session accepted the code of conduct from. */
    codeOfConductAcceptedIp: text('code_of_conduct_accepted_ip'),
    contractAcceptedAt: timestamp('contract_accepted_at', { withTimezone: true, precision: 3 }),
    /** The address the candidate's own session accepted the contract from. */
    contractAcceptedIp: text('contract_accepted_ip'),
    /** Staff who created, edited or submitted the form for the candidate (the four-eyes rule's makers, with the recruiter). */
    formFillerIds: jsonb('form_filler_ids')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    reviewComment: text('review_comment'),
    itcClassId: uuid('itc_class_id').references(() => candidateItcClass.id),
    examDate: date('exam_date', { mode: 'string' }),
    examScore: integer('exam_score'),
    examResult: text('exam_result'),
    ircLicenceNumber: text('irc_licence_number'),
    agentCode: text('agent_code'),
    createdDate: timestamp('created_date', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    modifiedDate: timestamp('modified_date', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    createdBy: uuid('created_by').references(() => appUser.id),
    modifiedBy: uuid('modified_by').references(() => appUser.id),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('candidate_agency_status_idx').on(t.agencyId, t.status, t.modifiedDate),
    index('candidate_recruiter_idx').on(t.recruiterUserId, t.modifiedDate),
    index('candidate_applicant_idx').on(t.applicantUserId),
    index('candidate_phone_idx').on(t.phone),
    index('candidate_id_number_idx').on(t.idNumber),
    check(
      'candidate_status',
      sql`${t.status} IN ('draft', 'submitted', 'returned', 'approved', 'itc_assigned', 'exam_passed', 'exam_failed', 'licensed', 'converted')`,
    ),
    check('candidate_exam_score', sql`${t.examScore} IS NULL OR ${t.examScore} BETWEEN 0 AND 100`),
  ],
);

export type CandidateRow = typeof candidate.$inferSelect;
export type NewCandidateRow = typeof candidate.$inferInsert;
