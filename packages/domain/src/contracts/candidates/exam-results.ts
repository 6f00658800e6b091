/**
 * ITC exam results (spec §7 Support `exam/download/template`, `exam/upload`; screen
 * `upload-itc-exam-result`). The template has one row per candidate assigned to an ITC class;
 * agency staff fill in the date, score and result and upload it back as CSV or XLSX. Every row is
 * checked; one bad row refuses the whole file (nothing applied) and every bad row is reported as
 * `row.<n>.<column>` (n = the spreadsheet's row number, the header being row 1).
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

export interface ExamRow { candidateNumber: string; examDate: string; score: number; result: ExamResult }
export interface ExamRowIssue { row: number; column: ExamTemplateColumn; key: string }

/** Checks one row's cells (as text). The result must agree with the score (>= 70 passes). */
export function checkExamRow(cells: Partial<Record<ExamTemplateColumn, string>>, row: number, now?: Clock): { value?: ExamRow; issues: ExamRowIssue[] } {
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
  else if (scoreText && /^\d{1,3}$/.test(scoreText) && score <= 100 && (score >= EXAM_PASS_SCORE) !== (resultText === 'PASS')) {
    issues.push({ row, column: 'result', key: 'invalid' });
  }
  if (issues.length > 0) return { issues };
  return { value: { candidateNumber, examDate, score, result: resultText as ExamResult }, issues };
}

export const examUploadResponseSchema = z.object({ applied: z.number(), passed: z.number(), failed: z.number() });
export type ExamUploadResponse = z.infer<typeof examUploadResponseSchema>;
export const templateQuerySchema = z.object({ format: z.enum(['csv', 'xlsx']).default('csv') });

export const convertCandidateSchema = z.object({ candidateId: z.uuid({ error: 'invalid' }) });
export const convertCandidateResponseSchema = z.object({
  candidateNumber: z.string(), userId: z.string(), username: z.string(), agentCode: z.string(), alreadyConverted: z.boolean(),
});
export type ConvertCandidateResponse = z.infer<typeof convertCandidateResponseSchema>;
