import * as z from 'zod';
import { periodSchema } from './compliance-fields';

/**
 * GET /api/compliance/training/v1/form/training-materials?view=completions[&format=csv][&period=]
 * — agency staff (ROLE_AS, ROLE_AA) only, anyone else 403: every person of the caller's agency
 * who must train (advisors, agency staff, trainees), whether they have passed the period, when,
 * with what score, after how many attempts. `format=csv` answers the same rows as a CSV file
 * (`text/csv`, cells safe against formula injection: see format/csv.ts).
 */
export const completionRowSchema = z.object({
  userId: z.string().uuid(),
  agentCode: z.string().nullable(),
  displayName: z.string(),
  roles: z.array(z.string()),
  completed: z.boolean(),
  completedDate: z.string().nullable(),
  bestScorePercent: z.number().int().nullable(),
  attemptCount: z.number().int(),
});
export type CompletionRow = z.infer<typeof completionRowSchema>;

export const completionsResponseSchema = z.object({
  period: periodSchema,
  completedCount: z.number().int(),
  totalCount: z.number().int(),
  items: z.array(completionRowSchema),
});
export type CompletionsResponse = z.infer<typeof completionsResponseSchema>;

/** The CSV's columns, in order (the header row is these names). */
export const COMPLETION_CSV_COLUMNS = [
  'agentCode',
  'displayName',
  'roles',
  'completed',
  'completedDate',
  'bestScorePercent',
  'attemptCount',
] as const;

export function completionsCsvFileName(periodCode: string): string {
  return `compliance-completions-${periodCode.replace(/[^0-9]/g, '')}.csv`;
}
