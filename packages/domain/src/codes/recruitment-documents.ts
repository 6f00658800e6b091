/**
 * Recruitment document types of spec §3 (candidate uploads). In this set only the file is
 * required (spec §5; rules/documents.ts). The code strings are ours.
 */
export const RECRUITMENT_DOCUMENT_TYPES = {
  'portrait-photo': 'portrait photo',
  'id-card': 'ID card',
  'id-back': 'ID card (back)',
  'diploma': 'diploma or certificate',
  'consent-form': 'consent form',
  'employment-letter': 'employment letter',
} as const;

export type RecruitmentDocumentType = keyof typeof RECRUITMENT_DOCUMENT_TYPES;
export const RECRUITMENT_DOCUMENT_TYPE_CODES = Object.keys(
  RECRUITMENT_DOCUMENT_TYPES,
) as readonly RecruitmentDocumentType[];

export function isRecruitmentDocumentType(value: unknown): value is RecruitmentDocumentType {
  return typeof value === 'string' && Object.hasOwn(RECRUITMENT_DOCUMENT_TYPES, value);
}
