import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { CandidateStatus } from '@portal/domain/codes/candidate-status';
import type { CandidateDocumentType } from '@portal/domain/codes/recruitment-documents';
import type { Db } from '../../db/client';
import { agency } from '../../db/schema/agency.table';
import { appUser, type NewAppUser } from '../../db/schema/app-user.table';
import { candidateBlocklist } from '../../db/schema/candidate-blocklist.table';
import { candidateDocument, type CandidateDocumentRow } from '../../db/schema/candidate-document.table';
import { candidateItcClass, type CandidateItcClassRow } from '../../db/schema/candidate-itc-class.table';
import { candidateLink, type CandidateLinkRow } from '../../db/schema/candidate-link.table';
import { candidateStageHistory } from '../../db/schema/candidate-stage-history.table';
import { candidate, type CandidateRow, type NewCandidateRow } from '../../db/schema/candidate.table';
import { textArray } from '../../db/sql-arrays';
import { escapeLike } from '../../lib/search-patterns';
import type { BlobStore, StoredBlob } from '../../providers/blob/blob-store';

/** Whose candidates a caller sees: an agency (admin), the ones they recruited, or their own form. */
export type CandidateScope = { agencyId: string } | { recruiterUserId: string } | { applicantUserId: string };

export interface StageMoveInput {
  actorUserId: string | null;
  actorRole: string | null;
  comment?: string | null;
  at: Date;
}

export interface HistoryEntry {
  fromStatus: CandidateStatus | null;
  toStatus: CandidateStatus;
  actorName: string | null;
  actorRole: string | null;
  comment: string | null;
  at: Date;
}

function scopeWhere(scope: CandidateScope): SQL {
  if ('agencyId' in scope) return eq(candidate.agencyId, scope.agencyId);
  if ('recruiterUserId' in scope) return eq(candidate.recruiterUserId, scope.recruiterUserId);
  return eq(candidate.applicantUserId, scope.applicantUserId);
}

/** Candidates, their documents, stage history, links and ITC classes (Drizzle only). */
export class CandidatesRepository {
  constructor(
    private readonly db: Db,
    private readonly blobs: BlobStore,
  ) {}

  /** A new candidate, its first history row, and (for a secure link) its ROLE_CNL account, together. */
  async create(row: NewCandidateRow, move: StageMoveInput, applicant?: NewAppUser): Promise<CandidateRow> {
    return this.db.transaction(async (tx) => {
      let applicantUserId = row.applicantUserId ?? null;
      if (applicant) {
        const [user] = await tx.insert(appUser).values(applicant).returning({ id: appUser.id });
        applicantUserId = user?.id ?? null;
      }
      const [created] = await tx
        .insert(candidate)
        .values({ ...row, applicantUserId })
        .returning();
      if (!created) throw new Error('candidate insert returned no row');
      await tx.insert(candidateStageHistory).values({
        candidateId: created.id,
        fromStatus: null,
        toStatus: created.status,
        actorUserId: move.actorUserId,
        actorRole: move.actorRole,
        comment: move.comment ?? null,
        at: move.at,
      });
      return created;
    });
  }

  /** Gives a candidate started by a recruiter their own (ROLE_CNL) account, once; the row as it is after. */
  async attachApplicant(candidateId: string, applicant: NewAppUser): Promise<CandidateRow | undefined> {
    const taken = new Error('candidate already has an applicant');
    try {
      return await this.db.transaction(async (tx) => {
        const [user] = await tx.insert(appUser).values(applicant).returning({ id: appUser.id });
        if (!user) throw new Error('applicant insert returned no row');
        const [updated] = await tx
          .update(candidate)
          .set({ applicantUserId: user.id })
          .where(and(eq(candidate.id, candidateId), isNull(candidate.applicantUserId)))
          .returning();
        if (!updated) throw taken;
        return updated;
      });
    } catch (error) {
      if (error === taken) return undefined;
      throw error;
    }
  }

  async setApplicantUsername(userId: string, username: string): Promise<void> {
    await this.db.update(appUser).set({ username }).where(eq(appUser.id, userId));
  }

  async find(scope: CandidateScope, id: string): Promise<CandidateRow | undefined> {
    const [row] = await this.db
      .select()
      .from(candidate)
      .where(and(eq(candidate.id, id), scopeWhere(scope)))
      .limit(1);
    return row;
  }

