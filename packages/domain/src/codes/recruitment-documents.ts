/**
 * Recruitment document types of spec §3 (candidate uploads). In this set only the file is
 * required (spec §5; rules/documents.ts). The code strings are ours.
 */
export const RECRUITMENT_DOCUMENT_TYPES = {
  'portrait-photo': 'portrait photo',
  'id-card': 'ID card',
  'id-back': 'ID card (back)',
  diploma: 'diploma or certificate',
  'consent-form': 'consent form',
  'employment-letter': 'employment letter',
} as const;

export type RecruitmentDocumentType = keyof typeof RECRUITMENT_DOCUMENT_TYPES;
export const RECRUITMENT_DOCUMENT_TYPE_CODES = Object.keys(RECRUITMENT_DOCUMENT_TYPES) as readonly RecruitmentDocumentType[];

export function isRecruitmentDocumentType(value: unknown): value is RecruitmentDocumentType {
  return typeof value === 'string' && Object.hasOwn(RECRUITMENT_DOCUMENT_TYPES, value);
}

/** Needed before a form may be submitted; the employment letter is only for those who have one. */
export const REQUIRED_RECRUITMENT_DOCUMENTS: readonly RecruitmentDocumentType[] = [
  'portrait-photo',
  'id-card',
  'id-back',
  'diploma',
  'consent-form',
];

/**
 * Files of the pipeline that are not candidate form documents: the contract the candidate signed,
 * the insurer's countersigned copy (agency admin) and the IRC licence.
 */
export const PIPELINE_DOCUMENT_TYPES = ['signed-contract', 'countersigned-contract', 'irc-licence'] as const;
export type PipelineDocumentType = (typeof PIPELINE_DOCUMENT_TYPES)[number];
export type CandidateDocumentType = RecruitmentDocumentType | PipelineDocumentType;
export const CANDIDATE_DOCUMENT_TYPES = [...RECRUITMENT_DOCUMENT_TYPE_CODES, ...PIPELINE_DOCUMENT_TYPES] as const;

export function isCandidateDocumentType(value: unknown): value is CandidateDocumentType {
  return typeof value === 'string' && (CANDIDATE_DOCUMENT_TYPES as readonly string[]).includes(value);
}
