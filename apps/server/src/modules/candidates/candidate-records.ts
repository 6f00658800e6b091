import type { Candidate, FindExistingResponse } from '@portal/domain/contracts/candidates/candidate';
import { normalisePhone } from '@portal/domain/format/phone';
import type { CandidateRow } from '../../db/schema/candidate.table';
import { AppError } from '../../lib/app-error';
import type { Caller } from '../../plugins/caller';
import type { AuditService } from '../audit/audit.service';
import { AGENT_ROLES, CANDIDATE_AUDIT_ENTITY, ineligible } from './candidate-common';
import { toCandidate } from './candidate-mapper';
import { candidateScope } from './candidate-scope';
import type { CandidatesRepository } from './candidates.repository';

/** Who a person to be recruited is known by. */
export interface PersonKeys {
  phone?: string | undefined;
  idNumber?: string | undefined;
}

/**
 * What every candidate service shares: the candidates a caller may see (others' are 404), a
 * candidate's full view, the audit row of each read or change, and the eligibility check.
 */
export class CandidateRecords {
  constructor(
    private readonly candidates: CandidatesRepository,
    private readonly audit: AuditService,
  ) {}

  record(caller: Caller, action: string, id: string | null, details?: Record<string, unknown>): Promise<void> {
    return this.audit.record({
      actorUserId: caller.user.id,
      action,
      entity: CANDIDATE_AUDIT_ENTITY,
      entityId: id,
      ip: caller.ip,
      details: details ?? null,
    });
  }

  /** A candidate with their documents, stage history, ITC class, recruiter and trainee account. */
  async view(row: CandidateRow): Promise<Candidate> {
    const [documents, history, itcClass, recruiter, trainee] = await Promise.all([
      this.candidates.documents(row.id),
      this.candidates.history(row.id),
      row.itcClassId ? this.candidates.itcClass(row.itcClassId) : Promise.resolve(undefined),
      this.candidates.userName(row.recruiterUserId),
      this.candidates.userName(row.traineeUserId),
    ]);
    return toCandidate(row, {
      documents,
      history,
      itcClass,
      recruiterName: recruiter?.displayName ?? null,
      traineeUsername: trainee?.username ?? null,
    });
  }

  /** A candidate the caller may see, or 404. */
  async require(caller: Caller, id: string): Promise<CandidateRow> {
    const row = await this.candidates.find(candidateScope(caller.user), id);
    if (!row) throw AppError.http(404);
    return row;
  }

  /** find/existing: an existing agent, a blocked person or one already in the pipeline may not be started. */
  async eligibility(input: PersonKeys, exceptId?: string): Promise<FindExistingResponse> {
    const phone = input.phone ? (normalisePhone(input.phone) ?? undefined) : undefined;
    const idNumber = input.idNumber?.trim() || undefined;
    if (await this.candidates.isBlocked(phone, idNumber)) return { eligible: false, reason: 'blocked' };
    if (await this.candidates.isExistingAgent(phone, idNumber, AGENT_ROLES)) return { eligible: false, reason: 'existing_agent' };
    if (await this.candidates.inProgress(phone, idNumber, exceptId)) return { eligible: false, reason: 'in_progress' };
    return { eligible: true };
  }

  /** The same check, as a 409 `ineligible_<reason>`. */
  async assertEligible(input: PersonKeys, exceptId?: string): Promise<void> {
    const result = await this.eligibility(input, exceptId);
    if (!result.eligible && result.reason) throw ineligible(result.reason);
  }
}