  async findByNumber(scope: CandidateScope, candidateNumber: string): Promise<CandidateRow | undefined> {
    const [row] = await this.db
      .select()
      .from(candidate)
      .where(and(eq(candidate.candidateNumber, candidateNumber), scopeWhere(scope)))
      .limit(1);
    return row;
  }

  /** The newest candidate of an applicant account (a ROLE_CNL or ROLE_CAN user has one form). */
  async findOwn(applicantUserId: string): Promise<CandidateRow | undefined> {
    const [row] = await this.db
      .select()
      .from(candidate)
      .where(eq(candidate.applicantUserId, applicantUserId))
      .orderBy(desc(candidate.createdDate))
      .limit(1);
    return row;
  }

  async findAnyById(id: string): Promise<CandidateRow | undefined> {
    const [row] = await this.db.select().from(candidate).where(eq(candidate.id, id)).limit(1);
    return row;
  }

  async list(
    scope: CandidateScope,
    query: { q?: string | undefined; status?: CandidateStatus | undefined; page: number; size: number },
  ): Promise<{ rows: CandidateRow[]; total: number }> {
    const filters: SQL[] = [scopeWhere(scope)];
    if (query.status) filters.push(eq(candidate.status, query.status));
    if (query.q) {
      const pattern = `%${escapeLike(query.q)}%`;
      filters.push(
        or(
          ilike(candidate.candidateNumber, pattern),
          ilike(candidate.firstName, pattern),
          ilike(candidate.lastName, pattern),
          ilike(candidate.phone, pattern),
          ilike(candidate.idNumber, pattern),
          ilike(candidate.ircLicenceNumber, pattern),
          ilike(candidate.agentCode, pattern),
        ) as SQL,
      );
    }
    const where = and(...filters);
    const rows = await this.db
      .select()
      .from(candidate)
      .where(where)
      .orderBy(desc(candidate.modifiedDate), desc(candidate.id))
      .limit(query.size)
      .offset(query.page * query.size);
    const [total] = await this.db.select({ n: count() }).from(candidate).where(where);
    return { rows, total: total?.n ?? 0 };
  }

  /** An optimistic update of form fields (no state change): undefined when the version is stale. */
  async update(id: string, version: number, set: Partial<NewCandidateRow>): Promise<CandidateRow | undefined> {
    const [row] = await this.db
      .update(candidate)
      .set({ ...set, version: sql`${candidate.version} + 1` })
      .where(and(eq(candidate.id, id), eq(candidate.version, version)))
      .returning();
    return row;
  }

  /**
   * Moves a candidate from one state to another, with the history row, in one transaction.
   * Undefined when the version is stale or the state is no longer `from` (someone moved it first).
   */
  async move(
    id: string,
    version: number,
    from: CandidateStatus,
    to: CandidateStatus,
    set: Partial<NewCandidateRow>,
    move: StageMoveInput,
    tx?: Db,
  ): Promise<CandidateRow | undefined> {
    const run = async (db: Db) => {
      const [row] = await db
        .update(candidate)
        .set({ ...set, status: to, modifiedDate: move.at, modifiedBy: move.actorUserId, version: sql`${candidate.version} + 1` })
        .where(and(eq(candidate.id, id), eq(candidate.version, version), eq(candidate.status, from)))
        .returning();
      if (!row) return undefined;
      await db.insert(candidateStageHistory).values({
        candidateId: id,
        fromStatus: from,
        toStatus: to,
        actorUserId: move.actorUserId,
        actorRole: move.actorRole,
        comment: move.comment ?? null,
        at: move.at,
      });
      return row;
    };
    return tx ? run(tx) : this.db.transaction(run);
  }

  /**
   * Moves a candidate to `itc_assigned` in `itcClassId` when the class has a free seat. The class
   * row is locked (FOR UPDATE) while its candidates are counted and the candidate moved, so two
   * assignments racing for the last seat run one after the other: exactly one gets it, the other
   * answers 'full'. Undefined as move() (stale version or state, or no such class).
   */
  async assignItcClass(
    id: string,
    version: number,
    from: CandidateStatus,
    itcClassId: string,
    set: Partial<NewCandidateRow>,
    move: StageMoveInput,
  ): Promise<CandidateRow | 'full' | undefined> {
    return this.db.transaction(async (tx) => {
      const [itc] = await tx
        .select({ capacity: candidateItcClass.capacity })
        .from(candidateItcClass)
        .where(eq(candidateItcClass.id, itcClassId))
        .for('update');
      if (!itc) return undefined;
      const [taken] = await tx
        .select({ n: count() })
        .from(candidate)
        .where(and(eq(candidate.itcClassId, itcClassId), ne(candidate.id, id)));
      if ((taken?.n ?? 0) >= itc.capacity) return 'full';
      return this.move(id, version, from, 'itc_assigned', { ...set, itcClassId }, move, tx);
    });
  }

