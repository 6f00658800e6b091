/**
 * The rules a wizard step must pass before it may be marked complete (spec §2, §3, §5). One pure
 * function per step over the whole application state, shared by the wizard (it shows the issues)
 * and the server (it answers 422 naming the fields). Field paths are relative to the step's data
 * (`lifeInsured.idNumber`, `beneficiaries.0.shareBenifit`), documents are
 * `documents.<group>` / `documents.<group>.<n>.<field>`.
 *
 * Readings (ASSUMPTIONS): the policy owner and payor phones are required (the insurer calls
 * them), the life insured's is optional; an ID of type 1, 2 or 4 carries an expiry date, and an
 * expired one is `min` on its expiry field; a child life insured (under 18) signs through a
 * guardian; the credential form (employeeId = employeeIdConfirmed) is the referring bank
 * employee's id, asked for bank-referred cases.
 */
import * as z from 'zod';
import { isBankPayment, isPaymentType, PREMIUM_BANK_CODE } from '../codes/payment-types';
import { BENEFICIARY_PRIORITY_CODES, GENDERS, RELATIONSHIP_CODE_PATTERN } from '../codes/client';
import { isBranchOf } from '../codes/bank-branches';
import {
  HEALTH_QUESTIONS,
  HEALTH_ANSWER_VALUES,
  ANSWER_SEQUENCE_LIFE_INSURED,
  ANSWER_SEQUENCE_POLICY_OWNER,
} from '../codes/health-questions';
import { ID_TYPE_BIRTH_CERTIFICATE, IDENTIFICATION_TYPES, type IdentificationType } from '../codes/identification-types';
import { bankCodeForReferrer, isBankReferrer, isReferrerCode } from '../codes/referrers';
import { isDocumentTypeCode } from '../codes/document-types';
import type { WizardStepName } from '../codes/wizard-steps';
import type {
  AdvisorStatementDraft,
  ApplicationStepData,
  DeclarationDraft,
  HealthInfoDraft,
  PersonDraft,
  PersonalInfoDraft,
  ProductInfoDraft,
  SignatureParty,
} from '../contracts/applications/application-steps';
import { contactPhoneSchema, khmerNameSchema, latinNameSchema } from '../contracts/contacts/contact-fields';
import type { FieldError } from '../errors/error-envelope';
import { toFieldErrors } from '../errors/field-errors';
import type { Clock } from '../format/date';
import { todayInPhnomPenh } from '../format/date';
import { isChildInsured, isoOf, type ApplicationFacts, type RuleOptions } from './application-facts';
import { requiredDocumentGroups } from './required-documents';
import { missingBankReferralFields } from './bank-referral';
import { beneficiaryShareIssues, isValidShare } from './beneficiary-shares';
import { checkDate } from './dates';
import { documentIssues } from './documents';
import { isEmpty, textIssue } from './generic';
import { identificationNumberIssue } from './identification';
import { emailSchema } from './email';
import { isUnmatched } from './must-match';
import { isPartySigned } from './declaration-signatures';

const personTextShape = {
  firstName: latinNameSchema,
  lastName: latinNameSchema,
  firstNameKh: khmerNameSchema,
  lastNameKh: khmerNameSchema,
  gender: z.enum(GENDERS, { error: (issue) => (isEmpty(issue.input) ? 'required' : 'invalid') }),
  occupation: z.string().max(50, { error: 'maxlength' }).optional(),
  address: z.string().max(300, { error: 'maxlength' }).optional(),
  email: emailSchema.optional(),
};

function prefixed(prefix: string, errors: readonly FieldError[]): FieldError[] {
  return errors.map((e) => ({ field: e.field ? `${prefix}.${e.field}` : prefix, key: e.key }));
}

function dateIssueAt(
  field: string,
  value: string | null | undefined,
  options: { required: boolean; notFuture?: boolean; now?: Clock },
): FieldError[] {
  if (isEmpty(value)) return options.required ? [{ field, key: 'required' }] : [];
  const result = checkDate(value as string, { notFuture: options.notFuture ?? false, ...(options.now ? { now: options.now } : {}) });
  return result.ok ? [] : [{ field, key: result.key }];
}

