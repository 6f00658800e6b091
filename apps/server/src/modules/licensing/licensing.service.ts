import { ROLE_AA } from '@portal/domain/codes/roles';
import {
  checkExamHeader,
  checkExamRow,
  checkExamRowCandidate,
  inFileOrder,
  EXAM_MAX_ROWS,
  EXAM_TEMPLATE_COLUMNS,
  type ConvertCandidateResponse,
  type ExamRow,
  type ExamTemplateColumn,
  type ExamUploadResponse,
} from '@portal/domain/contracts/candidates/exam-results';
import type { FieldError } from '@portal/domain/errors/error-envelope';
import { breaksFourEyes, missingForConversion } from '@portal/domain/rules/recruitment';
import { AppError } from '../../lib/app-error';
import type { SmsProvider } from '../../providers/sms/sms-provider';
import type { AuditService } from '../audit/audit.service';
import type { Clock } from '../auth/clock';
import type { UploadedFile } from '../candidates/candidate-upload';
import { validateUpload } from '../../lib/upload-validation';
import type { CandidatesRepository } from '../candidates/candidates.repository';
import { readSheetFile, toCsv, toXlsx, type TextRow } from './sheet-files';
import type { LicensingRepository } from './licensing.repository';
import type { Caller } from '../../plugins/caller';

const AUDIT_ENTITY = 'candidate';

function agencyOf(caller: Caller): string {
  if (!caller.user.agencyId) throw AppError.http(403);
  return caller.user.agencyId;
}

/**
 * The licensing of recruited agents (the spec's "Support" calls, /api/support/v1): the ITC
 * exam-results template and its upload (every row checked, nothing applied unless all pass), the
 * ITC enrolment and IRC licence lists, and the conversion of a licensed candidate to a trainee
 * (idempotent: converting twice gives one account).
 */
export class LicensingService {
  constructor(
    private readonly licensing: LicensingRepository,
    private readonly candidates: CandidatesRepository,
    private readonly audit: AuditService,
    private readonly sms: SmsProvider,
    private readonly clock: Clock,
    private readonly publicOrigin: string,
  ) {}

  private record(caller: Caller, action: string, id: string | null, details?: Record<string, unknown>): Promise<void> {
    return this.audit.record({
      actorUserId: caller.user.id,
      action,
      entity: AUDIT_ENTITY,
      entityId: id,
      ip: caller.ip,
      details: details ?? null,
    });
  }

  private async sheet(
    rows: TextRow[],
    format: 'csv' | 'xlsx',
    base: string,
  ): Promise<{ fileName: string; mediaType: string; data: Buffer }> {
    return format === 'xlsx'
      ? {
          fileName: `${base}.xlsx`,
          mediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          data: await toXlsx(rows),
        }
      : { fileName: `${base}.csv`, mediaType: 'text/csv; charset=utf-8', data: toCsv(rows) };
  }

  /** The template: one row per candidate of the agency waiting for an exam result. */
  async examTemplate(caller: Caller, format: 'csv' | 'xlsx') {
    const rows = await this.licensing.inStatuses(agencyOf(caller), ['itc_assigned']);
    await this.record(caller, 'download', null, { document: 'exam-template', count: rows.length });
    return this.sheet(
      [[...EXAM_TEMPLATE_COLUMNS], ...rows.map((r) => [r.candidateNumber, r.lastName, r.firstName, r.itcCode ?? '', '', '', ''])],
      format,
      'itc-exam-results',
    );
  }

  /** Exam results of the agency's candidates (for agents' records). */
  async examResults(caller: Caller) {
    const rows = await this.licensing.inStatuses(agencyOf(caller), ['exam_passed', 'exam_failed', 'licensed', 'converted']);
    await this.record(caller, 'download', null, { document: 'exam-results', count: rows.length });
    return this.sheet(
      [
        [...EXAM_TEMPLATE_COLUMNS],
        ...rows.map((r) => [
          r.candidateNumber,
          r.lastName,
          r.firstName,
          r.itcCode ?? '',
          r.examDate ?? '',
          String(r.examScore ?? ''),
          r.examResult ?? '',
        ]),
      ],
      'csv',
      'itc-exam-results-agents',
    );
  }

