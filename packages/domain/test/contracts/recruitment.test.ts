import { describe, expect, it } from 'vitest';
import { canMove, CANDIDATE_STATUSES, isEditableStatus } from '@portal/domain/codes/candidate-status';
import { isProductPermitted } from '@portal/domain/contracts/candidates/agent-products';
import { checkExamHeader, checkExamRow, examErrorPlace } from '@portal/domain/contracts/candidates/exam-results';
import { reviewRequestSchema } from '@portal/domain/contracts/candidates/candidate';

const NOW = new Date('2026-11-21T03:00:00Z');

describe('the candidate pipeline', () => {
  it('moves only forward along the stages, with the two ways back', () => {
    expect(canMove('draft', 'submitted')).toBe(true);
    expect(canMove('submitted', 'returned')).toBe(true);
    expect(canMove('returned', 'submitted')).toBe(true);
    expect(canMove('exam_failed', 'itc_assigned')).toBe(true);
    expect(canMove('draft', 'approved')).toBe(false);
    expect(canMove('approved', 'submitted')).toBe(false);
    expect(canMove('exam_passed', 'converted')).toBe(false);
    expect(CANDIDATE_STATUSES.filter((s) => canMove('converted', s))).toEqual([]);
    expect(CANDIDATE_STATUSES.filter(isEditableStatus)).toEqual(['draft', 'returned']);
  });
});

describe('an exam result row', () => {
  const ok = { candidateNumber: 'c0000012', examDate: '01/11/2026', score: '70', result: 'pass' };

  it('reads a good row (either date format, any case) and a pass from 70', () => {
    expect(checkExamRow(ok, 2, NOW)).toEqual({
      value: { candidateNumber: 'C0000012', examDate: '2026-11-01', score: 70, result: 'PASS' },
      issues: [],
    });
    expect(checkExamRow({ ...ok, examDate: '2026-11-01', score: '69', result: 'FAIL' }, 3, NOW).value?.result).toBe('FAIL');
  });

  it('names every bad cell of the row', () => {
    expect(checkExamRow({ candidateNumber: 'X1', examDate: '2026-12-01', score: '101', result: 'MAYBE' }, 7, NOW).issues).toEqual([
      { row: 7, column: 'candidateNumber', key: 'invalid' },
      { row: 7, column: 'examDate', key: 'date_not_bigger_then_current_date' },
      { row: 7, column: 'score', key: 'numbericRange' },
      { row: 7, column: 'result', key: 'invalid' },
    ]);
    expect(checkExamRow({}, 4, NOW).issues.map((i) => i.key)).toEqual(['required', 'required', 'required', 'required']);
    expect(checkExamRow({ ...ok, score: '40', result: 'PASS' }, 5, NOW).issues).toEqual([{ row: 5, column: 'result', key: 'invalid' }]);
    expect(checkExamRow({ ...ok, score: '7.5' }, 6, NOW).issues).toEqual([{ row: 6, column: 'score', key: 'numbericRange' }]);
  });
});

describe('an exam results header', () => {
  it('finds the columns in any order and case, ignoring blank cells', () => {
    const { index, issues } = checkExamHeader([' Score', 'candidatenumber', '', 'result', 'examDate', 'lastName']);
    expect(issues).toEqual([]);
    expect(Object.fromEntries(index)).toEqual({ score: 0, candidateNumber: 1, result: 3, examDate: 4, lastName: 5 });
  });

  it("names a missing, an unknown and a repeated column as the file's problems", () => {
    expect(checkExamHeader(['candidateNumber', 'examDate', 'scor', 'result', 'result']).issues).toEqual([
      { field: 'file.header.scor', key: 'exam_header_unknown' },
      { field: 'file.header.result', key: 'exam_header_duplicate' },
      { field: 'file.header.score', key: 'exam_header_missing' },
    ]);
    expect(checkExamHeader(['C0000001', '2026-11-01', '85', 'PASS']).issues).toEqual([{ field: 'file.header', key: 'exam_header_none' }]);
    expect(checkExamHeader([]).issues).toEqual([{ field: 'file.header', key: 'exam_header_none' }]);
    expect(checkExamHeader(['candidateNumber', 'x'.repeat(100)]).issues[0]?.field).toBe(`file.header.${'x'.repeat(40)}`);
  });

  it('places an error on the file or on a row', () => {
    expect(examErrorPlace('file')).toEqual({ level: 'file', column: null });
    expect(examErrorPlace('file.header')).toEqual({ level: 'file', column: null });
    expect(examErrorPlace('file.header.score')).toEqual({ level: 'file', column: 'score' });
    expect(examErrorPlace('row.12.examDate')).toEqual({ level: 'row', row: 12, column: 'examDate' });
  });
});

describe('product permissions', () => {
  it('lets an agent without a saved list sell everything, and one with a list only what it holds', () => {
    expect(isProductPermitted(undefined, 'EDU')).toBe(true);
    expect(isProductPermitted(['LPTL'], 'LPTL')).toBe(true);
    expect(isProductPermitted(['LPTL'], 'EDU')).toBe(false);
    expect(isProductPermitted([], 'LPTL')).toBe(false);
  });
});

describe('a review of a candidate', () => {
  const review = { candidateId: '0b7d6f3e-2c4a-4e8b-9f1d-5a6c7e8f9a01', version: 1, action: 'return' as const };

  it("takes the returning reviewer's comment as typed text: no control characters, no bidirectional overrides", () => {
    expect(reviewRequestSchema.safeParse({ ...review, comment: 'Please add the ID card' }).success).toBe(true);
    for (const comment of ['Please\u0007 add', 'Please \u202Eadd']) {
      const result = reviewRequestSchema.safeParse({ ...review, comment });
      expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['comment', 'invalid']]);
    }
  });
});
