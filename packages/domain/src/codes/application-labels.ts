/**
 * The translation keys (packages/i18n/locales) of the codes an application holds, for the
 * wizard's screens and the application form PDF alike, so that both print the same label for a
 * code: supporting document groups and types, genders, identification types, payment types,
 * referrers (`{bank}` is the referrer's bank, by name), partner banks, the premium bank, beneficiary priorities and
 * the owner's relationship to the life insured (spec §3 names Father 08 and Mother 51; any other
 * code is shown as `relationship_other` with the code).
 */
import type { DocumentTypeCode } from './document-types';
import type { IdentificationType } from './identification-types';
import type { PaymentType } from './payment-types';
import type { PremiumMode } from './premium-modes';
import type { BankCode, ReferrerCode } from './referrers';
import type { SupportingDocumentId } from './supporting-documents';

export const GROUP_LABELS: Readonly<Record<SupportingDocumentId, string>> = {
  'insured-id': 'applications:group_insured_id',
  'owner-id': 'applications:group_owner_id',
  'consent-form': 'applications:group_consent_form',
  'medical-doc': 'applications:group_medical_doc',
  'medical-doc-owner': 'applications:group_medical_doc_owner',
  'k-y-c-proof': 'applications:group_kyc_proof',
  'receipt-form': 'applications:group_receipt_form',
  'bank-staff-case': 'applications:group_bank_staff_case',
  'insurance-advisor-statement': 'applications:group_advisor_statement',
  'finance-proof': 'applications:group_finance_proof',
  'application-form': 'applications:group_application_form',
  'is-report': 'applications:group_is_report',
  'proposal-form': 'applications:group_proposal_form',
};

export const DOCUMENT_LABELS: Readonly<Record<DocumentTypeCode, string>> = {
  NATIONAL_ID_FRONT: 'applications:doc_national_id_front',
  NATIONAL_ID_BACK: 'applications:doc_national_id_back',
  BIRTH_CERTIFICATE: 'applications:doc_birth_certificate',
  PASSPORT: 'applications:doc_passport',
  FAMILY_BOOK: 'applications:doc_family_book',
  RESIDENTIAL_BOOK: 'applications:doc_residential_book',
  MOTORCYCLE_REGISTRATION: 'applications:doc_motorcycle_registration',
  CAR_REGISTRATION: 'applications:doc_car_registration',
  MARRIAGE_CERTIFICATE: 'applications:doc_marriage_certificate',
  DRIVING_LICENCE: 'applications:doc_driving_licence',
  CIVIL_SERVANT_ID: 'applications:doc_civil_servant_id',
  MONK_ID: 'applications:doc_monk_id',
  IDENTITY_CERTIFICATION_LETTER: 'applications:doc_identity_letter',
  COVER_LETTER: 'applications:doc_cover_letter',
  BIQ_FORM: 'applications:doc_biq_form',
  FINANCIAL_QUESTIONNAIRE: 'applications:doc_financial_questionnaire',
  PATENT: 'applications:doc_patent',
  NB_ENDORSEMENT: 'applications:doc_nb_endorsement',
  NB_SUPPORTING_DOCUMENT: 'applications:doc_nb_supporting',
  FINANCE_PROOF: 'applications:doc_finance_proof',
  STANDING_ORDER: 'applications:doc_standing_order',
  OTHER_PAYMENT_PROOF: 'applications:doc_other_payment_proof',
  BANK_STAFF_CASE: 'applications:doc_bank_staff_case',
  CONSENT_FORM: 'applications:doc_consent_form',
  MEDICAL_DOCUMENT: 'applications:doc_medical_document',
  ADVISOR_STATEMENT: 'applications:doc_advisor_statement',
  APPLICATION_FORM: 'applications:doc_application_form',
  IS_REPORT: 'applications:doc_is_report',
  PROPOSAL_FORM: 'applications:doc_proposal_form',
  RECEIPT: 'applications:doc_receipt',
};

export const GENDER_LABELS = { M: 'applications:gender_m', F: 'applications:gender_f' } as const;

export const ID_TYPE_LABELS: Readonly<Record<IdentificationType, string>> = {
  '1': 'applications:id_type_1',
  '2': 'applications:id_type_2',
  '4': 'applications:id_type_4',
  '6': 'applications:id_type_6',
};

export const PAYMENT_LABELS: Readonly<Record<PaymentType, string>> = {
  CDB: 'applications:payment_CDB',
  CHQ: 'applications:payment_CHQ',
  CS: 'applications:payment_CS',
  WING: 'applications:payment_WING',
  PTPP: 'applications:payment_PTPP',
};

export const PREMIUM_BANK_LABELS: Readonly<Record<string, string>> = { '005': 'applications:premium_bank_005' };

export const REFERRER_LABELS: Readonly<Record<ReferrerCode, string>> = {
  '95': 'applications:referrer_95',
  '14': 'applications:referrer_14',
  '09': 'applications:referrer_bank',
  '10': 'applications:referrer_bank',
  '11': 'applications:referrer_bank',
  '12': 'applications:referrer_bank',
  '13': 'applications:referrer_bank',
  '02': 'applications:referrer_02',
  '19': 'applications:referrer_19',
  '05': 'applications:referrer_05',
};

/** Partner banks by name (the referrer's bank, the bank of a bank referral). */
export const BANK_LABELS: Readonly<Record<BankCode, string>> = {
  BAANZ: 'applications:bank_BAANZ',
  BAMAY: 'applications:bank_BAMAY',
  BAABA: 'applications:bank_BAABA',
  BAFTB: 'applications:bank_BAFTB',
  BACIM: 'applications:bank_BACIM',
  BASPN: 'applications:bank_BASPN',
};

export const PRIORITY_LABELS = { p: 'applications:priority_p', s: 'applications:priority_s' } as const;

export const RELATIONSHIP_LABELS: Readonly<Record<string, string>> = {
  '08': 'proposals:relationship_08',
  '51': 'proposals:relationship_51',
};
/** `{code}`: a relationship code the spec gives no name. */
export const RELATIONSHIP_OTHER_LABEL = 'proposals:relationship_other';

export const PREMIUM_MODE_LABELS: Readonly<Record<PremiumMode, string>> = {
  annual: 'proposals:mode_annual',
  semiAnnual: 'proposals:mode_semiAnnual',
  quarterly: 'proposals:mode_quarterly',
  monthly: 'proposals:mode_monthly',
  singlePremium: 'proposals:mode_singlePremium',
};
