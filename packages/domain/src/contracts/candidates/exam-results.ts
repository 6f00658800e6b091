/**
 * ITC exam results (spec §7 Support `exam/download/template`, `exam/upload`; screen
 * `upload-itc-exam-result`). The template has one row per candidate assigned to an ITC class;
 * agency staff fill in the date, score and result and upload it back as CSV or XLSX. Every row is
 * checked; one bad row refuses the whole file (nothing applied) and every bad row is reported as
 * `row.<n>.<column>` (n = the spreadsheet's row number, the header being row 1). Problems of the
 * file as a whole are `file` (empty, too many rows, unreadable) or, for its header row,
 * `file.header` (no template column at all) and `file.header.<column>` (missing, unknown or
 * repeated column): never a row.
 */
import * as z from 'zod';
import { checkDate } from '../../rules/dates';
import type { Clock } from '../../format/date';

export const EXAM_TEMPLATE_COLUMNS = ['candidateNumber', 'lastName', 'firstName', 'itcClass', 'examDate', 'score', 'result'] as const;
export type ExamTemplateColumn = (typeof EXAM_TEMPLATE_COLUMNS)[number];
export const EXAM_RESULTS = ['PASS', 'FAIL'] as const;
export type ExamResult = (typeof EXAM_RESULTS)[number];
export const EXAM_PASS_SCORE = 70;
export const EXAM_MAX_ROWS = 1000;

export interface ExamRow {
  candidateNumber: string;
  examDate: string;
  score: number;
  result: ExamResult;
}
export interface ExamRowIssue {
  row: number;
  column: ExamTemplateColumn;
  key: string;
}

/** Columns an upload must have (the others of the template may be there or not). */
export const EXAM_REQUIRED_COLUMNS = ['candidateNumber', 'examDate', 'score', 'result'] as const satisfies readonly ExamTemplateColumn[];
/** A header cell named in an error is cut to this many characters. */
const HEADER_NAME_MAX = 40;

/** Form-error keys (validation namespace) of header problems; `{column}` names the column. */
export const EXAM_HEADER_KEYS = {
  none: 'exam_header_none',
  missing: 'exam_header_missing',
  unknown: 'exam_header_unknown',
  duplicate: 'exam_header_duplicate',
} as const;

/**
 * Reads the header row: where each template column is (names compared without case and
 * surrounding spaces, blank cells ignored). Issues as `file.header[.<column>]` field errors: no
 * template column at all (the header row is missing), a required column missing, a column the
 * template does not have, a column given twice.
 */
export function checkExamHeader(header: readonly string[]): {
  index: Map<ExamTemplateColumn, number>;
  issues: { field: string; key: string }[];
} {
  const index = new Map<ExamTemplateColumn, number>();
  const issues: { field: string; key: string }[] = [];
  header.forEach((cell, at) => {
    const name = cell.trim();
    if (!name) return;
    const column = EXAM_TEMPLATE_COLUMNS.find((c) => c.toLowerCase() === name.toLowerCase());
    if (!column) issues.push({ field: `file.header.${name.slice(0, HEADER_NAME_MAX)}`, key: EXAM_HEADER_KEYS.unknown });
    else if (index.has(column)) issues.push({ field: `file.header.${column}`, key: EXAM_HEADER_KEYS.duplicate });
    else index.set(column, at);
  });
  if (index.size === 0) return { index, issues: [{ field: 'file.header', key: EXAM_HEADER_KEYS.none }] };
  for (const column of EXAM_REQUIRED_COLUMNS)
    if (!index.has(column)) issues.push({ field: `file.header.${column}`, key: EXAM_HEADER_KEYS.missing });
  return { index, issues };
}

/**
 * Where an upload error belongs: the file (with the header column it names, if any) or a row
 * and column of the sheet. The screen lists the first kind above the table of the second.
 */
export function examErrorPlace(field: string): { level: 'file'; column: string | null } | { level: 'row'; row: number; column: string } {
  const row = /^row\.(\d+)\.(.+)$/.exec(field);
  if (row) return { level: 'row', row: Number(row[1]), column: row[2] as string };
  const header = /^file\.header\.(.+)$/.exec(field);
  return { level: 'file', column: header ? (header[1] as string) : null };
}

