/** Form error keys of spec §5/§8 (plus the date rule's key). A zod issue's `message` is one of these. */
export const FORM_ERROR_KEYS = [
  'required',
  'min',
  'max',
  'minlength',
  'maxlength',
  'pattern',
  'email',
  'invalid',
  'unmatched',
  'cannotContainSpace',
  'numbericRange',
  'bankReferralValidator',
  'date_not_bigger_then_current_date',
] as const;
export type FormErrorKey = (typeof FORM_ERROR_KEYS)[number];

/** Document-field messages of spec §5, as message keys. */
export const DOCUMENT_ERROR_KEYS = {
  idRequired: 'document_id_required',
  identificationNumberInvalid: 'document_identification_number_invalid',
  expiredRequired: 'document_expired_required',
  fileRequired: 'document_file_required',
  birthCertInvalid: 'document_birth_cert_invalid',
} as const;
export type DocumentErrorKey = (typeof DOCUMENT_ERROR_KEYS)[keyof typeof DOCUMENT_ERROR_KEYS];

export type FieldErrorKey = FormErrorKey | DocumentErrorKey;
