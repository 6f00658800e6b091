import type * as z from 'zod';
import { proposalResponseSchema } from './create-proposal';

/**
 * GET /api/proposal/v1/find/{id} — one proposal with its quote and status history (params:
 * `recordIdParamsSchema` of contacts/contact-id.ts). An advisor sees their own, agency staff
 * their agency's; anything else is 404. The read is audited.
 */
export const findProposalResponseSchema = proposalResponseSchema;
export type FindProposalResponse = z.infer<typeof findProposalResponseSchema>;
