import * as z from 'zod';
import { versionSchema } from '../contacts/contact-id';
import { proposalFieldsShape, withProposalRules } from './proposal-fields';

/**
 * POST /api/proposal/v1/update/{id}: the create body plus the `version` that was read. The server
 * recalculates and stores the new quote; 200 with the proposal (version + 1, status back to
 * `quoted`). A stale version -> 409 `conflict` and nothing changes; a proposal the caller may not
 * see -> 404. Agency staff read proposals but never change them (403 by role).
 * Response: `proposalResponseSchema` of create-proposal.ts.
 */
export const updateProposalRequestSchema = withProposalRules(z.object({ ...proposalFieldsShape(), version: versionSchema }));
export type UpdateProposalInput = z.input<typeof updateProposalRequestSchema>;
export type UpdateProposalRequest = z.output<typeof updateProposalRequestSchema>;
