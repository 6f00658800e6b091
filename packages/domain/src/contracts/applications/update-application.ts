/**
 * POST /api/appform/v1/update/{id} — saves one wizard step and/or the active step.
 * `{ version, activeStep?, step?: { name, data, complete } }`:
 * - `data` is the step's draft (application-steps.ts), stored as typed, even when incomplete;
 * - `complete: true` marks the step complete only if its rules pass (rules/application-steps.ts),
 *   else 422 with `errors[{ field: '<step>.<path>', key }]` and nothing is saved;
 *   `complete: false` saves a draft and clears the flag;
 * - a stale version is 409; a submitted application is read-only (409).
 * Steps 0-5 can be saved; step 6 is the submission (submit/{id}).
 */
import * as z from 'zod';
import { versionSchema } from '../contacts/contact-id';

export const SAVABLE_STEPS = [
  'personalInfo',
  'productInfo',
  'healthInfo',
  'declarationAuthorization',
  'advisorStatement',
  'supportingDocuments',
] as const;
export type SavableStep = (typeof SAVABLE_STEPS)[number];

export const updateApplicationRequestSchema = z.object({
  version: versionSchema,
  activeStep: z.number({ error: 'invalid' }).int({ error: 'invalid' }).min(0, { error: 'min' }).max(6, { error: 'max' }).optional(),
  step: z
    .object({
      name: z.enum(SAVABLE_STEPS, { error: 'invalid' }),
      /** Checked against the named step's draft schema by the service. */
      data: z.record(z.string(), z.unknown()),
      complete: z.boolean({ error: 'invalid' }),
    })
    .optional(),
});
export type UpdateApplicationRequest = z.infer<typeof updateApplicationRequestSchema>;
