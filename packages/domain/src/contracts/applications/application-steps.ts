/**
 * What each wizard step stores (spec §2: seven steps, each with a completion flag). A step is
 * saved as a DRAFT while the user types and when they leave it, so its stored shape is loose:
 * every field optional, text bounded. Whether a step may be marked complete is decided by the
 * step rules (rules/application-steps.ts), which the form and the server share.
 *
 * Values are kept as typed (dates DD/MM/YYYY or YYYY-MM-DD, phones as dialled) so a reopened form
 * shows exactly what was entered.
 */
import * as z from 'zod';

/** Longest stored draft text: the longest character limit of spec §9 (300). */
const text = z.string().max(300).optional();
const flag = z.boolean().nullish();

export const personDraftSchema = z.object({
  firstName: text,
  lastName: text,
  firstNameKh: text,
  lastNameKh: text,
  gender: text,
  dateOfBirth: text,
  idType: text,
  idNumber: text,
  idExpiryDate: text,
  phone: text,
  email: text,
  occupation: text,
  address: text,
});
export type PersonDraft = z.infer<typeof personDraftSchema>;

export const beneficiaryDraftSchema = z.object({
  firstName: text,
  lastName: text,
  gender: text,
  dateOfBirth: text,
  relationshipCode: text,
  /** p primary, s secondary (spec §3). */
  priority: text,
  /** Percent of the benefit, a whole number 1-100 (spec §3 spelling). */
  shareBenifit: text,
});
export type BeneficiaryDraft = z.infer<typeof beneficiaryDraftSchema>;

/** Most beneficiaries on one application. */
export const BENEFICIARIES_MAX = 10;

/** Step 0: the life insured, the policy owner and the payor (client link types I, O, P), beneficiaries. */
export const personalInfoDraftSchema = z.object({
  /** The owner is the life insured (then `policyOwner` is not asked). */
  ownerIsInsured: flag,
  /** The payor is the policy owner (then `payor` is not asked). */
  payorIsOwner: flag,
  lifeInsured: personDraftSchema.optional(),
  policyOwner: personDraftSchema.optional(),
  payor: personDraftSchema.optional(),
  /** The owner's relationship to the life insured (08 father, 51 mother, …). */
  relationshipCode: text,
  beneficiaries: z.array(beneficiaryDraftSchema).max(BENEFICIARIES_MAX).optional(),
});
export type PersonalInfoDraft = z.infer<typeof personalInfoDraftSchema>;

/** Step 1: the product comes from the proposal (read-only); the user picks how premiums are paid. */
export const productInfoDraftSchema = z.object({
  paymentType: text,
  /** The bank for a bank payment (premium bank code 005 is a bank). */
  premiumBankCode: text,
  /** The advisor has gone through the product and premium with the customer. */
  confirmed: flag,
});
export type ProductInfoDraft = z.infer<typeof productInfoDraftSchema>;

export const healthAnswerDraftSchema = z.object({
  questionNumber: z.number().int().min(1).max(99),
  /** 1 the life insured, 2 the policy owner. */
  answerSequenceNo: z.number().int().min(1).max(2),
  answerValue: text,
  answerDescription: text,
});
export type HealthAnswerDraft = z.infer<typeof healthAnswerDraftSchema>;

/** Step 2: the health questionnaire. */
export const healthInfoDraftSchema = z.object({
  answers: z.array(healthAnswerDraftSchema).max(40).optional(),
});
export type HealthInfoDraft = z.infer<typeof healthInfoDraftSchema>;

export const SIGNATURE_METHODS = ['drawn', 'typed'] as const;
/** Largest drawn signature image (a PNG data URL), in characters. */
export const SIGNATURE_IMAGE_MAX_LENGTH = 200_000;
export const SIGNATURE_IMAGE_PREFIX = 'data:image/png;base64,';
/**
 * The pixel sizes a drawn signature may have (the pad draws 480 x 160). The server decodes every
 * drawn signature as a PNG and refuses (422 `invalid`) one that is not a real PNG of these sizes.
 */
export const SIGNATURE_IMAGE_MIN_WIDTH = 16;
export const SIGNATURE_IMAGE_MIN_HEIGHT = 16;
export const SIGNATURE_IMAGE_MAX_WIDTH = 2000;
export const SIGNATURE_IMAGE_MAX_HEIGHT = 1000;

export const signatureSchema = z.object({
  /** Drawn on screen (finger, pen or mouse) or, as the keyboard alternative, the name typed. */
  method: z.enum(SIGNATURE_METHODS),
  image: z
    .string()
    .max(SIGNATURE_IMAGE_MAX_LENGTH)
    .refine(
      (value) => value.startsWith(SIGNATURE_IMAGE_PREFIX) && /^[A-Za-z0-9+/=]*$/.test(value.slice(SIGNATURE_IMAGE_PREFIX.length)),
      'invalid',
    )
    .optional(),
  typedName: text,
  /** Who signed: for the life insured, a guardian when the insured is a child. */
  signerName: text,
  /** Date-time the signature was made (ISO). */
  signedAt: text,
});
export type Signature = z.infer<typeof signatureSchema>;

export const SIGNATURE_PARTIES = ['policyOwner', 'lifeInsured', 'advisor'] as const;
export type SignatureParty = (typeof SIGNATURE_PARTIES)[number];

/** Step 3: the declaration and authorization, agreed and signed. */
export const declarationDraftSchema = z.object({
  agreed: flag,
  signatures: z
    .object({
      policyOwner: signatureSchema.nullish(),
      lifeInsured: signatureSchema.nullish(),
      advisor: signatureSchema.nullish(),
    })
    .optional(),
});
export type DeclarationDraft = z.infer<typeof declarationDraftSchema>;

/** Step 4: the insurance-advisor statement with the referral form and the credential form (spec §3). */
export const advisorStatementDraftSchema = z.object({
  referrerCode: text,
  isBankReferal: flag,
  bank: text,
  department: text,
  referrer: text,
  isSupervisor: flag,
  supervisor: text,
  referralDate: text,
  employeeId: text,
  employeeIdConfirmed: text,
  /** The advisor states they met the customer and explained the product. */
  statementAgreed: flag,
});
export type AdvisorStatementDraft = z.infer<typeof advisorStatementDraftSchema>;

/** Step 5 keeps its documents as upload records (documents call); step 6 is the submission. */
export const supportingDocumentsDraftSchema = z.object({});
export const submissionDraftSchema = z.object({});

export const STEP_DRAFT_SCHEMAS = {
  personalInfo: personalInfoDraftSchema,
  productInfo: productInfoDraftSchema,
  healthInfo: healthInfoDraftSchema,
  declarationAuthorization: declarationDraftSchema,
  advisorStatement: advisorStatementDraftSchema,
  supportingDocuments: supportingDocumentsDraftSchema,
  submission: submissionDraftSchema,
} as const;

/** Every step's stored data. */
export const applicationStepDataSchema = z.object({
  personalInfo: personalInfoDraftSchema,
  productInfo: productInfoDraftSchema,
  healthInfo: healthInfoDraftSchema,
  declarationAuthorization: declarationDraftSchema,
  advisorStatement: advisorStatementDraftSchema,
});
export type ApplicationStepData = z.infer<typeof applicationStepDataSchema>;

export function emptyStepData(): ApplicationStepData {
  return { personalInfo: {}, productInfo: {}, healthInfo: {}, declarationAuthorization: {}, advisorStatement: {} };
}
