/**
 * What the application rules read (rules/application-steps.ts, required-documents.ts,
 * application-review.ts): the steps' stored data, the product from the proposal and the uploaded
 * documents. Plus the facts several rules derive from them.
 */
import type { SupportingDocumentId } from '../codes/supporting-documents';
import type { ApplicationStepData, SignatureParty } from '../contracts/applications/application-steps';
import type { Clock } from '../format/date';
import { ageLastBirthday, AGE_LIMITS } from './ages';
import { checkDate } from './dates';
import { isEmpty } from './generic';

/** One uploaded supporting document, as the rules see it. */
export interface DocumentFacts {
  groupId: SupportingDocumentId | string;
  documentCode: string;
  idNumber: string | null;
  expiredDate: string | null;
  hasFile: boolean;
}

export interface ApplicationFacts {
  steps: ApplicationStepData;
  /** From the proposal; null when unknown. */
  product: { productCode: string; faceAmount: string } | null;
  documents: readonly DocumentFacts[];
  /** Signers whose remote signature (made on their own phone, decision 014) matches the application as it is. */
  remoteSigned?: readonly SignatureParty[];
}

export interface RuleOptions {
  now?: Clock;
}

/** The ISO date of an input (DD/MM/YYYY or YYYY-MM-DD), or null. */
export function isoOf(value: string | null | undefined): string | null {
  if (isEmpty(value)) return null;
  const result = checkDate(value as string);
  return result.ok ? result.iso : null;
}

/** Age of the life insured today, or null when the date of birth is not (yet) a date. */
export function lifeInsuredAge(steps: ApplicationStepData, options: RuleOptions = {}): number | null {
  const iso = isoOf(steps.personalInfo.lifeInsured?.dateOfBirth);
  return iso === null ? null : ageLastBirthday(iso, options.now);
}

export function isChildInsured(steps: ApplicationStepData, options: RuleOptions = {}): boolean {
  const age = lifeInsuredAge(steps, options);
  return age !== null && age < AGE_LIMITS.adultAge;
}
