/**
 * The policy feed: how the insurer's core system hands its policies to the portal (DESIGN.md §5;
 * written up for people in apps/server/src/importers/POLICY_FEED.md). One JSON document
 * `{ "format": "portal-policy-feed", "version": 1, "asOf": "YYYY-MM-DD", "policies": [ … ] }`, or
 * NDJSON: one policy object per line (an optional first line is the header without `policies`).
 *
 * `feedPolicySchema` checks ONE policy record and outputs it with every amount in minor units
 * (USD cents, whole riel) and every phone in E.164. Issue messages are form error keys, and the
 * importer reports each as `{ index, policyNumber, field, key }`. Unknown fields are ignored, so
 * the core system may send more than the portal reads.
 */
import * as z from 'zod';
import { GENDERS, RELATIONSHIP_CODE_PATTERN } from '../../codes/client';
import { CURRENCIES, CURRENCY_CODES, type CurrencyCode } from '../../codes/currencies';
import { IDENTIFICATION_TYPES } from '../../codes/identification-types';
import { isBankPayment, type PaymentType } from '../../codes/payment-types';
import { POLICY_STATUSES } from '../../codes/policy-codes';
import { PREMIUM_MODES } from '../../codes/premium-modes';
import { DATE_YEAR_MAX, DATE_YEAR_MIN } from '../../constants/locale';
import { FORM_ERROR_KEYS, type FormErrorKey } from '../../errors/error-keys';
import { parseCalendarDate, toIsoDate } from '../../format/date';
import { parseDecimalToMinor } from '../../format/money';
import { normalisePhone } from '../../format/phone';
import { addKeyIssue, isEmpty, typeError } from '../../rules/generic';
import { PATTERNS } from '../../rules/patterns';
import {
  CLAIM_STATUSES,
  CLAIM_TYPES,
  COVERAGE_TYPES_LIST,
  DELIVERY_STATUSES,
  FEED_PENDING_STATUSES,
  LINK_TYPES,
  PAYMENT_TYPES_LIST,
  POLICY_NUMBER_PATTERN,
  PRIORITIES,
} from './policy-fields';

export const POLICY_FEED_FORMAT = 'portal-policy-feed';
export const POLICY_FEED_VERSION = 1;

/** Most items of each list on one policy (a record over a limit is rejected, not cut). */
export const FEED_LIMITS = {
  clients: 10,
  beneficiaries: 20,
  coverages: 30,
  values: 100,
  payments: 1000,
  claims: 200,
  milestones: 100,
  pending: 50,
} as const;

