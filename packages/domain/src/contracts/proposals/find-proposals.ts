import * as z from 'zod';
import { PREMIUM_MODES } from '../../codes/premium-modes';
import { optionalSearchTermSchema } from '../../rules/search';
import { cursorSchema, listSizeSchema, nextCursorSchema } from '../contacts/list-params';
import { engineAmountSchema } from '../engine/calculate-premium';
import { PROPOSAL_STATUSES } from './proposal-fields';

/**
 * GET /api/proposal/v1/find?q=&status=&cursor=&size= — the caller's proposals (an agency admin or
 * service user: the agency's), most recently changed first, a page at a time (keyset cursor).
 * `q` (optional, at least 3 characters, `minlength` otherwise) matches the proposal number, the
 * product code and the life insured's and owner's Latin or Khmer names, case-insensitively.
 */
export const findProposalsQuerySchema = z.object({
  q: optionalSearchTermSchema,
  status: z
    .union([z.enum(PROPOSAL_STATUSES), z.literal('')], { error: 'invalid' })
    .optional()
    .transform((value) => (value ? value : undefined)),
  cursor: cursorSchema,
  size: listSizeSchema,
});
export type FindProposalsInput = z.input<typeof findProposalsQuerySchema>;
export type FindProposalsQuery = z.output<typeof findProposalsQuerySchema>;

export const proposalSummarySchema = z.object({
  id: z.string(),
  proposalNumber: z.string(),
  status: z.enum(PROPOSAL_STATUSES),
  productCode: z.string(),
  planKey: z.string(),
  faceAmount: engineAmountSchema,
  premiumMode: z.enum(PREMIUM_MODES),
  premium: engineAmountSchema,
  lifeInsuredName: z.string(),
  lifeInsuredNameKh: z.string().nullable(),
  policyOwnerName: z.string(),
  modifiedDate: z.string(),
});
export type ProposalSummary = z.infer<typeof proposalSummarySchema>;

export const findProposalsResponseSchema = z.object({
  items: z.array(proposalSummarySchema),
  nextCursor: nextCursorSchema,
});
export type FindProposalsResponse = z.infer<typeof findProposalsResponseSchema>;