  async history(candidateId: string): Promise<HistoryEntry[]> {
    return this.db
      .select({
        fromStatus: candidateStageHistory.fromStatus,
        toStatus: candidateStageHistory.toStatus,
        actorName: appUser.displayName,
        actorRole: candidateStageHistory.actorRole,
        comment: candidateStageHistory.comment,
        at: candidateStageHistory.at,
      })
      .from(candidateStageHistory)
      .leftJoin(appUser, eq(appUser.id, candidateStageHistory.actorUserId))
      .where(eq(candidateStageHistory.candidateId, candidateId))
      .orderBy(asc(candidateStageHistory.at), asc(candidateStageHistory.id));
  }

  /** An agency's name and, when known, its name in Khmer (for the contract). */
  async agencyNames(agencyId: string | null): Promise<{ name: string; nameKh: string | null } | null> {
    if (!agencyId) return null;
    const [row] = await this.db.select({ name: agency.name, nameKh: agency.nameKh }).from(agency).where(eq(agency.id, agencyId)).limit(1);
    return row ?? null;
  }

  async userName(userId: string | null): Promise<{ displayName: string; username: string } | undefined> {
    if (!userId) return undefined;
    const [row] = await this.db
      .select({ displayName: appUser.displayName, username: appUser.username })
      .from(appUser)
      .where(eq(appUser.id, userId))
      .limit(1);
    return row;
  }

  async documents(candidateId: string): Promise<CandidateDocumentRow[]> {
    return this.db
      .select()
      .from(candidateDocument)
      .where(eq(candidateDocument.candidateId, candidateId))
      .orderBy(asc(candidateDocument.uploadedAt));
  }

  async document(id: string): Promise<CandidateDocumentRow | undefined> {
    const [row] = await this.db.select().from(candidateDocument).where(eq(candidateDocument.id, id)).limit(1);
    return row;
  }

  /**
   * Stores a file and its row in one transaction. A document type holds one file: a new upload
   * replaces the old one (its blob is deleted too).
   */
  async putDocument(
    input: {
      candidateId: string;
      documentType: CandidateDocumentType;
      fileName: string;
      mediaType: string;
      data: Buffer;
      uploadedBy: string;
      at: Date;
    },
    tx?: Db,
  ): Promise<CandidateDocumentRow> {
    const run = async (db: Db) => {
      const old = await db
        .select()
        .from(candidateDocument)
        .where(and(eq(candidateDocument.candidateId, input.candidateId), eq(candidateDocument.documentType, input.documentType)));
      if (old.length > 0) {
        await db.delete(candidateDocument).where(
          inArray(
            candidateDocument.id,
            old.map((d) => d.id),
          ),
        );
        for (const d of old) await this.blobs.delete(d.blobId, db);
      }
      const ref = await this.blobs.put({ data: input.data, mediaType: input.mediaType }, db);
      const [row] = await db
        .insert(candidateDocument)
        .values({
          candidateId: input.candidateId,
          documentType: input.documentType,
          fileName: input.fileName,
          mediaType: input.mediaType,
          size: ref.size,
          blobId: ref.id,
          uploadedBy: input.uploadedBy,
          uploadedAt: input.at,
        })
        .returning();
      if (!row) throw new Error('document insert returned no row');
      return row;
    };
    return tx ? run(tx) : this.db.transaction(run);
  }