  async enrollment(caller: Caller, itcClassId: string | undefined) {
    const rows = await this.licensing.inStatuses(agencyOf(caller), ['itc_assigned', 'exam_passed', 'exam_failed'], itcClassId);
    await this.record(caller, 'download', null, { document: 'enrollment', count: rows.length });
    return this.sheet(
      [
        ['candidateNumber', 'lastName', 'firstName', 'phone', 'idNumber', 'itcClass', 'status'],
        ...rows.map((r) => [r.candidateNumber, r.lastName, r.firstName, r.phone, r.idNumber ?? '', r.itcCode ?? '', r.status]),
      ],
      'csv',
      'itc-enrollment',
    );
  }

  async licences(caller: Caller) {
    const rows = await this.licensing.inStatuses(agencyOf(caller), ['licensed', 'converted']);
    await this.record(caller, 'download', null, { document: 'licences', count: rows.length });
    return this.sheet(
      [
        ['candidateNumber', 'lastName', 'firstName', 'ircLicenceNumber', 'agentCode', 'status'],
        ...rows.map((r) => [r.candidateNumber, r.lastName, r.firstName, r.ircLicenceNumber ?? '', r.agentCode ?? '', r.status]),
      ],
      'csv',
      'irc-licences',
    );
  }

  /**
   * Exam upload: the header names the columns (any order; checkExamHeader: a missing, unknown or
   * repeated column is a 422 on `file.header.<column>`); each data row (blank rows skipped) is
   * checked by the domain rule, then against the agency's candidates (known, waiting for a result,
   * once per file). Any error: 422 with every bad cell as `row.<n>.<column>` and NOTHING applied.
   */
  async uploadExamResults(caller: Caller, file: UploadedFile | undefined): Promise<ExamUploadResponse> {
    const agencyId = agencyOf(caller);
    // The shared upload check (kind `sheet`: csv/xlsx, 5 MB, name, sniffed and inspected content): lib/upload-validation.ts.
    const { fileName, data } = validateUpload(file, 'sheet');
    const sheet = await readSheetFile(fileName, data);
    const [header, ...body] = sheet;
    // A header problem is the file's (file.header[.<column>]), reported before any row is read.
    const { index, issues } = checkExamHeader(header ?? []);
    if (issues.length > 0) throw AppError.validation(issues);
    if (body.length > EXAM_MAX_ROWS) throw AppError.validation([{ field: 'file', key: 'max' }]);

    const errors: FieldError[] = [];
    const parsed: (ExamRow & { row: number; itcClass: string | undefined })[] = [];
    body.forEach((cells, i) => {
      if (cells.every((c) => c.trim() === '')) return;
      const row = i + 2;
      const get = (c: ExamTemplateColumn) => {
        const at = index.get(c);
        return at === undefined ? undefined : cells[at];
      };
      const result = checkExamRow(
        { candidateNumber: get('candidateNumber'), examDate: get('examDate'), score: get('score'), result: get('result') },
        row,
        this.clock.now(),
      );
      for (const issue of result.issues) errors.push({ field: `row.${issue.row}.${issue.column}`, key: issue.key });
      if (result.value) parsed.push({ ...result.value, row, itcClass: get('itcClass') });
    });
    if (parsed.length === 0 && errors.length === 0) throw AppError.validation([{ field: 'file', key: 'required' }]);

    const known = new Map(
      (
        await this.licensing.byNumbers(
          agencyId,
          parsed.map((p) => p.candidateNumber),
        )
      ).map((c) => [c.candidateNumber, c]),
    );
    const seen = new Set<string>();
    const ready: (ExamRow & { row: number; id: string })[] = [];
    const fourEyes: FieldError[] = [];
    for (const p of parsed) {
      const c = known.get(p.candidateNumber);
      const issues = checkExamRowCandidate(
        p,
        p.row,
        c ? { waiting: c.status === 'itc_assigned', itcCode: c.itcCode, itcStartDate: c.itcStartDate } : undefined,
        p.itcClass,
        seen,
      );
      seen.add(p.candidateNumber);
      for (const issue of issues) errors.push({ field: `row.${issue.row}.${issue.column}`, key: issue.key });
      if (issues.length > 0 || !c) continue;
      if (breaksFourEyes(c, caller.user.id)) fourEyes.push({ field: `row.${p.row}.candidateNumber`, key: 'four_eyes' });
      ready.push({ ...p, id: c.id });
    }
    if (errors.length > 0) throw AppError.validation(inFileOrder(errors));
    if (fourEyes.length > 0) throw new AppError(403, 'four_eyes', 'four_eyes_exam_result', fourEyes);

    await this.audit.change(async () => {
      const { failedRows } = await this.licensing.applyExamResults(ready, { userId: caller.user.id, role: ROLE_AA }, this.clock.now());
      if (failedRows.length > 0)
        throw AppError.validation(failedRows.map((row) => ({ field: `row.${row}.candidateNumber`, key: 'invalid' })));
      await this.record(caller, 'exam_results', null, { applied: ready.length });
    });
    return {
      applied: ready.length,
      passed: ready.filter((r) => r.result === 'PASS').length,
      failed: ready.filter((r) => r.result === 'FAIL').length,
    };
  }

