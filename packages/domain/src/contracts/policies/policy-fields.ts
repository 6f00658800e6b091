/**
 * Shared pieces of the policy servicing contracts (spec §3, §7 Policy): the codes the
 * portal's policy read model adds to spec §3 (delivery, pending, claim and milestone statuses),
 * money as every policy call answers it, and the people on a policy.
 *
 * Policies belong to the insurer's core system; the portal keeps a read model loaded by the
 * policy feed importer (see policy-feed.ts). Every date is an ISO date (YYYY-MM-DD, show it with
 * format/date `formatDisplayDate`); every amount is a `Money` object.
 */
import * as z from 'zod';
import { GENDERS, type BeneficiaryPriority, type ClientLinkType } from '../../codes/client';
import { CURRENCIES, type CurrencyCode } from '../../codes/currencies';
import { IDENTIFICATION_TYPES } from '../../codes/identification-types';
import type { PaymentType } from '../../codes/payment-types';
import { POLICY_STATUSES, type CoverageType } from '../../codes/policy-codes';
import { PREMIUM_MODES } from '../../codes/premium-modes';
import { formatMoney, minorToDecimal } from '../../format/money';
import { isoDateSchema, moneySchema, type Money } from './value-fields';

/** Where the printed policy pack is: with the insurer, sent out, handed to the client, signed for, or back undelivered. */
export const DELIVERY_STATUSES = ['pending', 'dispatched', 'delivered', 'acknowledged', 'returned'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * A pending requirement's status as the core system reports it: `outstanding` (the insurer waits
 * for it), `received` (accepted), `waived` (no longer needed). The portal adds `submitted`: the
 * requirement is outstanding in the core, and a document was uploaded through the portal.
 */
export const FEED_PENDING_STATUSES = ['outstanding', 'received', 'waived'] as const;
export type FeedPendingStatus = (typeof FEED_PENDING_STATUSES)[number];
export const PENDING_STATUSES = ['outstanding', 'submitted', 'received', 'waived'] as const;
export type PendingStatus = (typeof PENDING_STATUSES)[number];

export const CLAIM_TYPES = [
  'death',
  'hospitalisation',
  'criticalIllness',
  'disability',
  'accident',
  'maturity',
  'surrender',
  'other',
] as const;
export type ClaimType = (typeof CLAIM_TYPES)[number];
export const CLAIM_STATUSES = ['submitted', 'inReview', 'approved', 'declined', 'paid'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

/**
 * Customer milestones. `birthday` (of the owner or the life insured), `anniversary` (of the
 * policy's effective date), `maturity` and `premiumDue` (the paid-to date of a policy in force)
 * are derived from the policy itself; the feed may add dated `other` events (a survival benefit,
 * a loyalty bonus) with their own description.
 */
export const MILESTONE_TYPES = ['birthday', 'anniversary', 'maturity', 'premiumDue', 'other'] as const;
export type MilestoneType = (typeof MILESTONE_TYPES)[number];

/** The spec §3 code lists as zod enum tuples (the codes/ files keep them as records). */
export const LINK_TYPES = ['I', 'O', 'P'] as const satisfies readonly ClientLinkType[];
export const PRIORITIES = ['p', 's'] as const satisfies readonly BeneficiaryPriority[];
export const COVERAGE_TYPES_LIST = ['B', 'R', 'W'] as const satisfies readonly CoverageType[];
export const PAYMENT_TYPES_LIST = ['CDB', 'CHQ', 'CS', 'WING', 'PTPP'] as const satisfies readonly PaymentType[];

/** Policy numbers: capital letters, digits and hyphens, 4-20 characters (they appear in paths and file names). */
export const POLICY_NUMBER_PATTERN = /^[A-Z0-9][A-Z0-9-]{3,19}$/;

/** `{policyNumber}` of the policy paths; anything else answers 404 like an unknown policy. */
export const policyNumberSchema = z
  .string({ error: (issue) => (issue.input === undefined ? 'required' : 'invalid') })
  .trim()
  .toUpperCase()
  .max(20, { error: 'maxlength' });

export const policyNumberParamsSchema = z.object({ policyNumber: policyNumberSchema });
export type PolicyNumberParams = z.infer<typeof policyNumberParamsSchema>;

/** The Money object of an amount in minor units. */
export function toMoney(minor: number, currency: CurrencyCode): Money {
  return { currency, minor, amount: minorToDecimal(minor, CURRENCIES[currency].decimals), formatted: formatMoney(minor, currency) };
}

/** A person's name in Latin script and, when known, in Khmer script. */
export const personNameSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  firstNameKh: z.string().nullable(),
  lastNameKh: z.string().nullable(),
});

/**
 * A client linked to the policy: `linkType` I life insured, O policy owner, P payor (spec §3).
 * `phone` is E.164 (`+85512345678`; show it with format/phone `formatPhone`).
 */
export const policyClientSchema = personNameSchema.extend({
  linkType: z.enum(LINK_TYPES),
  gender: z.enum(GENDERS),
  dateOfBirth: isoDateSchema,
  idType: z.enum(IDENTIFICATION_TYPES).nullable(),
  idNumber: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  occupation: z.string().nullable(),
  address: z.string().nullable(),
});
export type PolicyClient = z.infer<typeof policyClientSchema>;