/** Checks one row's cells (as text). The result must agree with the score (>= 70 passes). */
export function checkExamRow(
  cells: Partial<Record<ExamTemplateColumn, string>>,
  row: number,
  now?: Clock,
): { value?: ExamRow; issues: ExamRowIssue[] } {
  const issues: ExamRowIssue[] = [];
  const candidateNumber = (cells.candidateNumber ?? '').trim().toUpperCase();
  if (!candidateNumber) issues.push({ row, column: 'candidateNumber', key: 'required' });
  else if (!/^C\d{7}$/.test(candidateNumber)) issues.push({ row, column: 'candidateNumber', key: 'invalid' });
  const dateText = (cells.examDate ?? '').trim();
  let examDate = '';
  if (!dateText) issues.push({ row, column: 'examDate', key: 'required' });
  else {
    const check = checkDate(dateText, { notFuture: true, ...(now === undefined ? {} : { now }) });
    if (check.ok) examDate = check.iso;
    else issues.push({ row, column: 'examDate', key: check.key });
  }
  const scoreText = (cells.score ?? '').trim();
  const score = Number(scoreText);
  if (!scoreText) issues.push({ row, column: 'score', key: 'required' });
  else if (!/^\d{1,3}$/.test(scoreText) || score > 100) issues.push({ row, column: 'score', key: 'numbericRange' });
  const resultText = (cells.result ?? '').trim().toUpperCase();
  if (!resultText) issues.push({ row, column: 'result', key: 'required' });
  else if (!(EXAM_RESULTS as readonly string[]).includes(resultText)) issues.push({ row, column: 'result', key: 'invalid' });
  else if (scoreText && /^\d{1,3}$/.test(scoreText) && score <= 100 && score >= EXAM_PASS_SCORE !== (resultText === 'PASS')) {
    issues.push({ row, column: 'result', key: 'invalid' });
  }
  if (issues.length > 0) return { issues };
  return { value: { candidateNumber, examDate, score, result: resultText as ExamResult }, issues };
}

/** Form-error keys (validation namespace) of a row that is well formed but cannot be applied. */
export const EXAM_ROW_KEYS = {
  unknownCandidate: 'exam_unknown_candidate',
  notEnrolled: 'exam_not_enrolled',
  duplicateRow: 'exam_duplicate_row',
  beforeClass: 'exam_date_before_class',
} as const;

/** What the agency knows of the candidate a row names. */
export interface ExamCandidateFacts {
  /** Waiting for a result (`itc_assigned`). */
  waiting: boolean;
  itcCode: string | null;
  /** The class's first day, YYYY-MM-DD. */
  itcStartDate: string | null;
}

/**
 * Checks a well-formed row against the candidate it names: an unknown candidate, one not enrolled
 * in a class waiting for a result (or in another class than the row's `itcClass`, when given), a
 * candidate already named by an earlier row, an exam date before the class started.
 */
export function checkExamRowCandidate(
  value: ExamRow,
  row: number,
  candidate: ExamCandidateFacts | undefined,
  itcClassCell: string | undefined,
  seen: ReadonlySet<string>,
): ExamRowIssue[] {
  if (!candidate) return [{ row, column: 'candidateNumber', key: EXAM_ROW_KEYS.unknownCandidate }];
  if (seen.has(value.candidateNumber)) return [{ row, column: 'candidateNumber', key: EXAM_ROW_KEYS.duplicateRow }];
  const named = (itcClassCell ?? '').trim();
  if (!candidate.waiting || !candidate.itcCode) return [{ row, column: 'candidateNumber', key: EXAM_ROW_KEYS.notEnrolled }];
  if (named && named.toUpperCase() !== candidate.itcCode.toUpperCase())
    return [{ row, column: 'itcClass', key: EXAM_ROW_KEYS.notEnrolled }];
  if (candidate.itcStartDate && value.examDate < candidate.itcStartDate)
    return [{ row, column: 'examDate', key: EXAM_ROW_KEYS.beforeClass }];
  return [];
}

/** Orders row problems as the file does: by row, then by the template's column order. */
export function inFileOrder<T extends { field: string }>(errors: readonly T[]): T[] {
  const rank = (field: string): [number, number] => {
    const m = /^row\.(\d+)\.(.+)$/.exec(field);
    if (!m) return [0, 0];
    return [Number(m[1]), EXAM_TEMPLATE_COLUMNS.indexOf(m[2] as ExamTemplateColumn)];
  };
  return [...errors].sort((a, b) => {
    const [ra, ca] = rank(a.field);
    const [rb, cb] = rank(b.field);
    return ra - rb || ca - cb;
  });
}

export const examUploadResponseSchema = z.object({ applied: z.number(), passed: z.number(), failed: z.number() });
export type ExamUploadResponse = z.infer<typeof examUploadResponseSchema>;
export const templateQuerySchema = z.object({ format: z.enum(['csv', 'xlsx']).default('csv') });

export const convertCandidateSchema = z.object({ candidateId: z.uuid({ error: 'invalid' }) });
export const convertCandidateResponseSchema = z.object({
  candidateNumber: z.string(),
  userId: z.string(),
  username: z.string(),
  agentCode: z.string(),
  alreadyConverted: z.boolean(),
});
export type ConvertCandidateResponse = z.infer<typeof convertCandidateResponseSchema>;