  async deleteDocument(doc: CandidateDocumentRow): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(candidateDocument).where(eq(candidateDocument.id, doc.id));
      await this.blobs.delete(doc.blobId, tx);
    });
  }

  blob(id: string): Promise<StoredBlob | undefined> {
    return this.blobs.get(id);
  }

  /** Runs `work` in one transaction (for moves that also store a file). */
  transaction<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  // Eligibility (find/existing)
  async isBlocked(phone: string | undefined, idNumber: string | undefined): Promise<boolean> {
    const ors: SQL[] = [];
    if (phone) ors.push(eq(candidateBlocklist.phone, phone));
    if (idNumber) ors.push(eq(candidateBlocklist.idNumber, idNumber));
    if (ors.length === 0) return false;
    const [row] = await this.db
      .select({ id: candidateBlocklist.id })
      .from(candidateBlocklist)
      .where(or(...ors))
      .limit(1);
    return row !== undefined;
  }

  /** An account that sells or serves already has this phone, or a converted candidate this ID. */
  async isExistingAgent(phone: string | undefined, idNumber: string | undefined, agentRoles: readonly string[]): Promise<boolean> {
    if (phone) {
      const [user] = await this.db
        .select({ id: appUser.id })
        .from(appUser)
        .where(and(eq(appUser.phone, phone), sql`${appUser.roles} && ${textArray(agentRoles)}`))
        .limit(1);
      if (user) return true;
    }
    if (idNumber) {
      const [row] = await this.db
        .select({ id: candidate.id })
        .from(candidate)
        .where(and(eq(candidate.idNumber, idNumber), eq(candidate.status, 'converted')))
        .limit(1);
      if (row) return true;
    }
    return false;
  }

  /** Another candidate in the pipeline (not yet converted) with this phone or ID number. */
  async inProgress(phone: string | undefined, idNumber: string | undefined, exceptId?: string): Promise<boolean> {
    const ors: SQL[] = [];
    if (phone) ors.push(eq(candidate.phone, phone));
    if (idNumber) ors.push(eq(candidate.idNumber, idNumber));
    if (ors.length === 0) return false;
    const filters: SQL[] = [or(...ors) as SQL, ne(candidate.status, 'converted')];
    if (exceptId) filters.push(ne(candidate.id, exceptId));
    const [row] = await this.db
      .select({ id: candidate.id })
      .from(candidate)
      .where(and(...filters))
      .limit(1);
    return row !== undefined;
  }

  // Secure links
  /** A new link for a candidate; every older live link of theirs stops working. */
  async addLink(row: { id: string; candidateId: string; tokenHash: string; expiresAt: Date; createdBy: string; at: Date }): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .update(candidateLink)
        .set({ revokedAt: row.at })
        .where(and(eq(candidateLink.candidateId, row.candidateId), isNull(candidateLink.usedAt), isNull(candidateLink.revokedAt)));
      await tx.insert(candidateLink).values({
        id: row.id,
        candidateId: row.candidateId,
        tokenHash: row.tokenHash,
        expiresAt: row.expiresAt,
        createdBy: row.createdBy,
        createdDate: row.at,
      });
    });
  }

  async findLink(tokenHash: string): Promise<CandidateLinkRow | undefined> {
    const [row] = await this.db.select().from(candidateLink).where(eq(candidateLink.tokenHash, tokenHash)).limit(1);
    return row;
  }

  /** Spends a link once: false when it was spent or revoked meanwhile. */
  async useLink(id: string, at: Date): Promise<boolean> {
    const rows = await this.db
      .update(candidateLink)
      .set({ usedAt: at })
      .where(and(eq(candidateLink.id, id), isNull(candidateLink.usedAt), isNull(candidateLink.revokedAt)))
      .returning({ id: candidateLink.id });
    return rows.length === 1;
  }

  // ITC classes
  async itcClasses(fromDate: string): Promise<(CandidateItcClassRow & { enrolled: number })[]> {
    const rows = await this.db
      .select({
        id: candidateItcClass.id,
        code: candidateItcClass.code,
        startDate: candidateItcClass.startDate,
        endDate: candidateItcClass.endDate,
        location: candidateItcClass.location,
        capacity: candidateItcClass.capacity,
        createdDate: candidateItcClass.createdDate,
        // Spelt out: in a one-table select Drizzle writes columns unqualified, and an unqualified "id"
        // in the subquery would be the candidate's own (the count was always 0).
        enrolled: sql<number>`(SELECT count(*)::int FROM "candidate" AS c WHERE c."itc_class_id" = "candidate_itc_class"."id")`,
      })
      .from(candidateItcClass)
      .where(gte(candidateItcClass.startDate, fromDate))
      .orderBy(asc(candidateItcClass.startDate));
    return rows.map((r) => ({ ...r, enrolled: Number(r.enrolled) }));
  }

  async addItcClasses(rows: { code: string; startDate: string; endDate: string; location: string; capacity: number }[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db.insert(candidateItcClass).values(rows).onConflictDoNothing({ target: candidateItcClass.code });
  }

  async itcClass(id: string): Promise<CandidateItcClassRow | undefined> {
    const [row] = await this.db.select().from(candidateItcClass).where(eq(candidateItcClass.id, id)).limit(1);
    return row;
  }
}
