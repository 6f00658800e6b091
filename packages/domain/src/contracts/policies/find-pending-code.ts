import * as z from 'zod';
import { pendingRequirementSchema } from './policy-fields';

/**
 * GET /api/policy/v1/{policyNumber}/find-pending-code — the policy's pending requirements (codes
 * with English and Khmer descriptions, requested and due dates, status, and the documents uploaded
 * through the portal), outstanding first, then by requested date. `status`: outstanding,
 * submitted (a document was uploaded; the insurer has not confirmed it yet), received, waived.
 * A policy the caller may not see answers 404.
 */
export const findPendingCodeResponseSchema = z.object({
  policyNumber: z.string(),
  items: z.array(pendingRequirementSchema),
});
export type FindPendingCodeResponse = z.infer<typeof findPendingCodeResponseSchema>;