/** `priority` p primary, s secondary; `shareBenifit` the percentage of the benefit (spec §3 spelling); `relationship` to the life insured (08 father, 51 mother, …). */
export const policyBeneficiarySchema = personNameSchema.extend({
  priority: z.enum(PRIORITIES),
  shareBenifit: z.number(),
  relationship: z.string(),
  gender: z.enum(GENDERS).nullable(),
  dateOfBirth: z.nullable(isoDateSchema),
});
export type PolicyBeneficiary = z.infer<typeof policyBeneficiarySchema>;

/** One plan on the policy: B base plan, R rider, W waiver. `term`/`premiumTerm` in years. */
export const policyCoverageSchema = z.object({
  coverageType: z.enum(COVERAGE_TYPES_LIST),
  productCode: z.string(),
  planKey: z.string().nullable(),
  faceAmount: moneySchema,
  premium: moneySchema,
  term: z.number().int().nullable(),
  premiumTerm: z.number().int().nullable(),
  startDate: z.nullable(isoDateSchema),
  endDate: z.nullable(isoDateSchema),
});
export type PolicyCoverage = z.infer<typeof policyCoverageSchema>;

/** Values at the end of a policy year (the policy-value table and chart). */
export const policyValueSchema = z.object({
  policyYear: z.number().int(),
  cashValue: moneySchema,
  surrenderValue: moneySchema,
  paidUpValue: moneySchema,
});
export type PolicyValue = z.infer<typeof policyValueSchema>;

/**
 * A premium payment. `paymentType` CDB cash deposit through bank, CHQ cheque, CS cash, WING
 * mobile-money wallet, PTPP policy-to-policy transfer (spec §3). `bankCode` is set for CDB and
 * CHQ (005 is the premium bank); `sourcePolicyNumber` for PTPP. The amount is in the currency it
 * was paid in, which may differ from the policy's. `periodFrom`-`periodTo` is the cover it paid.
 */
export const policyPaymentSchema = z.object({
  id: z.string(),
  paymentDate: isoDateSchema,
  amount: moneySchema,
  paymentType: z.enum(PAYMENT_TYPES_LIST),
  bankCode: z.string().nullable(),
  reference: z.string().nullable(),
  sourcePolicyNumber: z.string().nullable(),
  periodFrom: z.nullable(isoDateSchema),
  periodTo: z.nullable(isoDateSchema),
});
export type PolicyPayment = z.infer<typeof policyPaymentSchema>;

export const policyClaimSchema = z.object({
  claimNumber: z.string(),
  claimType: z.enum(CLAIM_TYPES),
  status: z.enum(CLAIM_STATUSES),
  eventDate: z.nullable(isoDateSchema),
  submittedDate: isoDateSchema,
  decisionDate: z.nullable(isoDateSchema),
  claimedAmount: moneySchema,
  paidAmount: z.nullable(moneySchema),
});
export type PolicyClaim = z.infer<typeof policyClaimSchema>;

/** A document uploaded through the portal for a pending requirement (the file itself is never inlined). */
export const pendingDocumentSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  mediaType: z.enum(['application/pdf', 'image/png']),
  size: z.number().int(),
  uploadedAt: z.string(),
});
export type PendingDocument = z.infer<typeof pendingDocumentSchema>;

/** A requirement the insurer waits for before it can finish servicing the policy. */
export const pendingRequirementSchema = z.object({
  code: z.string(),
  descriptionEn: z.string(),
  descriptionKm: z.string(),
  requestedDate: isoDateSchema,
  dueDate: z.nullable(isoDateSchema),
  status: z.enum(PENDING_STATUSES),
  documents: z.array(pendingDocumentSchema),
});
export type PendingRequirement = z.infer<typeof pendingRequirementSchema>;

/**
 * A milestone of one of the caller's customers. `linkType` and the names say whose birthday it
 * is (null for policy events). `description*` only for `other` events from the feed.
 */
export const milestoneSchema = z.object({
  date: isoDateSchema,
  type: z.enum(MILESTONE_TYPES),
  policyNumber: z.string(),
  linkType: z.enum(['I', 'O']).nullable(),
  name: personNameSchema.nullable(),
  descriptionEn: z.string().nullable(),
  descriptionKm: z.string().nullable(),
  /** premiumDue: the modal premium due. */
  amount: z.nullable(moneySchema),
});
export type Milestone = z.infer<typeof milestoneSchema>;

/** The advisor the policy is written by, and its agency. */
export const policyAgentSchema = z.object({
  userId: z.string(),
  displayName: z.string(),
  displayNameKh: z.string().nullable(),
  agentCode: z.string().nullable(),
  agencyCode: z.string().nullable(),
  agencyName: z.string().nullable(),
});

/** The row a policy list shows: numbers, status, premium, and the owner's and insured's names. */
export const policySummarySchema = z.object({
  policyNumber: z.string(),
  productCode: z.string(),
  planKey: z.string().nullable(),
  status: z.enum(POLICY_STATUSES),
  statusDate: isoDateSchema,
  premiumMode: z.enum(PREMIUM_MODES),
  modalPremium: moneySchema,
  sumAssured: moneySchema,
  effectiveDate: isoDateSchema,
  paidToDate: z.nullable(isoDateSchema),
  maturityDate: z.nullable(isoDateSchema),
  /** Grace: the day the policy lapses unless paid. */
  graceEndDate: z.nullable(isoDateSchema),
  owner: personNameSchema.extend({ phone: z.string().nullable() }).nullable(),
  insured: personNameSchema.nullable(),
});
export type PolicySummary = z.infer<typeof policySummarySchema>;
