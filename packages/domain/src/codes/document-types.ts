/**
 * Document type codes (`documentCode`). Spec §3 lists the kinds; the stable code strings are ours.
 * Each document in a group has the fields idNumber, expiredDate and file; `idType` says which
 * identification number rule (rules/identification.ts) checks its idNumber, and `needsExpiry`
 * whether expiredDate is asked for. A document without `idType` asks only for the file.
 *
 * ASSUMPTION: national ID (front), passport, non-permanent driving licence, civil servant or armed
 * forces ID and monk ID carry a number and an expiry; a birth certificate carries a number only;
 * the national ID back and all other documents carry only the file.
 */
import type { IdentificationType } from './identification-types';

interface DocumentTypeInfo {
  readonly description: string;
  readonly idType?: IdentificationType;
  readonly needsExpiry?: boolean;
}

export const DOCUMENT_TYPES = {
  NATIONAL_ID_FRONT: { description: 'national ID (front)', idType: '1', needsExpiry: true },
  NATIONAL_ID_BACK: { description: 'national ID (back)' },
  BIRTH_CERTIFICATE: { description: 'birth certificate', idType: '6' },
  PASSPORT: { description: 'passport', idType: '2', needsExpiry: true },
  FAMILY_BOOK: { description: 'family book' },
  RESIDENTIAL_BOOK: { description: 'residential book' },
  MOTORCYCLE_REGISTRATION: { description: 'motorcycle registration' },
  CAR_REGISTRATION: { description: 'car registration' },
  MARRIAGE_CERTIFICATE: { description: 'marriage certificate' },
  DRIVING_LICENCE: { description: 'non-permanent driving licence', idType: '4', needsExpiry: true },
  CIVIL_SERVANT_ID: { description: 'civil servant or armed forces ID', idType: '4', needsExpiry: true },
  MONK_ID: { description: 'monk ID', idType: '4', needsExpiry: true },
  IDENTITY_CERTIFICATION_LETTER: { description: 'letter of identity certification' },
  COVER_LETTER: { description: 'cover letter' },
  BIQ_FORM: { description: 'BIQ form' },
  FINANCIAL_QUESTIONNAIRE: { description: 'financial questionnaire' },
  PATENT: { description: 'patent' },
  NB_ENDORSEMENT: { description: 'NB endorsement' },
  NB_SUPPORTING_DOCUMENT: { description: 'NB supporting document' },
  FINANCE_PROOF: { description: 'finance proof' },
  STANDING_ORDER: { description: 'standing order' },
  OTHER_PAYMENT_PROOF: { description: 'other proof of payment' },
  BANK_STAFF_CASE: { description: 'bank-staff-case document' },
  // Forms the portal itself produces or collects, one per form-like supporting document.
  CONSENT_FORM: { description: 'consent form' },
  MEDICAL_DOCUMENT: { description: 'medical document' },
  ADVISOR_STATEMENT: { description: 'insurance-advisor statement' },
  APPLICATION_FORM: { description: 'application form' },
  IS_REPORT: { description: 'IS report' },
  PROPOSAL_FORM: { description: 'proposal form' },
  RECEIPT: { description: 'receipt form' },
} as const satisfies Record<string, DocumentTypeInfo>;

export type DocumentTypeCode = keyof typeof DOCUMENT_TYPES;
export const DOCUMENT_TYPE_CODES = Object.keys(DOCUMENT_TYPES) as readonly DocumentTypeCode[];

/** Identity documents: the ones that carry an identification number. */
export const IDENTITY_DOCUMENT_CODES = DOCUMENT_TYPE_CODES.filter((code) => documentIdType(code) !== undefined);

export function isDocumentTypeCode(value: unknown): value is DocumentTypeCode {
  return typeof value === 'string' && Object.hasOwn(DOCUMENT_TYPES, value);
}

/** The identification type whose number rule checks this document's idNumber, if it has one. */
export function documentIdType(code: DocumentTypeCode): IdentificationType | undefined {
  const info: DocumentTypeInfo = DOCUMENT_TYPES[code];
  return info.idType;
}

export function documentNeedsExpiry(code: DocumentTypeCode): boolean {
  const info: DocumentTypeInfo = DOCUMENT_TYPES[code];
  return info.needsExpiry === true;
}
