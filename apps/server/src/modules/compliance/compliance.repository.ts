import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { agency } from '../../db/schema/agency.table';
import { appUser } from '../../db/schema/app-user.table';
import { complianceAttempt, type ComplianceAttemptAnswers, type ComplianceAttemptRow } from '../../db/schema/compliance-attempt.table';
import { complianceMaterial, type ComplianceMaterialRow } from '../../db/schema/compliance-material.table';
import { compliancePeriod, type CompliancePeriodRow } from '../../db/schema/compliance-period.table';
import { complianceAnswer, complianceQuestion } from '../../db/schema/compliance-question.table';
import { textArray } from '../../db/sql-arrays';
import type { ReferenceMaterial, ReferenceQuestion } from './compliance-reference-data';

export interface PeriodWithCount extends CompliancePeriodRow {
  questionCount: number;
}

export interface QuestionChoiceRow {
  questionNumber: number;
  textEn: string;
  textKm: string;
  answerSequenceNo: number;
  answerValue: string;
  descriptionEn: string;
  descriptionKm: string;
  correct: boolean;
}

export interface CompletionQueryRow {
  userId: string;
  agentCode: string | null;
  displayName: string;
  roles: string[];
  completedAt: Date | null;
  bestScorePercent: number | null;
  attemptCount: number;
}

/** The roles that must take compliance training (access policy: sellers, staff, trainees). */
export const TRAINING_ROLES = ['ROLE_AAP', 'ROLE_BK', 'ROLE_AS', 'ROLE_AA', 'ROLE_TRAINEE'] as const;

/** Compliance periods, materials, questionnaires and attempts (Drizzle only). */
export class ComplianceRepository {
  constructor(private readonly db: Db) {}

  /**
   * Writes a period with its course when it does not exist yet (idempotent, safe when several
   * servers start at once: every insert skips rows that are already there).
   */
  async ensurePeriod(
    period: { code: string; startDate: string; endDate: string; dueDate: string; passMarkPercent: number },
    materials: readonly ReferenceMaterial[],
    questions: readonly ReferenceQuestion[],
  ): Promise<void> {
    const [existing] = await this.db
      .select({ code: compliancePeriod.code })
      .from(compliancePeriod)
      .where(eq(compliancePeriod.code, period.code))
      .limit(1);
    if (existing) return;
    await this.db.transaction(async (tx) => {
      await tx.insert(compliancePeriod).values(period).onConflictDoNothing();
      await tx
        .insert(complianceMaterial)
        .values(materials.map((m) => ({ ...m, periodCode: period.code })))
        .onConflictDoNothing();
      for (const q of questions) {
        await tx
          .insert(complianceQuestion)
          .values({ periodCode: period.code, questionNumber: q.questionNumber, textEn: q.textEn, textKm: q.textKm })
          .onConflictDoNothing();
        const [row] = await tx
          .select({ id: complianceQuestion.id })
          .from(complianceQuestion)
          .where(and(eq(complianceQuestion.periodCode, period.code), eq(complianceQuestion.questionNumber, q.questionNumber)));
        if (!row) continue;
        await tx
          .insert(complianceAnswer)
          .values(q.answers.map((a) => ({ ...a, questionId: row.id })))
          .onConflictDoNothing();
      }
    });
  }

  async findPeriod(code: string): Promise<PeriodWithCount | undefined> {
    const [row] = await this.db
      .select({
        code: compliancePeriod.code,
        startDate: compliancePeriod.startDate,
        endDate: compliancePeriod.endDate,
        dueDate: compliancePeriod.dueDate,
        passMarkPercent: compliancePeriod.passMarkPercent,
        createdDate: compliancePeriod.createdDate,
        modifiedDate: compliancePeriod.modifiedDate,
        version: compliancePeriod.version,
        questionCount: sql<number>`(SELECT count(*)::int FROM compliance_question q WHERE q.period_code = ${compliancePeriod.code})`,
      })
      .from(compliancePeriod)
      .where(eq(compliancePeriod.code, code))
      .limit(1);
    return row;
  }

  materials(periodCode: string): Promise<ComplianceMaterialRow[]> {
    return this.db
      .select()
      .from(complianceMaterial)
      .where(eq(complianceMaterial.periodCode, periodCode))
      .orderBy(asc(complianceMaterial.sequence));
  }

  async material(periodCode: string, id: string): Promise<ComplianceMaterialRow | undefined> {
    const [row] = await this.db
      .select()
      .from(complianceMaterial)
      .where(and(eq(complianceMaterial.periodCode, periodCode), eq(complianceMaterial.id, id)))
      .limit(1);
    return row;
  }

