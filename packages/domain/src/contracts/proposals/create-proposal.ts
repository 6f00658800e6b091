import * as z from 'zod';
import { GENDERS } from '../../codes/client';
import { PREMIUM_MODES } from '../../codes/premium-modes';
import { calculatePremiumResponseSchema, engineAmountSchema } from '../engine/calculate-premium';
import { PROPOSAL_STATUSES, proposalFieldsShape, withProposalRules } from './proposal-fields';

/**
 * POST /api/proposal/v1/create -> 201 with the stored proposal. The server reads the two
 * contacts (the caller's own; another's or an unknown one is 422 `invalid` on its field), runs the
 * premium engine on them as of today (Asia/Phnom_Penh) and stores its answer. Engine rule
 * violations are 422 naming the field: `faceAmount`, `riders.0.code`, `policyTerm`, ...; an age
 * rule on a person names that person's contact field (`lifeInsuredContactId`, `policyOwnerContactId`).
 * A premium mode the product does not allow is 422 `invalid` on `premiumMode`.
 */
export const createProposalRequestSchema = withProposalRules(z.object(proposalFieldsShape()));
export type CreateProposalInput = z.input<typeof createProposalRequestSchema>;
export type CreateProposalRequest = z.output<typeof createProposalRequestSchema>;

/** A person on the proposal, as read from the contact when the proposal was last saved. */
export const proposalPartySchema = z.object({
  contactId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  firstNameKh: z.string().nullable(),
  lastNameKh: z.string().nullable(),
  gender: z.enum(GENDERS),
  /** YYYY-MM-DD */
  dateOfBirth: z.string(),
});
export type ProposalParty = z.infer<typeof proposalPartySchema>;

export const proposalStatusEntrySchema = z.object({
  status: z.enum(PROPOSAL_STATUSES),
  /** Date-time with the +07:00 offset. */
  at: z.string(),
  /** The user whose action set it (display name). */
  byName: z.string().nullable(),
});
export type ProposalStatusEntry = z.infer<typeof proposalStatusEntrySchema>;

/**
 * A stored proposal, as create, update and find/{id} answer it. `quote` is the engine's answer
 * stored at the last save (the record); `premium` is the instalment of the chosen mode from it.
 * Send `version` back with an update.
 */
export const proposalResponseSchema = z.object({
  id: z.string(),
  proposalNumber: z.string(),
  status: z.enum(PROPOSAL_STATUSES),
  lifeInsured: proposalPartySchema,
  policyOwner: proposalPartySchema,
  /** null when the owner is the life insured. */
  relationshipCode: z.string().nullable(),
  productCode: z.string(),
  planKey: z.string(),
  faceAmount: engineAmountSchema,
  policyTerm: z.number().int(),
  premiumTerm: z.number().int(),
  riders: z.array(z.object({ code: z.string(), faceAmount: engineAmountSchema.optional() })),
  premiumMode: z.enum(PREMIUM_MODES),
  premium: engineAmountSchema,
  catalogueVersion: z.string(),
  quote: calculatePremiumResponseSchema,
  advisor: z.object({ name: z.string(), nameKh: z.string().nullable(), code: z.string().nullable() }),
  statusHistory: z.array(proposalStatusEntrySchema),
  createdDate: z.string(),
  modifiedDate: z.string(),
  version: z.number().int(),
});
export type ProposalResponse = z.infer<typeof proposalResponseSchema>;
