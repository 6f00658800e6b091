import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { CandidateStatus } from '@portal/domain/codes/candidate-status';
import { ROLE_TRAINEE } from '@portal/domain/codes/roles';
import type { Db } from '../../db/client';
import { appUser } from '../../db/schema/app-user.table';
import { agentCodeHistory } from '../../db/schema/candidate-agent-code-history.table';
import { candidateDocument } from '../../db/schema/candidate-document.table';
import { candidateItcClass } from '../../db/schema/candidate-itc-class.table';
import { candidateStageHistory } from '../../db/schema/candidate-stage-history.table';
import { candidate, type CandidateRow } from '../../db/schema/candidate.table';
import type { ExamRow } from '@portal/domain/contracts/candidates/exam-results';

/** Rows a candidate is written to a sheet from. */
export interface SheetCandidate extends CandidateRow {
  itcCode: string | null;
}

/** Exams, enrolment and licence lists, and the conversion to a trainee (Drizzle only). */
export class LicensingRepository {
  constructor(private readonly db: Db) {}

  async inStatuses(agencyId: string, statuses: readonly CandidateStatus[], itcClassId?: string): Promise<SheetCandidate[]> {
    const filters = [eq(candidate.agencyId, agencyId), inArray(candidate.status, [...statuses])];
    if (itcClassId) filters.push(eq(candidate.itcClassId, itcClassId));
    const rows = await this.db
      .select({ c: candidate, itcCode: candidateItcClass.code })
      .from(candidate)
      .leftJoin(candidateItcClass, eq(candidateItcClass.id, candidate.itcClassId))
      .where(and(...filters))
      .orderBy(asc(candidate.candidateNumber));
    return rows.map((r) => ({ ...r.c, itcCode: r.itcCode }));
  }

  /** The agency's candidates of these numbers, with the code and start of their ITC class. */
  async byNumbers(
    agencyId: string,
    numbers: string[],
  ): Promise<(CandidateRow & { itcCode: string | null; itcStartDate: string | null })[]> {
    if (numbers.length === 0) return [];
    const rows = await this.db
      .select({ c: candidate, itcCode: candidateItcClass.code, itcStartDate: candidateItcClass.startDate })
      .from(candidate)
      .leftJoin(candidateItcClass, eq(candidateItcClass.id, candidate.itcClassId))
      .where(and(eq(candidate.agencyId, agencyId), inArray(candidate.candidateNumber, numbers)));
    return rows.map((r) => ({ ...r.c, itcCode: r.itcCode, itcStartDate: r.itcStartDate }));
  }

  /** The document types a candidate holds (the conversion's requirements). */
  async documentTypes(candidateId: string): Promise<string[]> {
    const rows = await this.db
      .select({ type: candidateDocument.documentType })
      .from(candidateDocument)
      .where(eq(candidateDocument.candidateId, candidateId));
    return rows.map((r) => r.type);
  }

  /**
   * Applies every exam row in ONE transaction: each candidate must still be `itc_assigned` (a
   * conditional update); if any is not, everything is rolled back and the row numbers returned.
   */
  async applyExamResults(
    rows: (ExamRow & { id: string; row: number })[],
    actor: { userId: string; role: string | null },
    at: Date,
  ): Promise<{ failedRows: number[] }> {
    const failedRows: number[] = [];
    try {
      await this.db.transaction(async (tx) => {
        for (const r of rows) {
          const to: CandidateStatus = r.result === 'PASS' ? 'exam_passed' : 'exam_failed';
          const updated = await tx
            .update(candidate)
            .set({
              status: to,
              examDate: r.examDate,
              examScore: r.score,
              examResult: r.result,
              modifiedDate: at,
              modifiedBy: actor.userId,
              version: sql`${candidate.version} + 1`,
            })
            .where(and(eq(candidate.id, r.id), eq(candidate.status, 'itc_assigned')))
            .returning({ id: candidate.id });
          if (updated.length !== 1) {
            failedRows.push(r.row);
            continue;
          }
          await tx.insert(candidateStageHistory).values({
            candidateId: r.id,
            fromStatus: 'itc_assigned',
            toStatus: to,
            actorUserId: actor.userId,
            actorRole: actor.role,
            comment: `ITC exam ${r.score}`,
            at,
          });
        }
        if (failedRows.length > 0) throw new RollBack();
      });
    } catch (error) {
      if (!(error instanceof RollBack)) throw error;
    }
    return { failedRows };
  }

  /**
   * Converts a licensed candidate in one transaction: a ROLE_TRAINEE account with a new agent code
   * (its first code-history row), the candidate `converted` with the history row, the secure-link
   * account disabled. Undefined when the candidate was no longer `licensed` (someone converted it first).
   */
  async convert(
    row: CandidateRow,
    actor: { userId: string; role: string | null },
    at: Date,
  ): Promise<{ userId: string; username: string; agentCode: string } | undefined> {
    try {
      return await this.db.transaction(async (tx) => {
        const seq = await tx.execute(sql`SELECT nextval('agent_code_seq')::text AS n`);
        const n = (seq as unknown as { rows: { n: string }[] }).rows[0]?.n;
        if (!n) throw new Error('agent_code_seq returned nothing');
        const agentCode = `TR${n.padStart(6, '0')}`;
        const username = agentCode.toLowerCase();
        const [user] = await tx
          .insert(appUser)
          .values({
            username,
            displayName: `${row.firstName} ${row.lastName}`,
            displayNameKh: row.lastNameKh && row.firstNameKh ? `${row.lastNameKh} ${row.firstNameKh}` : null,
            phone: row.phone,
            email: row.email,
            passwordHash: null,
            roles: [ROLE_TRAINEE],
            agencyId: row.agencyId,
            agentCode,
            alias: 'TRAINEE',
            createdDate: at,
            modifiedDate: at,
          })
          .returning({ id: appUser.id });
        if (!user) throw new Error('trainee insert returned no row');
        await tx
          .insert(agentCodeHistory)
          .values({ userId: user.id, agentCode, reason: 'conversion', validFrom: at, createdBy: actor.userId });
        const moved = await tx
          .update(candidate)
          .set({
            status: 'converted',
            traineeUserId: user.id,
            agentCode,
            modifiedDate: at,
            modifiedBy: actor.userId,
            version: sql`${candidate.version} + 1`,
          })
          .where(and(eq(candidate.id, row.id), eq(candidate.status, 'licensed')))
          .returning({ id: candidate.id });
        if (moved.length !== 1) throw new RollBack();
        await tx.insert(candidateStageHistory).values({
          candidateId: row.id,
          fromStatus: 'licensed',
          toStatus: 'converted',
          actorUserId: actor.userId,
          actorRole: actor.role,
          comment: agentCode,
          at,
        });
        if (row.applicantUserId)
          await tx.update(appUser).set({ status: 'disabled', modifiedDate: at }).where(eq(appUser.id, row.applicantUserId));
        return { userId: user.id, username, agentCode };
      });
    } catch (error) {
      if (error instanceof RollBack) return undefined;
      throw error;
    }
  }

  async user(id: string): Promise<{ id: string; username: string; agentCode: string | null } | undefined> {
    const [row] = await this.db
      .select({ id: appUser.id, username: appUser.username, agentCode: appUser.agentCode })
      .from(appUser)
      .where(eq(appUser.id, id))
      .limit(1);
    return row;
  }
}

/** Thrown inside a transaction to undo it without an error reaching the caller. */
class RollBack extends Error {}
