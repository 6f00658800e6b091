/**
 * Which supporting document groups (spec §3 ids) an application needs, derived from the product,
 * the answers and the referral. ASSUMPTIONS (the spec lists the groups, not when each is needed):
 * - `insured-id` always; `owner-id` when the owner is another person;
 * - `consent-form` when the life insured is a child (the guardian consents);
 * - `medical-doc` / `medical-doc-owner` when that person answers Y to a question that asks for
 *   medical documents (codes/health-questions.ts);
 * - `bank-staff-case` when the case is bank-referred (a referrer of classification 1 or 2);
 * - `receipt-form` when the premium is paid through a bank (CDB, CHQ);
 * - `finance-proof` for a larger amount (face amount of 20001 or more, spec §9).
 * The other groups are optional.
 */
import { ANSWER_SEQUENCE_LIFE_INSURED, ANSWER_SEQUENCE_POLICY_OWNER, healthQuestion } from '../codes/health-questions';
import { isBankPayment, isPaymentType } from '../codes/payment-types';
import { isBankReferrer, isReferrerCode } from '../codes/referrers';
import type { SupportingDocumentId } from '../codes/supporting-documents';
import { LARGER_AMOUNT_THRESHOLD } from '../constants/product-limits';
import { isChildInsured, type ApplicationFacts, type RuleOptions } from './application-facts';

function answeredYesNeedingDocs(facts: ApplicationFacts, sequence: number): boolean {
  return (facts.steps.healthInfo.answers ?? []).some(
    (a) => a.answerSequenceNo === sequence && a.answerValue === 'Y' && healthQuestion(a.questionNumber)?.medicalDocumentOnYes === true,
  );
}

export function requiredDocumentGroups(facts: ApplicationFacts, options: RuleOptions = {}): SupportingDocumentId[] {
  const { personalInfo, productInfo, advisorStatement } = facts.steps;
  const groups: SupportingDocumentId[] = ['insured-id'];
  const separateOwner = personalInfo.ownerIsInsured !== true;
  if (separateOwner) groups.push('owner-id');
  if (isChildInsured(facts.steps, options)) groups.push('consent-form');
  if (answeredYesNeedingDocs(facts, ANSWER_SEQUENCE_LIFE_INSURED)) groups.push('medical-doc');
  if (separateOwner && answeredYesNeedingDocs(facts, ANSWER_SEQUENCE_POLICY_OWNER)) groups.push('medical-doc-owner');
  if (isReferrerCode(advisorStatement.referrerCode) && isBankReferrer(advisorStatement.referrerCode)) groups.push('bank-staff-case');
  if (isPaymentType(productInfo.paymentType) && isBankPayment(productInfo.paymentType)) groups.push('receipt-form');
  const face = Number(facts.product?.faceAmount ?? '0');
  if (Number.isFinite(face) && face >= LARGER_AMOUNT_THRESHOLD) groups.push('finance-proof');
  return groups;
}
