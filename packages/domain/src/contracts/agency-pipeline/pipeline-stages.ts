/**
 * The stages of the agency admin's pipeline (GET /api/agency/v1/pipeline), in the order the
 * screen shows them: the sales funnel (a contact with no proposal yet, a proposal quoted, a
 * proposal presented, an application pending, an application submitted), each recruitment stage a
 * candidate can wait in, and compliance training past its due date.
 */
import { CANDIDATE_STATUSES, type CandidateStatus } from '../../codes/candidate-status';

export const FUNNEL_STAGES = ['contacts', 'quoted', 'presented', 'pending', 'submitted'] as const;
export type FunnelStage = (typeof FUNNEL_STAGES)[number];

/** A candidate status a candidate can wait in: every one but `converted` (an advisor now). */
export type WaitingCandidateStatus = Exclude<CandidateStatus, 'converted'>;

export const CANDIDATE_STAGE_STATUSES: readonly WaitingCandidateStatus[] = CANDIDATE_STATUSES.filter(
  (status): status is WaitingCandidateStatus => status !== 'converted',
);

export type CandidateStage = `candidate_${WaitingCandidateStatus}`;
export const CANDIDATE_STAGES: readonly CandidateStage[] = CANDIDATE_STAGE_STATUSES.map((s) => `candidate_${s}` as const);

export type PipelineStage = FunnelStage | CandidateStage | 'training_overdue';
export const PIPELINE_STAGES: readonly [PipelineStage, ...PipelineStage[]] = [...FUNNEL_STAGES, ...CANDIDATE_STAGES, 'training_overdue'];

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
export function candidateStatusOf(stage: CandidateStage): WaitingCandidateStatus {
  return stage.slice('candidate_'.length) as WaitingCandidateStatus;
}
