/**
 * POST /api/appform/v1/submit/{id} `{ language }` — the server re-checks every rule (the review of
 * rules/application-review.ts must be empty, else 422 listing the items as `<step>.<field>`),
 * renders the application form PDF in the language asked, and moves P -> S, recording who
 * submitted when. Idempotent: submitting an application that is already submitted answers 200
 * with the one existing submission (a double click or a retry never makes a second).
 */
import * as z from 'zod';
import { LANGUAGES } from '../../codes/languages';

export const submitApplicationRequestSchema = z.object({
  language: z.enum(LANGUAGES, { error: 'invalid' }).default('en'),
});
export type SubmitApplicationRequest = z.infer<typeof submitApplicationRequestSchema>;
