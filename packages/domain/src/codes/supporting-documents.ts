/**
 * Supporting document ids of spec §3 (wizard step 5) and the document codes each group lists.
 * ASSUMPTION: the spec names the groups and the document kinds but not which kind goes in which
 * group; the mapping below is ours and is meant to be adjusted as the business confirms it.
 */
import type { DocumentTypeCode } from './document-types';
import { IDENTITY_DOCUMENT_CODES } from './document-types';

export const SUPPORTING_DOCUMENT_IDS = [
  'insured-id',
  'owner-id',
  'consent-form',
  'medical-doc',
  'medical-doc-owner',
  'k-y-c-proof',
  'receipt-form',
  'bank-staff-case',
  'insurance-advisor-statement',
  'finance-proof',
  'application-form',
  'is-report',
  'proposal-form',
] as const;
export type SupportingDocumentId = (typeof SUPPORTING_DOCUMENT_IDS)[number];

const IDENTITY_GROUP: readonly DocumentTypeCode[] = [...IDENTITY_DOCUMENT_CODES, 'NATIONAL_ID_BACK'];

export const SUPPORTING_DOCUMENT_GROUPS: Readonly<Record<SupportingDocumentId, readonly DocumentTypeCode[]>> = {
  'insured-id': IDENTITY_GROUP,
  'owner-id': IDENTITY_GROUP,
  'consent-form': ['CONSENT_FORM'],
  'medical-doc': ['MEDICAL_DOCUMENT'],
  'medical-doc-owner': ['MEDICAL_DOCUMENT'],
  'k-y-c-proof': [
    'FAMILY_BOOK',
    'RESIDENTIAL_BOOK',
    'MOTORCYCLE_REGISTRATION',
    'CAR_REGISTRATION',
    'MARRIAGE_CERTIFICATE',
    'IDENTITY_CERTIFICATION_LETTER',
    'COVER_LETTER',
    'BIQ_FORM',
  ],
  'receipt-form': ['RECEIPT', 'STANDING_ORDER', 'OTHER_PAYMENT_PROOF'],
  'bank-staff-case': ['BANK_STAFF_CASE'],
  'insurance-advisor-statement': ['ADVISOR_STATEMENT'],
  'finance-proof': ['FINANCE_PROOF', 'FINANCIAL_QUESTIONNAIRE', 'PATENT', 'NB_ENDORSEMENT', 'NB_SUPPORTING_DOCUMENT'],
  'application-form': ['APPLICATION_FORM'],
  'is-report': ['IS_REPORT'],
  'proposal-form': ['PROPOSAL_FORM'],
};

export function isSupportingDocumentId(value: unknown): value is SupportingDocumentId {
  return typeof value === 'string' && (SUPPORTING_DOCUMENT_IDS as readonly string[]).includes(value);
}

/** Whether a document code may be uploaded into a group. */
export function isDocumentAllowedInGroup(group: SupportingDocumentId, code: DocumentTypeCode): boolean {
  return SUPPORTING_DOCUMENT_GROUPS[group].includes(code);
}
