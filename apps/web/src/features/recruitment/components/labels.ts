import type { CandidateStatus } from '@portal/domain/codes/candidate-status';
import type { CandidateDocumentType } from '@portal/domain/codes/recruitment-documents';
import type { EducationLevel } from '@portal/domain/contracts/candidates/candidate-fields';
import type { IneligibleReason } from '@portal/domain/contracts/candidates/candidate';
import type { IdentificationType } from '@portal/domain/codes/identification-types';

export const STATUS_LABELS: Readonly<Record<CandidateStatus, string>> = {
  draft: 'recruitment:status_draft',
  submitted: 'recruitment:status_submitted',
  returned: 'recruitment:status_returned',
  approved: 'recruitment:status_approved',
  itc_assigned: 'recruitment:status_itc_assigned',
  exam_passed: 'recruitment:status_exam_passed',
  exam_failed: 'recruitment:status_exam_failed',
  licensed: 'recruitment:status_licensed',
  converted: 'recruitment:status_converted',
};

export const STATUS_COLORS: Readonly<Record<CandidateStatus, string>> = {
  draft: 'gray',
  submitted: 'blue',
  returned: 'orange',
  approved: 'teal',
  itc_assigned: 'indigo',
  exam_passed: 'green',
  exam_failed: 'red',
  licensed: 'grape',
  converted: 'dark',
};

export const DOCUMENT_LABELS: Readonly<Record<CandidateDocumentType, string>> = {
  'portrait-photo': 'recruitment:doc_portrait_photo',
  'id-card': 'recruitment:doc_id_card',
  'id-back': 'recruitment:doc_id_back',
  diploma: 'recruitment:doc_diploma',
  'consent-form': 'recruitment:doc_consent_form',
  'employment-letter': 'recruitment:doc_employment_letter',
  'signed-contract': 'recruitment:doc_signed_contract',
  'countersigned-contract': 'recruitment:doc_countersigned_contract',
  'irc-licence': 'recruitment:doc_irc_licence',
};

export const EDUCATION_LABELS: Readonly<Record<EducationLevel, string>> = {
  'high-school': 'recruitment:edu_high_school',
  vocational: 'recruitment:edu_vocational',
  bachelor: 'recruitment:edu_bachelor',
  master: 'recruitment:edu_master',
  doctorate: 'recruitment:edu_doctorate',
  other: 'recruitment:edu_other',
};

export const INELIGIBLE_LABELS: Readonly<Record<IneligibleReason, string>> = {
  existing_agent: 'recruitment:ineligible_existing_agent',
  blocked: 'recruitment:ineligible_blocked',
  in_progress: 'recruitment:ineligible_in_progress',
  under_age: 'recruitment:ineligible_under_age',
};

export const ID_TYPE_LABELS: Readonly<Record<IdentificationType, string>> = {
  '1': 'recruitment:id_type_1',
  '2': 'recruitment:id_type_2',
  '4': 'recruitment:id_type_4',
  '6': 'recruitment:id_type_6',
};