/** A person of step 0 (life insured I, owner O or payor P). */
export function personIssues(person: PersonDraft | undefined, options: RuleOptions & { phoneRequired: boolean }): FieldError[] {
  const p = person ?? {};
  const issues: FieldError[] = [];
  const parsed = z.object(personTextShape).safeParse({
    firstName: p.firstName ?? '',
    lastName: p.lastName ?? '',
    firstNameKh: p.firstNameKh,
    lastNameKh: p.lastNameKh,
    gender: p.gender ?? '',
    occupation: p.occupation,
    address: p.address,
    email: p.email,
  });
  if (!parsed.success) issues.push(...toFieldErrors(parsed.error));
  issues.push(
    ...dateIssueAt('dateOfBirth', p.dateOfBirth, { required: true, notFuture: true, ...(options.now ? { now: options.now } : {}) }),
  );
  if (isEmpty(p.idType)) issues.push({ field: 'idType', key: 'required' });
  else if (!(IDENTIFICATION_TYPES as readonly string[]).includes(p.idType as string)) issues.push({ field: 'idType', key: 'invalid' });
  else {
    const idType = p.idType as IdentificationType;
    if (isEmpty(p.idNumber)) issues.push({ field: 'idNumber', key: 'required' });
    else {
      const key = identificationNumberIssue(idType, (p.idNumber as string).trim());
      if (key) issues.push({ field: 'idNumber', key });
    }
    if (idType !== ID_TYPE_BIRTH_CERTIFICATE) {
      const expiry = dateIssueAt('idExpiryDate', p.idExpiryDate, { required: true });
      issues.push(...expiry);
      const iso = isoOf(p.idExpiryDate);
      if (expiry.length === 0 && iso !== null && iso < todayInPhnomPenh(options.now)) issues.push({ field: 'idExpiryDate', key: 'min' });
    }
  }
  if (options.phoneRequired || !isEmpty(p.phone)) {
    const phone = contactPhoneSchema.safeParse(p.phone ?? '');
    if (!phone.success) issues.push(...prefixed('phone', toFieldErrors(phone.error)));
  }
  return issues;
}

export function personalInfoIssues(data: PersonalInfoDraft, options: RuleOptions = {}): FieldError[] {
  const issues: FieldError[] = [];
  const ownerIsInsured = data.ownerIsInsured === true;
  const payorIsOwner = data.payorIsOwner === true;
  issues.push(...prefixed('lifeInsured', personIssues(data.lifeInsured, { ...options, phoneRequired: ownerIsInsured })));
  if (!ownerIsInsured) {
    issues.push(...prefixed('policyOwner', personIssues(data.policyOwner, { ...options, phoneRequired: true })));
    if (isEmpty(data.relationshipCode)) issues.push({ field: 'relationshipCode', key: 'required' });
    else if (!RELATIONSHIP_CODE_PATTERN.test(data.relationshipCode as string)) issues.push({ field: 'relationshipCode', key: 'pattern' });
  }
  if (!payorIsOwner) issues.push(...prefixed('payor', personIssues(data.payor, { ...options, phoneRequired: true })));
  const beneficiaries = data.beneficiaries ?? [];
  beneficiaries.forEach((b, i) => {
    const at = `beneficiaries.${i}`;
    for (const field of ['firstName', 'lastName'] as const) {
      const key = textIssue((b[field] ?? '').trim(), { required: true, maxLength: 50, pattern: /^[A-Za-z ]+$/ });
      if (key) issues.push({ field: `${at}.${field}`, key });
    }
    if (!(GENDERS as readonly string[]).includes(b.gender ?? ''))
      issues.push({ field: `${at}.gender`, key: isEmpty(b.gender) ? 'required' : 'invalid' });
    issues.push(
      ...dateIssueAt(`${at}.dateOfBirth`, b.dateOfBirth, { required: true, notFuture: true, ...(options.now ? { now: options.now } : {}) }),
    );
    if (isEmpty(b.relationshipCode)) issues.push({ field: `${at}.relationshipCode`, key: 'required' });
    else if (!RELATIONSHIP_CODE_PATTERN.test(b.relationshipCode as string))
      issues.push({ field: `${at}.relationshipCode`, key: 'pattern' });
    if (!(BENEFICIARY_PRIORITY_CODES as readonly string[]).includes(b.priority ?? ''))
      issues.push({ field: `${at}.priority`, key: isEmpty(b.priority) ? 'required' : 'invalid' });
    if (isEmpty(b.shareBenifit)) issues.push({ field: `${at}.shareBenifit`, key: 'required' });
    else if (!isValidShare(b.shareBenifit)) issues.push({ field: `${at}.shareBenifit`, key: 'numbericRange' });
  });
  issues.push(...beneficiaryShareIssues(beneficiaries));
  return issues;
}

