import * as z from 'zod';
import { complianceLangSchema, periodSchema } from './compliance-fields';

/**
 * GET /api/compliance/training/v1/questions?lang= — the current period's questionnaire in the
 * chosen language: each question with its choices (spec §3 questionNumber, answerSequenceNo,
 * answerDescription, answerValue). Which choice is right stays on the server.
 */
export const questionsQuerySchema = z.object({ lang: complianceLangSchema });
export type QuestionsInput = z.input<typeof questionsQuerySchema>;

export const answerChoiceSchema = z.object({
  answerSequenceNo: z.number().int(),
  answerDescription: z.string(),
  answerValue: z.string(),
});

export const questionSchema = z.object({
  questionNumber: z.number().int(),
  question: z.string(),
  answers: z.array(answerChoiceSchema),
});
export type ComplianceQuestion = z.infer<typeof questionSchema>;

export const questionsResponseSchema = z.object({
  period: periodSchema,
  questions: z.array(questionSchema),
});
export type QuestionsResponse = z.infer<typeof questionsResponseSchema>;
