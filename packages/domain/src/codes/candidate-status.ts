/**
 * The recruitment pipeline: each stage a real state of the candidate, moved by a named
 * person at a recorded time (the server keeps a history row per move). Spec §4 lists no candidate
 * states; these are ours.
 *
 * draft -> submitted -> approved -> itc_assigned -> exam_passed -> licensed -> converted
 *            ^   |                       ^   |
 *            |   v (returned with         |   v
 *          returned comments)          exam_failed (assigned again for a retake)
 */
export const CANDIDATE_STATUSES = [
  'draft',
  'submitted',
  'returned',
  'approved',
  'itc_assigned',
  'exam_passed',
  'exam_failed',
  'licensed',
  'converted',
] as const;
export type CandidateStatus = (typeof CANDIDATE_STATUSES)[number];

/** Which state may follow which (one place for the server's checks and the screens' buttons). */
export const CANDIDATE_TRANSITIONS: Readonly<Record<CandidateStatus, readonly CandidateStatus[]>> = {
  draft: ['submitted'],
  returned: ['submitted'],
  submitted: ['approved', 'returned'],
  approved: ['itc_assigned'],
  itc_assigned: ['itc_assigned', 'exam_passed', 'exam_failed'],
  exam_failed: ['itc_assigned'],
  exam_passed: ['licensed'],
  licensed: ['converted'],
  converted: [],
};

export function canMove(from: CandidateStatus, to: CandidateStatus): boolean {
  return CANDIDATE_TRANSITIONS[from].includes(to);
}

/** The candidate (or the recruiter on their behalf) may change the form only in these states. */
export const EDITABLE_CANDIDATE_STATUSES: readonly CandidateStatus[] = ['draft', 'returned'];

export function isEditableStatus(status: CandidateStatus): boolean {
  return EDITABLE_CANDIDATE_STATUSES.includes(status);
}

/** Whether the candidate's application has been approved (it is approved or further on). */
export function isApprovedOrLater(status: CandidateStatus): boolean {
  return !['draft', 'submitted', 'returned'].includes(status);
}

export function isCandidateStatus(value: unknown): value is CandidateStatus {
  return typeof value === 'string' && (CANDIDATE_STATUSES as readonly string[]).includes(value);
}