export function productInfoIssues(data: ProductInfoDraft, product: ApplicationFacts['product']): FieldError[] {
  const issues: FieldError[] = [];
  if (!product) issues.push({ field: 'product', key: 'required' });
  if (isEmpty(data.paymentType)) issues.push({ field: 'paymentType', key: 'required' });
  else if (!isPaymentType(data.paymentType)) issues.push({ field: 'paymentType', key: 'invalid' });
  else if (isBankPayment(data.paymentType)) {
    if (isEmpty(data.premiumBankCode)) issues.push({ field: 'premiumBankCode', key: 'required' });
    else if (data.premiumBankCode !== PREMIUM_BANK_CODE) issues.push({ field: 'premiumBankCode', key: 'invalid' });
  }
  if (data.confirmed !== true) issues.push({ field: 'confirmed', key: 'required' });
  return issues;
}

/** The answer sequences asked: the life insured always, the owner when another person. */
export function answerSequences(steps: ApplicationStepData): number[] {
  return steps.personalInfo.ownerIsInsured === true
    ? [ANSWER_SEQUENCE_LIFE_INSURED]
    : [ANSWER_SEQUENCE_LIFE_INSURED, ANSWER_SEQUENCE_POLICY_OWNER];
}

export function healthInfoIssues(data: HealthInfoDraft, steps: ApplicationStepData): FieldError[] {
  const issues: FieldError[] = [];
  const answers = data.answers ?? [];
  for (const sequence of answerSequences(steps)) {
    for (const question of HEALTH_QUESTIONS) {
      const field = `answers.${sequence}.${question.questionNumber}`;
      const answer = answers.find((a) => a.questionNumber === question.questionNumber && a.answerSequenceNo === sequence);
      if (!answer || isEmpty(answer.answerValue)) issues.push({ field: `${field}.answerValue`, key: 'required' });
      else if (!(HEALTH_ANSWER_VALUES as readonly string[]).includes(answer.answerValue as string))
        issues.push({ field: `${field}.answerValue`, key: 'invalid' });
      else if (answer.answerValue === 'Y' && isEmpty(answer.answerDescription))
        issues.push({ field: `${field}.answerDescription`, key: 'required' });
    }
  }
  return issues;
}

/** The signatures the declaration needs: the owner's, the life insured's (or guardian's) unless the owner is the insured adult, and the advisor's. */
export function requiredSignatures(steps: ApplicationStepData, options: RuleOptions = {}): SignatureParty[] {
  const separateInsured = steps.personalInfo.ownerIsInsured !== true || isChildInsured(steps, options);
  return separateInsured ? ['policyOwner', 'lifeInsured', 'advisor'] : ['policyOwner', 'advisor'];
}

/** Every required signer signed, in person or remotely (declaration-signatures.ts). */
export function declarationIssues(
  data: DeclarationDraft,
  steps: ApplicationStepData,
  options: RuleOptions = {},
  remoteSigned: readonly SignatureParty[] = [],
): FieldError[] {
  const issues: FieldError[] = [];
  if (data.agreed !== true) issues.push({ field: 'agreed', key: 'required' });
  for (const party of requiredSignatures(steps, options)) {
    if (!isPartySigned(data, party, remoteSigned)) issues.push({ field: `signatures.${party}`, key: 'required' });
    else if (party === 'lifeInsured' && isChildInsured(steps, options) && isEmpty(data.signatures?.lifeInsured?.signerName)) {
      issues.push({ field: 'signatures.lifeInsured.signerName', key: 'required' });
    }
  }
  return issues;
}

