import { ROLE_AA, ROLE_AS } from '@portal/domain/codes/roles';
import type { Language } from '@portal/domain/codes/languages';
import type { CompliancePeriod, ComplianceAttempt, ComplianceStatus } from '@portal/domain/contracts/compliance/compliance-fields';
import {
  COMPLETION_CSV_COLUMNS,
  completionsCsvFileName,
  type CompletionsResponse,
} from '@portal/domain/contracts/compliance/find-completions';
import type { QuestionsResponse } from '@portal/domain/contracts/compliance/find-questions';
import type { TrainingMaterialsQuery, TrainingMaterialsResponse } from '@portal/domain/contracts/compliance/find-training-materials';
import { certificateFileName, materialFileName, type DownloadPdfQuery } from '@portal/domain/contracts/compliance/download-pdf';
import type { SubmitAnswersRequest, SubmitAnswersResponse } from '@portal/domain/contracts/compliance/submit-answers';
import { csvDocument } from '@portal/domain/format/csv';
import { instantToOffsetDateTime, phnomPenhDate, todayInPhnomPenh, toOffsetDateTime } from '@portal/domain/format/date';
import { scoreAnswers, type ScoredQuestion } from '@portal/domain/rules/compliance-score';
import { drawQuiz, quizGate, quizSeed, QUIZ_RULES, type DrawnQuestion } from '@portal/domain/rules/compliance-quiz';
import type { FieldError } from '@portal/domain/errors/error-envelope';
import type { ComplianceAttemptRow } from '../../db/schema/compliance-attempt.table';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../plugins/auth-types';
import { PdfRenderError, type PdfRenderer } from '../../providers/pdf/pdf-renderer';
import type { AuditService } from '../audit/audit.service';
import type { Clock } from '../auth/clock';
import { certificateHtml, materialHtml } from './compliance-pdf';
import { COURSE_DUE_MONTH_DAY, COURSE_PASS_MARK_PERCENT, REFERENCE_MATERIALS, REFERENCE_QUESTIONS } from './compliance-reference-data';
import type { ComplianceRepository, PeriodWithCount } from './compliance.repository';
import type { Caller } from '../../plugins/caller';

/** The period of a day: its calendar year in Phnom Penh. */
export function periodCodeOf(isoDate: string): string {
  return isoDate.slice(0, 4);
}

/** Agency staff see their agency's completions. */
export function isAgencyStaff(user: AuthUser): boolean {
  return user.roles.includes(ROLE_AS) || user.roles.includes(ROLE_AA);
}

function toPeriod(row: PeriodWithCount): CompliancePeriod {
  return {
    code: row.code,
    startDate: row.startDate,
    endDate: row.endDate,
    dueDate: row.dueDate,
    passMarkPercent: row.passMarkPercent,
    // Questions asked per attempt: a draw from the period's larger bank.
    questionCount: Math.min(Number(row.questionCount), QUIZ_RULES.questionsPerAttempt),
  };
}

function toAttempt(row: ComplianceAttemptRow): ComplianceAttempt {
  return {
    id: row.id,
    attemptNumber: row.attemptNumber,
    submittedDate: instantToOffsetDateTime(row.submittedAt),
    correctCount: row.correctCount,
    questionCount: row.questionCount,
    scorePercent: row.scorePercent,
    passMarkPercent: row.passMarkPercent,
    passed: row.passed,
  };
}

/** The caller's standing from their attempts (oldest first). */
export function statusOf(attempts: ComplianceAttemptRow[], dueDate: string, today: string): ComplianceStatus {
  const pass = attempts.find((a) => a.passed);
  return {
    completed: pass !== undefined,
    completedDate: pass ? instantToOffsetDateTime(pass.submittedAt) : null,
    certificateAttemptId: pass?.id ?? null,
    overdue: pass === undefined && today > dueDate,
    attempts: attempts.map(toAttempt),
  };
}

function renderFailed(error: unknown): never {
  if (error instanceof PdfRenderError) throw new AppError(503, 503, 'unavailable', undefined, { cause: error });
  throw error;
}

/**
 * Compliance training: the period's materials and questionnaire, attempts scored here
 * against the period's pass mark, the certificate after a pass, and agency staff's view of who
 * in their agency has completed. A period is the calendar year in Phnom Penh.
 */
export class ComplianceService {
  constructor(
    private readonly repo: ComplianceRepository,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    private readonly pdf: () => PdfRenderer,
  ) {}

  private today(): string {
    return todayInPhnomPenh(this.clock.now());
  }

  /** Seeds the period of `today` from the reference course when it is missing. */
  async ensureCurrentPeriod(): Promise<string> {
    const code = periodCodeOf(this.today());
    await this.repo.ensurePeriod(
      {
        code,
        startDate: `${code}-01-01`,
        endDate: `${code}-12-31`,
        dueDate: `${code}-${COURSE_DUE_MONTH_DAY}`,
        passMarkPercent: COURSE_PASS_MARK_PERCENT,
      },
      REFERENCE_MATERIALS,
      REFERENCE_QUESTIONS,
    );
    return code;
  }