  /** Converts a licensed candidate to a trainee; a second call answers the same account. */
  async convert(caller: Caller, candidateId: string): Promise<ConvertCandidateResponse> {
    const row = await this.candidates.find({ agencyId: agencyOf(caller) }, candidateId);
    if (!row) throw AppError.http(404);
    const existing = async (): Promise<ConvertCandidateResponse> => {
      const fresh = await this.candidates.findAnyById(candidateId);
      const user = fresh?.traineeUserId ? await this.licensing.user(fresh.traineeUserId) : undefined;
      if (!fresh || !user || !user.agentCode) throw new AppError(409, 'candidate_wrong_state', 'candidate_wrong_state');
      return {
        candidateNumber: fresh.candidateNumber,
        userId: user.id,
        username: user.username,
        agentCode: user.agentCode,
        alreadyConverted: true,
      };
    };
    if (row.status === 'converted') return existing();
    const missing = missingForConversion({
      documentTypes: await this.licensing.documentTypes(row.id),
      examResult: row.examResult,
      ircLicenceNumber: row.ircLicenceNumber,
    });
    if (missing.length > 0)
      throw new AppError(
        409,
        'conversion_incomplete',
        'conversion_incomplete',
        missing.map((m) => ({ field: m, key: `conversion_missing_${m}` })),
      );
    if (row.status !== 'licensed') throw new AppError(409, 'candidate_wrong_state', 'candidate_wrong_state');
    if (breaksFourEyes(row, caller.user.id)) throw new AppError(403, 'four_eyes', 'four_eyes_convert');
    const made = await this.audit.change(async () => {
      const converted = await this.licensing.convert(row, { userId: caller.user.id, role: ROLE_AA }, this.clock.now());
      if (!converted) return undefined;
      const resetLink = `${this.publicOrigin}/auth/signin/forgot-password`;
      await this.sms.send({
        to: row.phone,
        username: converted.username,
        purpose: 'trainee-welcome',
        body: `Advisor Portal: welcome, trainee ${converted.agentCode}. Your username is ${converted.username}. Set your password here: ${resetLink} / សូមស្វាគមន៍ ឈ្មោះអ្នកប្រើ ${converted.username}`,
        payload: { link: resetLink },
      });
      await this.record(caller, 'convert', row.id, { traineeUserId: converted.userId, agentCode: converted.agentCode });
      return converted;
    });
    if (!made) return existing();
    return {
      candidateNumber: row.candidateNumber,
      userId: made.userId,
      username: made.username,
      agentCode: made.agentCode,
      alreadyConverted: false,
    };
  }
}
