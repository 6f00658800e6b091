/**
 * POST /api/appform/v1/submit/{id} `{ language }` — the server re-checks every rule (the review of
 * rules/application-review.ts must be empty, else 422 listing the items as `<step>.<field>`),
 * renders the application form PDF in the language asked, and moves P -> S, recording who
 * submitted when. Idempotent: submitting an application that is already submitted answers 200
 * with the one existing submission (a double click or a retry never makes a second).
 * `version` is the version of the application the caller has seen saved (the wizard sends the one
 * its last acknowledged save answered): when the stored one differs — a step save the caller
 * never saw acknowledged, a document added or deleted elsewhere — the answer is 409 and nothing
 * is submitted, so what is submitted is exactly what the caller was shown. Callers that leave it
 * out submit whatever is stored.
 */
import * as z from 'zod';
import { LANGUAGES } from '../../codes/languages';
import { versionSchema } from '../contacts/contact-id';

export const submitApplicationRequestSchema = z.object({
  language: z.enum(LANGUAGES, { error: 'invalid' }).default('en'),
  version: versionSchema.optional(),
});
export type SubmitApplicationRequest = z.infer<typeof submitApplicationRequestSchema>;
