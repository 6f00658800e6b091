import type { WizardStepName } from '@portal/domain/codes/wizard-steps';

/**
 * Translation keys of what the wizard's screens name (literal keys, so the i18n check can find
 * them). The codes' labels, shared with the application form PDF, are in
 * @portal/domain/codes/application-labels.
 */
export const STEP_LABELS: Readonly<Record<WizardStepName, string>> = {
  personalInfo: 'applications:step_personal_info',
  productInfo: 'applications:step_product_info',
  healthInfo: 'applications:step_health_info',
  declarationAuthorization: 'applications:step_declaration',
  advisorStatement: 'applications:step_advisor_statement',
  supportingDocuments: 'applications:step_documents',
  submission: 'applications:step_submission',
};

/** Labels of the field names the review may name (the last part of a field path). */
export const FIELD_LABELS: Readonly<Record<string, string>> = {
  firstName: 'applications:field_first_name',
  lastName: 'applications:field_last_name',
  firstNameKh: 'applications:field_first_name_kh',
  lastNameKh: 'applications:field_last_name_kh',
  gender: 'applications:field_gender',
  dateOfBirth: 'applications:field_date_of_birth',
  idType: 'applications:field_id_type',
  idNumber: 'applications:field_id_number',
  idExpiryDate: 'applications:field_id_expiry',
  expiredDate: 'applications:field_expired_date',
  phone: 'applications:field_phone',
  email: 'applications:field_email',
  occupation: 'applications:field_occupation',
  address: 'applications:field_address',
  relationshipCode: 'applications:field_relationship',
  priority: 'applications:field_priority',
  shareBenifit: 'applications:field_share',
  paymentType: 'applications:field_payment_type',
  premiumBankCode: 'applications:field_premium_bank',
  confirmed: 'applications:product_confirmed',
  answerValue: 'applications:health_answer',
  answerDescription: 'applications:health_details',
  agreed: 'applications:declaration_agree',
  signerName: 'applications:guardian_name',
  referrerCode: 'applications:field_referrer_code',
  isBankReferal: 'applications:field_is_bank_referral',
  bank: 'applications:field_bank',
  department: 'applications:field_department',
  referrer: 'applications:field_referrer',
  isSupervisor: 'applications:field_is_supervisor',
  supervisor: 'applications:field_supervisor',
  referralDate: 'applications:field_referral_date',
  employeeId: 'applications:field_employee_id',
  employeeIdConfirmed: 'applications:field_employee_id_confirmed',
  statementAgreed: 'applications:advisor_statement_text',
  file: 'applications:field_file',
  lifeInsured: 'applications:life_insured',
  policyOwner: 'applications:policy_owner',
  payor: 'applications:payor',
  beneficiaries: 'applications:beneficiaries',
};