/** Codes the core system uses for products and pending requirements: capitals and digits. */
export const FEED_PRODUCT_CODE_PATTERN = /^[A-Z][A-Z0-9]{1,9}$/;
export const FEED_PLAN_KEY_PATTERN = /^[A-Z0-9][A-Z0-9-]{1,19}$/;
export const PENDING_CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{1,19}$/;
/** Latin names as the core system writes them: letters, spaces, apostrophes, dots and hyphens. */
const FEED_LATIN_NAME = /^[A-Za-z][A-Za-z .'-]*$/;
/** A decimal amount without thousands separators: "1234.5", "100000". Never a JSON number. */
const AMOUNT_TEXT = /^\d{1,13}(\.\d{1,2})?$/;

/** Reasons the importer gives beyond the form keys. */
export const FEED_REJECT_KEYS = [
  'unknown_agent',
  'unknown_agency',
  'duplicate',
  'malformed_json',
  'not_an_object',
  'store_failed',
] as const;
export type FeedRejectKey = FormErrorKey | (typeof FEED_REJECT_KEYS)[number];

const KNOWN_KEYS = new Set<string>(FORM_ERROR_KEYS);

/** The report key of a zod issue from these schemas. */
export function feedIssueKey(issue: { code: string; message: string; input?: unknown }): FormErrorKey {
  if (KNOWN_KEYS.has(issue.message)) return issue.message as FormErrorKey;
  if (issue.code === 'invalid_type' && (issue.input === undefined || issue.input === null)) return 'required';
  if (issue.code === 'too_big') return 'max';
  if (issue.code === 'too_small') return 'min';
  return 'invalid';
}

// ---- field schemas -------------------------------------------------------------------------

function text(options: { max: number; pattern?: RegExp; required?: boolean }) {
  const base = z
    .string({ error: typeError })
    .trim()
    .superRefine((value, ctx) => {
      if (value === '') {
        if (options.required) addKeyIssue(ctx, 'required');
        return;
      }
      if (value.length > options.max) addKeyIssue(ctx, 'maxlength');
      else if (options.pattern && !options.pattern.test(value)) addKeyIssue(ctx, 'pattern');
    });
  return base;
}

const requiredText = (max: number, pattern?: RegExp) => text({ max, required: true, ...(pattern ? { pattern } : {}) });

/** Optional text: absent, null or blank -> null. */
const optionalText = (max: number, pattern?: RegExp) =>
  text({ max, ...(pattern ? { pattern } : {}) })
    .nullish()
    .transform((value) => (value === undefined || value === null || value === '' ? null : value));

function checkIsoDate(value: string): string | null {
  const date = parseCalendarDate(value);
  if (!date || date.year < DATE_YEAR_MIN || date.year > DATE_YEAR_MAX) return null;
  return toIsoDate(date);
}

/** A date: YYYY-MM-DD (DD/MM/YYYY also read); outputs YYYY-MM-DD. */
const feedDate = z.string({ error: typeError }).transform((value, ctx) => {
  if (isEmpty(value)) {
    addKeyIssue(ctx, 'required');
    return z.NEVER;
  }
  const iso = checkIsoDate(value);
  if (iso === null) {
    addKeyIssue(ctx, 'invalid');
    return z.NEVER;
  }
  return iso;
});

const optionalFeedDate = z
  .string({ error: typeError })
  .nullish()
  .transform((value, ctx) => {
    if (value === undefined || value === null || isEmpty(value)) return null;
    const iso = checkIsoDate(value);
    if (iso === null) {
      addKeyIssue(ctx, 'invalid');
      return z.NEVER;
    }
    return iso;
  });

/** An amount as text; converted to minor units by the policy, which knows the currency. */
const amountText = z
  .string({ error: typeError })
  .trim()
  .superRefine((value, ctx) => {
    if (value === '') addKeyIssue(ctx, 'required');
    else if (!AMOUNT_TEXT.test(value)) addKeyIssue(ctx, 'pattern');
  });
const optionalAmountText = amountText.nullish().transform((value) => value ?? null);

const years = z.number({ error: typeError }).int({ error: 'invalid' }).min(1, { error: 'min' }).max(100, { error: 'max' });
const optionalYears = years.nullish().transform((value) => value ?? null);

const phone = z
  .string({ error: typeError })
  .nullish()
  .transform((value, ctx) => {
    if (value === undefined || value === null || isEmpty(value)) return null;
    const e164 = normalisePhone(value);
    if (e164 === null) {
      addKeyIssue(ctx, 'pattern');
      return z.NEVER;
    }
    return e164;
  });

const listOf = <T extends z.ZodType>(item: T, max: number) =>
  z
    .array(item, { error: typeError })
    .max(max, { error: 'max' })
    .nullish()
    .transform((value) => value ?? []);

const nameFields = {
  firstName: requiredText(50, FEED_LATIN_NAME),
  lastName: requiredText(50, FEED_LATIN_NAME),
  firstNameKh: optionalText(50, PATTERNS.khmerLetters),
  lastNameKh: optionalText(50, PATTERNS.khmerLetters),
};

// ---- record parts --------------------------------------------------------------------------

export const feedClientSchema = z.object({
  linkType: z.enum(LINK_TYPES, { error: typeError }),
  ...nameFields,
  gender: z.enum(GENDERS, { error: typeError }),
  dateOfBirth: feedDate,
  idType: z
    .enum(IDENTIFICATION_TYPES, { error: typeError })
    .nullish()
    .transform((v) => v ?? null),
  idNumber: optionalText(30, /^[A-Za-z0-9/-]+$/),
  phone,
  email: optionalText(64, /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/),
  occupation: optionalText(50),
  address: optionalText(300),
});

export const feedBeneficiarySchema = z.object({
  priority: z.enum(PRIORITIES, { error: typeError }),
  ...nameFields,
  relationship: requiredText(2, RELATIONSHIP_CODE_PATTERN),
  /** Percent of the benefit, up to two decimals; the shares of one priority add up to 100. */
  shareBenifit: z
    .number({ error: typeError })
    .gt(0, { error: 'min' })
    .max(100, { error: 'max' })
    .refine((v) => Number.isInteger(Math.round(v * 100)) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-9, { error: 'pattern' }),
  gender: z
    .enum(GENDERS, { error: typeError })
    .nullish()
    .transform((v) => v ?? null),
  dateOfBirth: optionalFeedDate,
});

export const feedCoverageSchema = z.object({
  coverageType: z.enum(COVERAGE_TYPES_LIST, { error: typeError }),
  productCode: requiredText(10, FEED_PRODUCT_CODE_PATTERN),
  planKey: optionalText(20, FEED_PLAN_KEY_PATTERN),
  faceAmount: amountText,
  premium: amountText,
  term: optionalYears,
  premiumTerm: optionalYears,
  startDate: optionalFeedDate,
  endDate: optionalFeedDate,
});

export const feedValueSchema = z.object({
  policyYear: years,
  cashValue: amountText,
  surrenderValue: amountText,
  paidUpValue: amountText,
});

export const feedPaymentSchema = z
  .object({
    paymentDate: feedDate,
    amount: amountText,
    /** The currency it was paid in; defaults to the policy's. */
    currency: z
      .enum(CURRENCY_CODES, { error: typeError })
      .nullish()
      .transform((v) => v ?? null),
    paymentType: z.enum(PAYMENT_TYPES_LIST, { error: typeError }),
    bankCode: optionalText(3, /^\d{3}$/),
    reference: optionalText(50),
    sourcePolicyNumber: optionalText(20, POLICY_NUMBER_PATTERN),
    periodFrom: optionalFeedDate,
    periodTo: optionalFeedDate,
  })
  .superRefine((payment, ctx) => {
    const bank = isBankPayment(payment.paymentType as PaymentType);
    if (bank && payment.bankCode === null) addKeyIssue(ctx, 'required', ['bankCode']);
    if (!bank && payment.bankCode !== null) addKeyIssue(ctx, 'invalid', ['bankCode']);
    if (payment.paymentType === 'PTPP' && payment.sourcePolicyNumber === null) addKeyIssue(ctx, 'required', ['sourcePolicyNumber']);
    if (payment.periodFrom && payment.periodTo && payment.periodTo < payment.periodFrom) addKeyIssue(ctx, 'invalid', ['periodTo']);
  });

export const feedClaimSchema = z.object({
  claimNumber: requiredText(30, /^[A-Za-z0-9-]+$/),
  claimType: z.enum(CLAIM_TYPES, { error: typeError }),
  status: z.enum(CLAIM_STATUSES, { error: typeError }),
  eventDate: optionalFeedDate,
  submittedDate: feedDate,
  decisionDate: optionalFeedDate,
  claimedAmount: amountText,
  paidAmount: optionalAmountText,
});

export const feedMilestoneSchema = z.object({
  date: feedDate,
  descriptionEn: requiredText(140),
  descriptionKm: requiredText(140),
});

export const feedPendingSchema = z.object({
  code: requiredText(20, PENDING_CODE_PATTERN),
  descriptionEn: requiredText(300),
  descriptionKm: requiredText(300),
  requestedDate: feedDate,
  dueDate: optionalFeedDate,
  status: z
    .enum(FEED_PENDING_STATUSES, { error: typeError })
    .nullish()
    .transform((v) => v ?? 'outstanding'),
});

export const feedIssuanceSchema = z.object({
  applicationNumber: optionalText(30),
  proposalNumber: optionalText(30),
  submissionDate: optionalFeedDate,
  approvalDate: optionalFeedDate,
  issuingOffice: optionalText(140),
  underwritingDecision: optionalText(50),
});

/** Who sold the policy: the portal username or the agent code (one of them). */
export const feedAgentSchema = z
  .object({
    username: optionalText(64),
    agentCode: optionalText(20),
  })
  .superRefine((agent, ctx) => {
    if (agent.username === null && agent.agentCode === null) addKeyIssue(ctx, 'required', ['username']);
  });

function amountIssue(value: string, currency: CurrencyCode): FormErrorKey | number {
  const decimals = CURRENCIES[currency].decimals;
  // Whole riel: "1000.50" is not a KHR amount.
  if (decimals === 0 && value.includes('.') && !/\.0{1,2}$/.test(value)) return 'pattern';
  const minor = parseDecimalToMinor(value, decimals);
  return minor === null ? 'pattern' : minor;
}

/** Counts occurrences of each key. */
function duplicates<T>(items: readonly T[], key: (item: T) => string): Set<number> {
  const seen = new Map<string, number>();
  const dupes = new Set<number>();
  items.forEach((item, index) => {
    const k = key(item);
    if (seen.has(k)) dupes.add(index);
    else seen.set(k, index);
  });
  return dupes;
}

const feedPolicyShape = z.object({
  policyNumber: z
    .string({ error: typeError })
    .trim()
    .toUpperCase()
    .superRefine((value, ctx) => {
      if (value === '') addKeyIssue(ctx, 'required');
      else if (value.length > 20) addKeyIssue(ctx, 'maxlength');
      else if (!POLICY_NUMBER_PATTERN.test(value)) addKeyIssue(ctx, 'pattern');
    }),
  productCode: requiredText(10, FEED_PRODUCT_CODE_PATTERN),
  planKey: optionalText(20, FEED_PLAN_KEY_PATTERN),
  status: z.enum(POLICY_STATUSES, { error: typeError }),
  statusDate: feedDate,
  /** Grace only: the day the policy lapses unless the premium is paid. */
  graceEndDate: optionalFeedDate,
  issueDate: feedDate,
  effectiveDate: feedDate,
  paidToDate: optionalFeedDate,
  maturityDate: optionalFeedDate,
  premiumMode: z.enum(PREMIUM_MODES, { error: typeError }),
  modalPremium: amountText,
  currency: z.enum(CURRENCY_CODES, { error: typeError }),
  sumAssured: amountText,
  policyTerm: optionalYears,
  premiumTerm: optionalYears,
  agent: feedAgentSchema,
  /** The servicing agency; defaults to the agent's. */
  agencyCode: optionalText(20),
  deliveryStatus: z
    .enum(DELIVERY_STATUSES, { error: typeError })
    .nullish()
    .transform((v) => v ?? 'pending'),
  deliveryStatusDate: optionalFeedDate,
  issuance: feedIssuanceSchema.nullish().transform((v) => v ?? null),
  clients: z.array(feedClientSchema, { error: typeError }).min(1, { error: 'required' }).max(FEED_LIMITS.clients, { error: 'max' }),
  beneficiaries: listOf(feedBeneficiarySchema, FEED_LIMITS.beneficiaries),
  coverages: z.array(feedCoverageSchema, { error: typeError }).min(1, { error: 'required' }).max(FEED_LIMITS.coverages, { error: 'max' }),
  values: listOf(feedValueSchema, FEED_LIMITS.values),
  payments: listOf(feedPaymentSchema, FEED_LIMITS.payments),
  claims: listOf(feedClaimSchema, FEED_LIMITS.claims),
  milestones: listOf(feedMilestoneSchema, FEED_LIMITS.milestones),
  pending: listOf(feedPendingSchema, FEED_LIMITS.pending),
});

type Parsed = z.output<typeof feedPolicyShape>;
type Amounts<T, K extends keyof T> = Omit<T, K> & Record<K, number>;

/** A checked policy record: amounts in minor units of the policy's (or the payment's) currency. */
export interface FeedPolicy extends Omit<Parsed, 'modalPremium' | 'sumAssured' | 'coverages' | 'values' | 'payments' | 'claims'> {
  modalPremium: number;
  sumAssured: number;
  coverages: Amounts<Parsed['coverages'][number], 'faceAmount' | 'premium'>[];
  values: Amounts<Parsed['values'][number], 'cashValue' | 'surrenderValue' | 'paidUpValue'>[];
  payments: (Amounts<Omit<Parsed['payments'][number], 'currency'>, 'amount'> & { currency: CurrencyCode })[];
  claims: (Omit<Parsed['claims'][number], 'claimedAmount' | 'paidAmount'> & { claimedAmount: number; paidAmount: number | null })[];
}

/** One policy record of the feed (see the file comment). */
export const feedPolicySchema = feedPolicyShape.transform((p, ctx): FeedPolicy => {
  const minor = (value: string, currency: CurrencyCode, path: PropertyKey[]): number => {
    const result = amountIssue(value, currency);
    if (typeof result === 'number') return result;
    addKeyIssue(ctx, result, path);
    return 0;
  };
  const cur = p.currency;

  // Cross-field rules.
  const owners = p.clients.filter((c) => c.linkType === 'O').length;
  const insureds = p.clients.filter((c) => c.linkType === 'I').length;
  if (owners !== 1) addKeyIssue(ctx, owners === 0 ? 'required' : 'invalid', ['clients', 'O']);
  if (insureds !== 1) addKeyIssue(ctx, insureds === 0 ? 'required' : 'invalid', ['clients', 'I']);
  if (p.clients.filter((c) => c.linkType === 'P').length > 1) addKeyIssue(ctx, 'invalid', ['clients', 'P']);
  const bases = p.coverages.filter((c) => c.coverageType === 'B').length;
  if (bases !== 1) addKeyIssue(ctx, bases === 0 ? 'required' : 'invalid', ['coverages', 'B']);
  if (p.status === 'Grace' && p.graceEndDate === null) addKeyIssue(ctx, 'required', ['graceEndDate']);
  if (p.premiumMode !== 'singlePremium' && p.status !== 'Lapsed' && p.paidToDate === null) addKeyIssue(ctx, 'required', ['paidToDate']);
  if (p.maturityDate !== null && p.maturityDate <= p.effectiveDate) addKeyIssue(ctx, 'invalid', ['maturityDate']);
  for (const priority of PRIORITIES) {
    const shares = p.beneficiaries.filter((b) => b.priority === priority);
    if (shares.length === 0) continue;
    const total = shares.reduce((sum, b) => sum + Math.round(b.shareBenifit * 100), 0);
    if (total !== 100_00) addKeyIssue(ctx, 'numbericRange', ['beneficiaries', priority, 'shareBenifit']);
  }
  for (const index of duplicates(p.values, (v) => String(v.policyYear))) addKeyIssue(ctx, 'invalid', ['values', index, 'policyYear']);
  for (const index of duplicates(p.claims, (c) => c.claimNumber)) addKeyIssue(ctx, 'invalid', ['claims', index, 'claimNumber']);
  for (const index of duplicates(p.pending, (r) => r.code)) addKeyIssue(ctx, 'invalid', ['pending', index, 'code']);

  return {
    ...p,
    modalPremium: minor(p.modalPremium, cur, ['modalPremium']),
    sumAssured: minor(p.sumAssured, cur, ['sumAssured']),
    coverages: p.coverages.map((c, i) => ({
      ...c,
      faceAmount: minor(c.faceAmount, cur, ['coverages', i, 'faceAmount']),
      premium: minor(c.premium, cur, ['coverages', i, 'premium']),
    })),
    values: p.values.map((v, i) => ({
      ...v,
      cashValue: minor(v.cashValue, cur, ['values', i, 'cashValue']),
      surrenderValue: minor(v.surrenderValue, cur, ['values', i, 'surrenderValue']),
      paidUpValue: minor(v.paidUpValue, cur, ['values', i, 'paidUpValue']),
    })),
    payments: p.payments.map((pay, i) => {
      const currency = pay.currency ?? cur;
      return { ...pay, currency, amount: minor(pay.amount, currency, ['payments', i, 'amount']) };
    }),
    claims: p.claims.map((c, i) => ({
      ...c,
      claimedAmount: minor(c.claimedAmount, cur, ['claims', i, 'claimedAmount']),
      paidAmount: c.paidAmount === null ? null : minor(c.paidAmount, cur, ['claims', i, 'paidAmount']),
    })),
  };
});
export type FeedPolicyInput = z.input<typeof feedPolicySchema>;

/** The header of a feed (a whole document has `policies` too; an NDJSON feed may start with it). */
export const feedHeaderSchema = z.object({
  format: z.literal(POLICY_FEED_FORMAT, { error: 'invalid' }),
  version: z.literal(POLICY_FEED_VERSION, { error: 'invalid' }),
  /** The day the core system extracted the feed. */
  asOf: feedDate.optional(),
  source: z.string().max(100).optional(),
});
export type FeedHeader = z.output<typeof feedHeaderSchema>;

/** One rejected record of an import. `index` is the record's position (0-based; the line number - 1 in NDJSON). */
export const feedRejectionSchema = z.object({
  index: z.number().int(),
  policyNumber: z.string().nullable(),
  field: z.string(),
  key: z.string(),
});
export type FeedRejection = z.infer<typeof feedRejectionSchema>;

/** What an import did: records read, policies inserted/updated/unchanged, and every rejected record's reasons. */
export const feedImportReportSchema = z.object({
  asOf: z.string().nullable(),
  read: z.number().int(),
  inserted: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  rejected: z.number().int(),
  rejections: z.array(feedRejectionSchema),
});
export type FeedImportReport = z.infer<typeof feedImportReportSchema>;
