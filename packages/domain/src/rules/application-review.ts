/**
 * The "in good order" review before submission: everything still missing or inconsistent across
 * steps 0-5 (required documents, expired IDs, beneficiary shares, unsigned declarations, …), each
 * item naming the step and the field to fix, so the wizard links to it. One pure function: the
 * review screen shows it, and the server refuses a submission while it is not empty.
 */
import type { WizardStepIndex, WizardStepName } from '../codes/wizard-steps';
import { LAST_WIZARD_STEP, WIZARD_STEPS } from '../codes/wizard-steps';
import type { ApplicationFacts, RuleOptions } from './application-facts';
import { stepIssues } from './application-steps';

export type ReviewCategory = 'document' | 'expiredId' | 'beneficiaryShares' | 'signature' | 'field';

export interface ReviewItem {
  step: WizardStepIndex;
  stepName: WizardStepName;
  /** Field path within the step's data (`lifeInsured.idNumber`, `documents.owner-id`). */
  field: string;
  /** A form or document error key. */
  key: string;
  category: ReviewCategory;
}

function categoryOf(field: string, key: string): ReviewCategory {
  if (field.startsWith('beneficiaryShares') || (field === 'beneficiaries' && key === 'required')) return 'beneficiaryShares';
  if (field.startsWith('signatures.')) return 'signature';
  if (key === 'min' && /(idExpiryDate|expiredDate)$/.test(field)) return 'expiredId';
  if (field.startsWith('documents.')) return 'document';
  return 'field';
}

/** Every open item, in step order; empty when the application is in good order. */
export function reviewApplication(facts: ApplicationFacts, options: RuleOptions = {}): ReviewItem[] {
  return WIZARD_STEPS.filter((step) => step.index < LAST_WIZARD_STEP).flatMap((step) =>
    stepIssues(step.name, facts, options).map((issue) => ({
      step: step.index,
      stepName: step.name,
      field: issue.field,
      key: issue.key,
      category: categoryOf(issue.field, issue.key),
    })),
  );
}

export function isInGoodOrder(facts: ApplicationFacts, options: RuleOptions = {}): boolean {
  return reviewApplication(facts, options).length === 0;
}