export function advisorStatementIssues(data: AdvisorStatementDraft, options: RuleOptions = {}): FieldError[] {
  const issues: FieldError[] = [];
  if (isEmpty(data.referrerCode)) issues.push({ field: 'referrerCode', key: 'required' });
  else if (!isReferrerCode(data.referrerCode)) issues.push({ field: 'referrerCode', key: 'invalid' });
  else {
    const bankReferral = isBankReferrer(data.referrerCode);
    if ((data.isBankReferal === true) !== bankReferral) issues.push({ field: 'isBankReferal', key: 'invalid' });
    for (const field of missingBankReferralFields({ ...data, isBankReferal: bankReferral }))
      issues.push({ field, key: 'bankReferralValidator' });
    const bank = bankCodeForReferrer(data.referrerCode);
    if (bankReferral && bank) {
      if (!isEmpty(data.bank) && data.bank !== bank) issues.push({ field: 'bank', key: 'invalid' });
      if (!isEmpty(data.department) && !isBranchOf(bank, data.department as string)) issues.push({ field: 'department', key: 'invalid' });
      if (!isEmpty(data.referralDate))
        issues.push(
          ...dateIssueAt('referralDate', data.referralDate, {
            required: true,
            notFuture: true,
            ...(options.now ? { now: options.now } : {}),
          }),
        );
      const id = textIssue(data.employeeId ?? '', { required: true, maxLength: 13, noSpace: true });
      if (id) issues.push({ field: 'employeeId', key: id });
      if (isEmpty(data.employeeIdConfirmed)) issues.push({ field: 'employeeIdConfirmed', key: 'required' });
      else if (isUnmatched(data.employeeId, data.employeeIdConfirmed)) issues.push({ field: 'employeeIdConfirmed', key: 'unmatched' });
    }
  }
  if (data.statementAgreed !== true) issues.push({ field: 'statementAgreed', key: 'required' });
  return issues;
}

/** Documents: every required group has a file, and every document's fields fit its type (spec §5 messages); expired is `min`. */
export function supportingDocumentIssues(facts: ApplicationFacts, options: RuleOptions = {}): FieldError[] {
  const issues: FieldError[] = [];
  const today = todayInPhnomPenh(options.now);
  for (const group of requiredDocumentGroups(facts, options)) {
    if (!facts.documents.some((d) => d.groupId === group && d.hasFile))
      issues.push({ field: `documents.${group}`, key: 'document_file_required' });
  }
  const perGroup = new Map<string, number>();
  for (const doc of facts.documents) {
    const n = perGroup.get(doc.groupId) ?? 0;
    perGroup.set(doc.groupId, n + 1);
    if (!isDocumentTypeCode(doc.documentCode)) continue;
    const at = `documents.${doc.groupId}.${n}`;
    for (const issue of documentIssues({
      documentCode: doc.documentCode,
      idNumber: doc.idNumber,
      expiredDate: doc.expiredDate,
      file: doc.hasFile ? 'stored' : null,
    })) {
      issues.push({ field: `${at}.${issue.field}`, key: issue.key });
    }
    const expiry = isoOf(doc.expiredDate);
    if (expiry !== null && expiry < today) issues.push({ field: `${at}.expiredDate`, key: 'min' });
  }
  return issues;
}

/** Every issue of one step (empty: the step may be marked complete). Step 6 is the submission itself. */
export function stepIssues(step: WizardStepName, facts: ApplicationFacts, options: RuleOptions = {}): FieldError[] {
  const { steps } = facts;
  switch (step) {
    case 'personalInfo':
      return personalInfoIssues(steps.personalInfo, options);
    case 'productInfo':
      return productInfoIssues(steps.productInfo, facts.product);
    case 'healthInfo':
      return healthInfoIssues(steps.healthInfo, steps);
    case 'declarationAuthorization':
      return declarationIssues(steps.declarationAuthorization, steps, options, facts.remoteSigned);
    case 'advisorStatement':
      return advisorStatementIssues(steps.advisorStatement, options);
    case 'supportingDocuments':
      return supportingDocumentIssues(facts, options);
    case 'submission':
      return [];
  }
}