  /** Every choice of every question of the period, in question then choice order. */
  questionChoices(periodCode: string): Promise<QuestionChoiceRow[]> {
    return this.db
      .select({
        questionNumber: complianceQuestion.questionNumber,
        textEn: complianceQuestion.textEn,
        textKm: complianceQuestion.textKm,
        answerSequenceNo: complianceAnswer.answerSequenceNo,
        answerValue: complianceAnswer.answerValue,
        descriptionEn: complianceAnswer.descriptionEn,
        descriptionKm: complianceAnswer.descriptionKm,
        correct: complianceAnswer.correct,
      })
      .from(complianceQuestion)
      .innerJoin(complianceAnswer, eq(complianceAnswer.questionId, complianceQuestion.id))
      .where(eq(complianceQuestion.periodCode, periodCode))
      .orderBy(asc(complianceQuestion.questionNumber), asc(complianceAnswer.answerSequenceNo));
  }

  attempts(userId: string, periodCode: string): Promise<ComplianceAttemptRow[]> {
    return this.db
      .select()
      .from(complianceAttempt)
      .where(and(eq(complianceAttempt.userId, userId), eq(complianceAttempt.periodCode, periodCode)))
      .orderBy(asc(complianceAttempt.attemptNumber));
  }

  /** Records an attempt, numbered after the user's previous ones (a concurrent twin fails on the unique key). */
  async insertAttempt(values: {
    userId: string;
    agencyId: string | null;
    periodCode: string;
    correctCount: number;
    questionCount: number;
    scorePercent: number;
    passMarkPercent: number;
    passed: boolean;
    answers: ComplianceAttemptAnswers;
    lang: string;
    at: Date;
  }): Promise<ComplianceAttemptRow> {
    const [row] = await this.db
      .insert(complianceAttempt)
      .values({
        userId: values.userId,
        agencyId: values.agencyId,
        periodCode: values.periodCode,
        attemptNumber: sql`(SELECT coalesce(max(a.attempt_number), 0) + 1 FROM compliance_attempt a WHERE a.user_id = ${values.userId}::uuid AND a.period_code = ${values.periodCode})`,
        correctCount: values.correctCount,
        questionCount: values.questionCount,
        scorePercent: values.scorePercent,
        passMarkPercent: values.passMarkPercent,
        passed: values.passed,
        answers: values.answers,
        lang: values.lang,
        submittedAt: values.at,
        createdDate: values.at,
        modifiedDate: values.at,
        createdBy: values.userId,
      })
      .returning();
    if (!row) throw new Error('compliance attempt insert returned no row');
    return row;
  }

  /** Who the certificate is for. */
  async certificateHolder(userId: string): Promise<
    | {
        displayName: string;
        displayNameKh: string | null;
        agentCode: string | null;
        agencyName: string | null;
        agencyNameKh: string | null;
      }
    | undefined
  > {
    const [row] = await this.db
      .select({
        displayName: appUser.displayName,
        displayNameKh: appUser.displayNameKh,
        agentCode: appUser.agentCode,
        agencyName: agency.name,
        agencyNameKh: agency.nameKh,
      })
      .from(appUser)
      .leftJoin(agency, eq(agency.id, appUser.agencyId))
      .where(eq(appUser.id, userId))
      .limit(1);
    return row;
  }

  /** Everyone of the agency who must train, with their first pass, best score and attempt count in the period. */
  async completions(agencyId: string, periodCode: string): Promise<CompletionQueryRow[]> {
    const roles = textArray(TRAINING_ROLES);
    return this.db
      .select({
        userId: appUser.id,
        agentCode: appUser.agentCode,
        displayName: appUser.displayName,
        roles: appUser.roles,
        completedAt: sql<Date | null>`min(${complianceAttempt.submittedAt}) FILTER (WHERE ${complianceAttempt.passed})`,
        bestScorePercent: sql<number | null>`max(${complianceAttempt.scorePercent})`,
        attemptCount: sql<number>`count(${complianceAttempt.id})::int`,
      })
      .from(appUser)
      .leftJoin(complianceAttempt, and(eq(complianceAttempt.userId, appUser.id), eq(complianceAttempt.periodCode, periodCode)))
      .where(and(eq(appUser.agencyId, agencyId), sql`${appUser.status} <> 'disabled'`, sql`${appUser.roles} && ${roles}`))
      .groupBy(appUser.id)
      .orderBy(asc(appUser.displayName), asc(appUser.id));
  }
}
