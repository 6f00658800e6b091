/**
 * The fields of a proposal (spec §2 Proposals, §3, §7), shared by the create and update
 * contracts, the quote form (as its resolver) and the server.
 *
 * A proposal is written for one life insured and one policy owner, both taken from the advisor's
 * own contacts. When the owner is the life insured, `policyOwnerContactId` is left out (or equal
 * to the life insured) and no relationship is given; otherwise `relationshipCode` (the owner's
 * relationship to the life insured, spec §3: Father 08, Mother 51; the core system's list is
 * open, so any two-digit code) is required.
 *
 * The quote fields are the engine's request (contracts/engine/calculate-premium.ts) without the
 * people, plus the premium mode the customer chose. The server recalculates with the engine on
 * every save; its answer (catalogue version included) is the record.
 */
import * as z from 'zod';
import { RELATIONSHIP_CODE_PATTERN } from '../../codes/client';
import { PREMIUM_MODES } from '../../codes/premium-modes';
import { addKeyIssue, typeError } from '../../rules/generic';

/** Statuses of a proposal, in the order a proposal normally moves through them. */
export const PROPOSAL_STATUSES = [
  /** Saved with the server's quote (on create, and again on every update). */
  'quoted',
  /** Its PDF was produced for the customer. */
  'presented',
  /** A payment reference (KHQR) for the first premium was issued. */
  'paymentRequested',
  /** An application was made from it: the sale is fixed as it was sold, the proposal is read-only. */
  'applied',
] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

/** The status a proposal takes when an application is made from it. */
export const PROPOSAL_STATUS_APPLIED = 'applied' satisfies ProposalStatus;

/** Statuses of a proposal still being sold (the dashboard counts these; an applied one counts as its application). */
export const PROPOSAL_OPEN_STATUSES = PROPOSAL_STATUSES.filter((s) => s !== PROPOSAL_STATUS_APPLIED);

/**
 * A proposal an application was made from is locked: it stays as it was sold (update is 409
 * `proposal_locked`; the advisor copies it as a new proposal instead), and no second
 * application is made from it (409 `proposal_has_application`).
 */
export function isProposalLocked(status: ProposalStatus): boolean {
  return status === PROPOSAL_STATUS_APPLIED;
}

/** Message keys (namespace `errors`) of the two refusals above. */
export const PROPOSAL_LOCKED_KEY = 'proposal_locked';
export const PROPOSAL_HAS_APPLICATION_KEY = 'proposal_has_application';

/** The owner's relationship to the life insured that the quote form offers (spec §3). */
export const PROPOSAL_RELATIONSHIPS = [
  { code: '08', labelKey: 'proposals:relationship_08' },
  { code: '51', labelKey: 'proposals:relationship_51' },
] as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A contact id from the advisor's contacts. One the caller cannot see is `invalid` (never 404: it is a field). */
export const contactRefSchema = z.string({ error: typeError }).superRefine((value, ctx) => {
  if (value.trim() === '') addKeyIssue(ctx, 'required');
  else if (!UUID.test(value)) addKeyIssue(ctx, 'invalid');
});

/** A face amount as typed: digits with optional thousands commas and up to 2 decimals; outputs "20000.00". */
export const faceAmountInputSchema = z.string({ error: typeError }).transform((value, ctx) => {
  const text = value.trim().replace(/,/g, '');
  if (text === '') {
    addKeyIssue(ctx, 'required');
    return z.NEVER;
  }
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) {
    addKeyIssue(ctx, 'pattern');
    return z.NEVER;
  }
  const whole = String(Number(match[1]));
  return `${whole}.${(match[2] ?? '').padEnd(2, '0')}`;
});

const termSchema = z.number({ error: typeError }).int({ error: 'invalid' }).min(1, { error: 'min' }).max(100, { error: 'max' });

export const proposalRiderSchema = z.object({
  code: z.string({ error: typeError }).min(1, { error: 'required' }).max(10, { error: 'maxlength' }),
  faceAmount: faceAmountInputSchema.optional(),
});

/** The body of create and update (without `version`). */
export function proposalFieldsShape() {
  return {
    lifeInsuredContactId: contactRefSchema,
    policyOwnerContactId: z
      .union([contactRefSchema, z.literal(''), z.null()])
      .optional()
      .transform((value) => (value ? value : undefined)),
    relationshipCode: z
      .union([z.string({ error: typeError }), z.null()])
      .optional()
      .transform((value) => (value ? value.trim() : undefined)),
    productCode: z.string({ error: typeError }).min(1, { error: 'required' }).max(10, { error: 'maxlength' }),
    planKey: z
      .union([z.string({ error: typeError }).max(20, { error: 'maxlength' }), z.null()])
      .optional()
      .transform((value) => (value ? value : undefined)),
    faceAmount: faceAmountInputSchema,
    policyTerm: termSchema.optional(),
    premiumTerm: termSchema.optional(),
    riders: z.array(proposalRiderSchema).max(20, { error: 'max' }).optional(),
    premiumMode: z.enum(PREMIUM_MODES, { error: typeError }),
  };
}

/** Owner and relationship together: a separate owner needs a two-digit relationship code; the insured as owner needs none. */
export function withProposalRules<
  T extends z.ZodType<{ lifeInsuredContactId: string; policyOwnerContactId?: string | undefined; relationshipCode?: string | undefined }>,
>(schema: T): T {
  return schema.superRefine(
    (value, ctx) => {
      const separateOwner = value.policyOwnerContactId !== undefined && value.policyOwnerContactId !== value.lifeInsuredContactId;
      if (!separateOwner) return;
      if (value.relationshipCode === undefined) addKeyIssue(ctx, 'required', ['relationshipCode']);
      else if (!RELATIONSHIP_CODE_PATTERN.test(value.relationshipCode)) addKeyIssue(ctx, 'pattern', ['relationshipCode']);
    },
    { when: (payload) => typeof (payload.value as { lifeInsuredContactId?: unknown } | undefined)?.lifeInsuredContactId === 'string' },
  );
}
