/**
 * An application as find/{id}, create, update and submit answer it (spec §3/§4; DESIGN.md §5).
 * `steps` holds each step's saved data (drafts included), `completion` the seven completion
 * flags, `activeStep` the step the wizard reopens on. `product` is the proposal's product,
 * recalculated by the premium engine when the application was created. Send `version` back with
 * an update (stale -> 409).
 */
import * as z from 'zod';
import { proposalPartySchema } from '../proposals/create-proposal';
import { APPLICATION_STATUSES } from '../../codes/application-status';
import { PREMIUM_MODES } from '../../codes/premium-modes';
import { WIZARD_STEPS } from '../../codes/wizard-steps';
import { calculatePremiumResponseSchema, engineAmountSchema } from '../engine/calculate-premium';
import { applicationStepDataSchema } from './application-steps';

export const completionSchema = z.object(
  Object.fromEntries(WIZARD_STEPS.map((s) => [s.completionFlag, z.boolean()])) as Record<
    (typeof WIZARD_STEPS)[number]['completionFlag'],
    z.ZodBoolean
  >,
);

/** A person as the proposal names them, without the contact link (an application keeps its own copy). */
export const applicationPartySchema = proposalPartySchema.omit({ contactId: true });
export type ApplicationParty = z.infer<typeof applicationPartySchema>;

/** The product as taken from the proposal and recalculated by the engine. */
export const applicationProductSchema = z.object({
  proposalId: z.string().nullable(),
  proposalNumber: z.string().nullable(),
  productCode: z.string(),
  planKey: z.string(),
  faceAmount: engineAmountSchema,
  policyTerm: z.number().int(),
  premiumTerm: z.number().int(),
  riders: z.array(z.object({ code: z.string(), faceAmount: engineAmountSchema.optional() })),
  premiumMode: z.enum(PREMIUM_MODES),
  premium: engineAmountSchema,
  quote: calculatePremiumResponseSchema,
});
export type ApplicationProduct = z.infer<typeof applicationProductSchema>;

export const submissionSchema = z.object({
  /** Date-time with the +07:00 offset. */
  submittedAt: z.string(),
  submittedByName: z.string(),
  language: z.enum(['en', 'km']),
  /** The application form PDF: GET /api/report/v1/generate/{reportName}/{referenceId}. */
  reportName: z.literal('application-form'),
  referenceId: z.string(),
});

export const applicationResponseSchema = z.object({
  id: z.string(),
  applicationNumber: z.string(),
  status: z.enum(APPLICATION_STATUSES),
  activeStep: z.number().int().min(0).max(6),
  completion: completionSchema,
  steps: applicationStepDataSchema,
  product: applicationProductSchema,
  submission: submissionSchema.nullable(),
  createdDate: z.string(),
  modifiedDate: z.string(),
  version: z.number().int(),
});
export type ApplicationResponse = z.infer<typeof applicationResponseSchema>;

/** What lists show. */
export const applicationSummarySchema = z.object({
  id: z.string(),
  applicationNumber: z.string(),
  status: z.enum(APPLICATION_STATUSES),
  activeStep: z.number().int(),
  productCode: z.string(),
  proposalNumber: z.string().nullable(),
  lifeInsuredName: z.string(),
  policyOwnerName: z.string(),
  modifiedDate: z.string(),
  submittedAt: z.string().nullable(),
});
export type ApplicationSummary = z.infer<typeof applicationSummarySchema>;