  private async period(code?: string): Promise<PeriodWithCount> {
    const current = periodCodeOf(this.today());
    if (code === undefined || code === current) await this.ensureCurrentPeriod();
    const row = await this.repo.findPeriod(code ?? current);
    if (!row) throw AppError.http(404);
    return row;
  }

  async materials(caller: Caller, query: TrainingMaterialsQuery): Promise<TrainingMaterialsResponse> {
    const period = await this.period(query.period);
    const [materials, attempts] = [await this.repo.materials(period.code), await this.repo.attempts(caller.user.id, period.code)];
    const km = query.lang === 'km';
    return {
      period: toPeriod(period),
      materials: materials.map((m) => ({
        id: m.id,
        sequence: m.sequence,
        title: km ? m.titleKm : m.titleEn,
        description: km ? m.descriptionKm : m.descriptionEn,
      })),
      status: statusOf(attempts, period.dueDate, this.today()),
    };
  }

  /** The questions of the caller's next attempt: drawn from the bank, questions and choices in the attempt's own order. */
  private async draw(caller: Caller, periodCode: string) {
    const [rows, attempts] = await Promise.all([this.repo.questionChoices(periodCode), this.repo.attempts(caller.user.id, periodCode)]);
    const byNumber = new Map<number, typeof rows>();
    for (const row of rows) byNumber.set(row.questionNumber, [...(byNumber.get(row.questionNumber) ?? []), row]);
    const bank = [...byNumber.entries()].map(([questionNumber, choices]) => ({
      questionNumber,
      answerSequenceNos: choices.map((c) => c.answerSequenceNo),
    }));
    const drawn: DrawnQuestion[] = drawQuiz(bank, quizSeed(caller.user.id, periodCode, attempts.length + 1));
    return { drawn, byNumber, attempts };
  }

  async questions(caller: Caller, lang: Language): Promise<QuestionsResponse> {
    const period = await this.period();
    const { drawn, byNumber } = await this.draw(caller, period.code);
    const km = lang === 'km';
    const questions: QuestionsResponse['questions'] = drawn.map((d) => {
      const choices = byNumber.get(d.questionNumber) ?? [];
      const first = choices[0];
      return {
        questionNumber: d.questionNumber,
        question: first ? (km ? first.textKm : first.textEn) : '',
        answers: d.answerOrder.flatMap((seq) => {
          const c = choices.find((x) => x.answerSequenceNo === seq);
          return c
            ? [{ answerSequenceNo: seq, answerDescription: km ? c.descriptionKm : c.descriptionEn, answerValue: c.answerValue }]
            : [];
        }),
      };
    });
    return { period: toPeriod(period), questions };
  }

  async submit(caller: Caller, body: SubmitAnswersRequest): Promise<SubmitAnswersResponse> {
    const period = await this.period();
    const { drawn, byNumber, attempts } = await this.draw(caller, period.code);
    // The allowance first: a refused attempt is not scored at all.
    const now = this.clock.now();
    const dayStart = new Date(toOffsetDateTime(todayInPhnomPenh(now)));
    const gate = quizGate(attempts, now, dayStart, new Date(dayStart.getTime() + 86_400_000));
    if (!gate.open) throw new AppError(429, gate.key, gate.key, undefined, { retryAfter: gate.retryAfterSeconds });
    // Only the questions drawn for this attempt count.
    const key = new Map<number, { choices: Set<number>; correct: number[] }>();
    for (const d of drawn) {
      const choices = byNumber.get(d.questionNumber) ?? [];
      key.set(d.questionNumber, {
        choices: new Set(choices.map((c) => c.answerSequenceNo)),
        correct: choices.filter((c) => c.correct).map((c) => c.answerSequenceNo),
      });
    }
    const errors: FieldError[] = [];
    const seen = new Set<number>();
    body.answers.forEach((a, i) => {
      const entry = key.get(a.questionNumber);
      if (!entry || seen.has(a.questionNumber)) errors.push({ field: `answers.${i}.questionNumber`, key: 'invalid' });
      else if (!entry.choices.has(a.answerSequenceNo)) errors.push({ field: `answers.${i}.answerSequenceNo`, key: 'invalid' });
      seen.add(a.questionNumber);
    });
    for (const questionNumber of key.keys()) {
      if (!seen.has(questionNumber)) errors.push({ field: `answers.${questionNumber}`, key: 'required' });
    }
    if (errors.length > 0) throw AppError.validation(errors);

    const scored: ScoredQuestion[] = [...key.entries()].map(([questionNumber, e]) => ({ questionNumber, correct: e.correct }));
    const score = scoreAnswers(scored, body.answers, period.passMarkPercent);
    // The attempt and its audit row commit together.
    const row = await this.audit.change(async () => {
      let inserted: ComplianceAttemptRow;
      try {
        inserted = await this.repo.insertAttempt({
          userId: caller.user.id,
          agencyId: caller.user.agencyId,
          periodCode: period.code,
          correctCount: score.correctCount,
          questionCount: score.questionCount,
          scorePercent: score.scorePercent,
          passMarkPercent: period.passMarkPercent,
          passed: score.passed,
          answers: body.answers.map((a) => ({ questionNumber: a.questionNumber, answerSequenceNo: a.answerSequenceNo })),
          lang: body.lang ?? 'en',
          at: this.clock.now(),
        });
      } catch (error) {
        // Two submissions at the same instant got the same attempt number: the second is a duplicate.
        if ((error as { cause?: { code?: string } }).cause?.code === '23505') throw AppError.http(409);
        throw error;
      }
      await this.audit.record({
        actorUserId: caller.user.id,
        action: 'submit',
        entity: 'compliance_attempt',
        entityId: inserted.id,
        ip: caller.ip,
        details: { period: period.code, passed: inserted.passed },
      });
      return inserted;
    });
    // Which answers were right is told only after a pass: per-question marks on a failed attempt
    // would let anyone find every right answer by trying each choice.
    return { attempt: toAttempt(row), results: row.passed ? score.results : [] };
  }

