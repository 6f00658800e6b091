import * as z from 'zod';
import { LANGUAGES } from '../../codes/languages';

/** `?lang=en|km` (default en): the language of titles, questions and PDFs. */
export const complianceLangSchema = z
  .union([z.enum(LANGUAGES), z.literal('')], { error: 'invalid' })
  .optional()
  .transform((value) => (value ? value : 'en'));

/** A period code: the calendar year in Phnom Penh, `2026`. */
export const PERIOD_CODE_PATTERN = /^\d{4}$/;
export const periodCodeSchema = z.string().regex(PERIOD_CODE_PATTERN, { error: 'pattern' });

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const periodSchema = z.object({
  code: z.string(),
  startDate: isoDate,
  endDate: isoDate,
  dueDate: isoDate,
  /** Percent of questions answered right needed to pass (data of the period). */
  passMarkPercent: z.number().int(),
  questionCount: z.number().int(),
});
export type CompliancePeriod = z.infer<typeof periodSchema>;

export const attemptSchema = z.object({
  id: z.string().uuid(),
  attemptNumber: z.number().int(),
  submittedDate: z.string(),
  correctCount: z.number().int(),
  questionCount: z.number().int(),
  scorePercent: z.number().int(),
  passMarkPercent: z.number().int(),
  passed: z.boolean(),
});
export type ComplianceAttempt = z.infer<typeof attemptSchema>;

/** The caller's standing in a period. `completedDate`: the first pass (it carries the certificate). */
export const complianceStatusSchema = z.object({
  completed: z.boolean(),
  completedDate: z.string().nullable(),
  certificateAttemptId: z.string().uuid().nullable(),
  overdue: z.boolean(),
  attempts: z.array(attemptSchema),
});
export type ComplianceStatus = z.infer<typeof complianceStatusSchema>;
