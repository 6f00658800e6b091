/**
 * POST /api/appform/v1/create `{ proposalId }` -> 201 with the new application (status P, step 0
 * active, every flag false). The proposal must be the caller's own (another's or an unknown one is
 * 422 `invalid` on `proposalId`); its product is recalculated by the premium engine as of today,
 * and its life insured and owner prefill the personal info step.
 */
import * as z from 'zod';

export const createApplicationRequestSchema = z.object({
  proposalId: z
    .string({ error: (issue) => (issue.input === undefined ? 'required' : 'invalid') })
    .min(1, { error: 'required' })
    .max(64, { error: 'invalid' }),
});
export type CreateApplicationRequest = z.infer<typeof createApplicationRequestSchema>;
