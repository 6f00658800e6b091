import * as z from 'zod';
import { CURRENCY_CODES } from '../../codes/currencies';
import {
  DELIVERY_STATUSES,
  milestoneSchema,
  pendingRequirementSchema,
  policyAgentSchema,
  policyBeneficiarySchema,
  policyClaimSchema,
  policyClientSchema,
  policyCoverageSchema,
  policyPaymentSchema,
  policySummarySchema,
  policyValueSchema,
} from './policy-fields';
import { isoDateSchema, moneySchema } from './value-fields';

/** The newest payments the detail carries; the premium-payment screen pages through the rest with client-payments. */
export const DETAIL_RECENT_PAYMENTS = 12;
/** The detail's milestones cover this many days from today. */
export const DETAIL_MILESTONE_DAYS = 366;

/** `{id}` of GET search/details/{id}: the policy number (any case). */
export const policyDetailsParamsSchema = z.object({ id: z.string().trim().toUpperCase().max(20, { error: 'maxlength' }) });
export type PolicyDetailsParams = z.infer<typeof policyDetailsParamsSchema>;

export const issuanceSchema = z.object({
  applicationNumber: z.string().nullable(),
  proposalNumber: z.string().nullable(),
  submissionDate: z.nullable(isoDateSchema),
  approvalDate: z.nullable(isoDateSchema),
  issuingOffice: z.string().nullable(),
  underwritingDecision: z.string().nullable(),
});

/**
 * GET /api/policy/v1/search/details/{id} — the whole policy in one call, for the policy-detail
 * screen and every sub-screen (policy-owner, life-insured, beneficiary, claim-history,
 * issuance-detail, policy-value, plan-coverage, premium-payment, customer-milestone):
 * - the summary fields plus issue date, currency (the policy's; payments carry their own), terms,
 *   delivery status and `version` (send it back with update/delivery-status);
 * - `owner`, `insured`, `payor` (null when the owner pays) and every client in `clients`;
 * - `beneficiaries` (primary first), `coverages` (base plan first), `issuance`, `values` by policy
 *   year (ascending: the value chart), `claims` (newest first), `pending` requirements;
 * - `payments`: the 12 newest, their total count and the totals paid per currency;
 * - `milestones`: this policy's milestones for the next 366 days, soonest first.
 * Another advisor's (or agency's) policy, or an unknown number, answers 404.
 */
export const policyDetailsResponseSchema = policySummarySchema.extend({
  issueDate: isoDateSchema,
  currency: z.enum(CURRENCY_CODES),
  policyTerm: z.number().int().nullable(),
  premiumTerm: z.number().int().nullable(),
  deliveryStatus: z.enum(DELIVERY_STATUSES),
  deliveryStatusDate: z.nullable(isoDateSchema),
  version: z.number().int(),
  /** When the feed last changed this policy (date-time with +07:00). */
  importedAt: z.string(),
  agent: policyAgentSchema,
  owner: policyClientSchema.nullable(),
  insured: policyClientSchema.nullable(),
  payor: policyClientSchema.nullable(),
  clients: z.array(policyClientSchema),
  beneficiaries: z.array(policyBeneficiarySchema),
  coverages: z.array(policyCoverageSchema),
  issuance: issuanceSchema.nullable(),
  values: z.array(policyValueSchema),
  payments: z.object({
    recent: z.array(policyPaymentSchema),
    count: z.number().int(),
    totals: z.array(moneySchema),
    lastPaymentDate: z.nullable(isoDateSchema),
  }),
  claims: z.array(policyClaimSchema),
  milestones: z.array(milestoneSchema),
  pending: z.array(pendingRequirementSchema),
});
export type PolicyDetailsResponse = z.infer<typeof policyDetailsResponseSchema>;
