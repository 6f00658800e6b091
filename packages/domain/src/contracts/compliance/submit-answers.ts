import * as z from 'zod';
import { attemptSchema } from './compliance-fields';

/**
 * POST /api/compliance/training/v1/answers/submit — one attempt at the current period's
 * questionnaire: one answer per question. The server scores it against the period's pass mark
 * and records it. A question left out is a 422 `required` on `answers.<questionNumber>`; an
 * unknown question or choice is `invalid`. Answers 201 with the attempt and, per question,
 * whether the answer was right (never which choice was).
 */
export const submittedAnswerSchema = z.object({
  questionNumber: z.number({ error: 'invalid' }).int({ error: 'invalid' }).min(1, { error: 'invalid' }),
  answerSequenceNo: z.number({ error: 'invalid' }).int({ error: 'invalid' }).min(1, { error: 'invalid' }),
});

export const submitAnswersRequestSchema = z.object({
  answers: z.array(submittedAnswerSchema, { error: 'required' }).min(1, { error: 'required' }).max(200, { error: 'max' }),
  lang: z.enum(['en', 'km'], { error: 'invalid' }).optional(),
});
export type SubmitAnswersRequest = z.infer<typeof submitAnswersRequestSchema>;

export const submitAnswersResponseSchema = z.object({
  attempt: attemptSchema,
  results: z.array(z.object({ questionNumber: z.number().int(), correct: z.boolean() })),
});
export type SubmitAnswersResponse = z.infer<typeof submitAnswersResponseSchema>;
