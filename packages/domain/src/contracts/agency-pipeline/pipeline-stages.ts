/**
 * The stages of the agency admin's pipeline (GET /api/agency/v1/pipeline), in the order the
 * screen shows them: the sales funnel (a contact with no proposal yet, a proposal quoted, a
 * proposal presented, an application pending, an application submitted), each recruitment stage a
 * candidate can wait in, and compliance training past its due date.
 */
import type { CandidateStatus } from '../../codes/candidate-status';

export const FUNNEL_STAGES = ['contacts', 'quoted', 'presented', 'pending', 'submitted'] as const;
export type FunnelStage = (typeof FUNNEL_STAGES)[number];

/** Every candidate status but `converted` (the candidate is an advisor now: nothing to wait for). */
export const CANDIDATE_STAGE_STATUSES = [
  'draft',
  'submitted',
  'returned',
  'approved',
  'itc_assigned',
  'exam_passed',
  'exam_failed',
  'licensed',
] as const satisfies readonly CandidateStatus[];

export const CANDIDATE_STAGES = CANDIDATE_STAGE_STATUSES.map((s) => `candidate_${s}` as const);
export type CandidateStage = (typeof CANDIDATE_STAGES)[number];

export const PIPELINE_STAGES = [...FUNNEL_STAGES, ...CANDIDATE_STAGES, 'training_overdue'] as const;
export type PipelineStage = (typeof PIPELINE_STAGES)[number];

/** The four figure groups; each is ONE query on the server. */
export const PIPELINE_GROUPS = ['funnel', 'applications', 'candidates', 'training'] as const;
export type PipelineGroup = (typeof PIPELINE_GROUPS)[number];

export function groupOfStage(stage: PipelineStage): PipelineGroup {
  if (stage === 'pending' || stage === 'submitted') return 'applications';
  if (stage === 'training_overdue') return 'training';
  if (stage.startsWith('candidate_')) return 'candidates';
  return 'funnel';
}

export function isPipelineStage(value: unknown): value is PipelineStage {
  return typeof value === 'string' && (PIPELINE_STAGES as readonly string[]).includes(value);
}

/** The candidate status a candidate stage stands for. */
export function candidateStatusOf(stage: CandidateStage): CandidateStatus {
  return stage.slice('candidate_'.length) as CandidateStatus;
}