  async materialPdf(query: DownloadPdfQuery): Promise<{ fileName: string; pdf: Buffer }> {
    const period = await this.period();
    const material = query.id ? await this.repo.material(period.code, query.id) : undefined;
    if (!material) throw AppError.http(404);
    const km = query.lang === 'km';
    const page = materialHtml({
      lang: query.lang,
      periodCode: period.code,
      title: km ? material.titleKm : material.titleEn,
      description: km ? material.descriptionKm : material.descriptionEn,
      body: km ? material.bodyKm : material.bodyEn,
    });
    const pdf = await this.pdf().render(page).catch(renderFailed);
    return { fileName: materialFileName(material.sequence, query.lang), pdf };
  }

  /** The certificate of the caller's first pass in the current period; 404 before a pass. */
  async certificatePdf(caller: Caller, lang: Language): Promise<{ fileName: string; pdf: Buffer }> {
    const period = await this.period();
    const pass = (await this.repo.attempts(caller.user.id, period.code)).find((a) => a.passed);
    const holder = pass ? await this.repo.certificateHolder(caller.user.id) : undefined;
    if (!pass || !holder) throw AppError.http(404);
    const km = lang === 'km';
    const page = certificateHtml({
      lang,
      periodCode: period.code,
      name: km && holder.displayNameKh ? holder.displayNameKh : holder.displayName,
      agentCode: holder.agentCode,
      agencyName: km && holder.agencyNameKh ? holder.agencyNameKh : holder.agencyName,
      scorePercent: pass.scorePercent,
      passMarkPercent: pass.passMarkPercent,
      completedDate: phnomPenhDate(pass.submittedAt),
      certificateNumber: `CT-${period.code}-${pass.id.slice(0, 8).toUpperCase()}`,
    });
    const pdf = await this.pdf().render(page).catch(renderFailed);
    await this.audit.record({
      actorUserId: caller.user.id,
      action: 'download',
      entity: 'compliance_attempt',
      entityId: pass.id,
      ip: caller.ip,
      details: { document: 'certificate', lang },
    });
    return { fileName: certificateFileName(period.code), pdf };
  }

  /** Agency staff only (403 otherwise): who in their agency has passed the period. */
  async completions(caller: Caller, periodCode?: string): Promise<CompletionsResponse> {
    if (!isAgencyStaff(caller.user) || !caller.user.agencyId) throw AppError.http(403);
    const period = await this.period(periodCode);
    const rows = await this.repo.completions(caller.user.agencyId, period.code);
    const items = rows.map((r) => ({
      userId: r.userId,
      agentCode: r.agentCode,
      displayName: r.displayName,
      roles: r.roles,
      completed: r.completedAt !== null,
      completedDate: r.completedAt === null ? null : instantToOffsetDateTime(new Date(r.completedAt)),
      bestScorePercent: r.bestScorePercent === null ? null : Number(r.bestScorePercent),
      attemptCount: Number(r.attemptCount),
    }));
    await this.audit.record({
      actorUserId: caller.user.id,
      action: 'read',
      entity: 'compliance_completions',
      entityId: caller.user.agencyId,
      ip: caller.ip,
      details: { period: period.code, count: items.length },
    });
    return { period: toPeriod(period), completedCount: items.filter((i) => i.completed).length, totalCount: items.length, items };
  }

  async completionsCsv(caller: Caller, periodCode?: string): Promise<{ fileName: string; csv: string }> {
    const result = await this.completions(caller, periodCode);
    const csv = csvDocument(
      COMPLETION_CSV_COLUMNS,
      result.items.map((i) => [
        i.agentCode,
        i.displayName,
        i.roles.join(' '),
        i.completed ? 'yes' : 'no',
        i.completedDate,
        i.bestScorePercent,
        i.attemptCount,
      ]),
    );
    return { fileName: completionsCsvFileName(result.period.code), csv };
  }
}
