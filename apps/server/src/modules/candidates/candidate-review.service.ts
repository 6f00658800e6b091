import { canMove, type CandidateStatus } from '@portal/domain/codes/candidate-status';
import type { Candidate, ItcClass, ReviewRequest } from '@portal/domain/contracts/candidates/candidate';
import { todayInPhnomPenh } from '@portal/domain/format/date';
import type { CandidateRow, NewCandidateRow } from '../../db/schema/candidate.table';
import { AppError } from '../../lib/app-error';
import type { Caller } from '../../plugins/caller';
import type { AuditService } from '../audit/audit.service';
import type { Clock } from '../auth/clock';
import { assertFourEyes, itcClassFull } from './candidate-common';
import type { CandidateRecords } from './candidate-records';
import { actingRole } from './candidate-scope';
import type { CandidatesRepository } from './candidates.repository';

/** Months of ITC classes kept scheduled ahead. */
const ITC_MONTHS_AHEAD = 3;

/**
 * The agency admin's review of a submitted form (approve under the four-eyes rule, return with
 * comments, assign an ITC class with a free seat) and the ITC classes themselves.
 */
export class CandidateReviewService {
  constructor(
    private readonly candidates: CandidatesRepository,
    private readonly records: CandidateRecords,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  async review(caller: Caller, body: ReviewRequest): Promise<Candidate> {
    return this.audit.change(async () => {
      const row = await this.records.require(caller, body.candidateId);
      if (row.version !== body.version) throw AppError.http(409);
      if (body.action === 'assignItc') await this.scheduleItcClasses();
      const to: CandidateStatus = body.action === 'approve' ? 'approved' : body.action === 'return' ? 'returned' : 'itc_assigned';
      if (!canMove(row.status, to)) throw new AppError(409, 'candidate_wrong_state', 'candidate_wrong_state');
      if (body.action === 'approve') assertFourEyes(row, caller.user.id, 'approve');
      const set: Partial<NewCandidateRow> = {};
      if (body.action === 'return') set.reviewComment = body.comment ?? null;
      const stage = {
        actorUserId: caller.user.id,
        actorRole: actingRole(caller.user),
        comment: body.comment ?? null,
        at: this.clock.now(),
      };
      let moved: CandidateRow | undefined;
      if (body.action === 'assignItc') {
        const itc = body.itcClassId ? await this.candidates.itcClass(body.itcClassId) : undefined;
        if (!itc || itc.startDate < todayInPhnomPenh(this.clock.now()))
          throw AppError.validation([{ field: 'itcClassId', key: 'invalid' }]);
        // A full class refuses (the seat is counted under a lock of the class: a race for the last seat has one winner).
        const assigned = await this.candidates.assignItcClass(
          row.id,
          body.version,
          row.status,
          itc.id,
          { examDate: null, examScore: null, examResult: null },
          stage,
        );
        if (assigned === 'full') throw itcClassFull();
        moved = assigned;
      } else {
        moved = await this.candidates.move(row.id, body.version, row.status, to, set, stage);
      }
      if (!moved) throw AppError.http(409);
      await this.records.record(caller, body.action, row.id);
      return this.records.view(moved);
    });
  }

  /**
   * Keeps the coming months' ITC classes scheduled (one a month, idempotent). Run when the app
   * starts and before a class is assigned, never on a read.
   */
  async scheduleItcClasses(): Promise<void> {
    const today = todayInPhnomPenh(this.clock.now());
    const [year, month] = today.split('-').map(Number) as [number, number];
    const planned = [];
    for (let i = 1; i <= ITC_MONTHS_AHEAD; i += 1) {
      const m = ((month - 1 + i) % 12) + 1;
      const y = year + Math.floor((month - 1 + i) / 12);
      const mm = String(m).padStart(2, '0');
      planned.push({
        code: `ITC-${y}-${mm}`,
        startDate: `${y}-${mm}-05`,
        endDate: `${y}-${mm}-09`,
        location: 'Phnom Penh training centre',
        capacity: 40,
      });
    }
    await this.candidates.addItcClasses(planned);
  }

  /** ITC classes from today on. */
  async itcClasses(): Promise<{ items: ItcClass[] }> {
    const rows = await this.candidates.itcClasses(todayInPhnomPenh(this.clock.now()));
    return {
      items: rows.map((r) => ({
        id: r.id,
        code: r.code,
        startDate: r.startDate,
        endDate: r.endDate,
        location: r.location,
        capacity: r.capacity,
        enrolled: r.enrolled,
      })),
    };
  }
}
