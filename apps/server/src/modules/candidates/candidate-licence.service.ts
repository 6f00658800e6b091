import type { Candidate, FindCandidatesResponse } from '@portal/domain/contracts/candidates/candidate';
import { IRC_LICENCE_PATTERN } from '@portal/domain/contracts/candidates/candidate';
import { AppError } from '../../lib/app-error';
import type { Caller } from '../../plugins/caller';
import type { AuditService } from '../audit/audit.service';
import type { Clock } from '../auth/clock';
import { assertFourEyes } from './candidate-common';
import type { CandidateDocumentsService } from './candidate-documents.service';
import { toSummary } from './candidate-mapper';
import type { CandidateRecords } from './candidate-records';
import { actingRole, candidateScope } from './candidate-scope';
import { checkDocumentFile, type UploadedFile } from './candidate-upload';
import type { CandidatesRepository } from './candidates.repository';

/**
 * IRC licences: the licence of a candidate who passed the exam (four-eyes; the candidate becomes
 * `licensed`), the list of candidates waiting for or holding one, and the licence file.
 */
export class CandidateLicenceService {
  constructor(
    private readonly candidates: CandidatesRepository,
    private readonly records: CandidateRecords,
    private readonly documents: CandidateDocumentsService,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  /** irc/upload: the licence of a candidate who passed the exam; they become `licensed`. */
  async uploadIrc(
    caller: Caller,
    candidateId: string | undefined,
    licenceNumber: string | undefined,
    file: UploadedFile | undefined,
  ): Promise<Candidate> {
    return this.audit.change(async () => {
      if (!candidateId) throw AppError.validation([{ field: 'candidateId', key: 'required' }]);
      const row = await this.records.require(caller, candidateId);
      const number = licenceNumber?.trim().toUpperCase() ?? '';
      if (!number) throw AppError.validation([{ field: 'licenceNumber', key: 'required' }]);
      if (!IRC_LICENCE_PATTERN.test(number)) throw AppError.validation([{ field: 'licenceNumber', key: 'pattern' }]);
      if (row.status !== 'exam_passed' && row.status !== 'licensed')
        throw new AppError(409, 'candidate_wrong_state', 'candidate_wrong_state');
      assertFourEyes(row, caller.user.id, 'irc_upload');
      const { fileName, mediaType } = checkDocumentFile(file);
      const now = this.clock.now();
      const moved = await this.candidates.transaction(async (tx) => {
        await this.candidates.putDocument(
          {
            candidateId: row.id,
            documentType: 'irc-licence',
            fileName,
            mediaType,
            data: (file as UploadedFile).data,
            uploadedBy: caller.user.id,
            at: now,
          },
          tx,
        );
        return this.candidates.move(
          row.id,
          row.version,
          row.status,
          'licensed',
          { ircLicenceNumber: number },
          {
            actorUserId: caller.user.id,
            actorRole: actingRole(caller.user),
            comment: `IRC ${number}`,
            at: now,
          },
          tx,
        );
      });
      if (!moved) throw AppError.http(409);
      await this.records.record(caller, 'upload', row.id, { documentType: 'irc-licence' });
      return this.records.view(moved);
    });
  }

  /** irc/find: candidates waiting for (exam passed) or holding (licensed, converted) an IRC licence. */
  async ircList(caller: Caller, q: string | undefined): Promise<FindCandidatesResponse> {
    const trimmed = q?.trim();
    if (trimmed && trimmed.length < 3) throw AppError.validation([{ field: 'q', key: 'minlength' }]);
    const scope = candidateScope(caller.user);
    const lists = await Promise.all(
      (['exam_passed', 'licensed', 'converted'] as const).map((status) =>
        this.candidates.list(scope, { q: trimmed || undefined, status, page: 0, size: 100 }),
      ),
    );
    const rows = lists.flatMap((l) => l.rows);
    await this.records.record(caller, 'search', null, { view: 'irc', count: rows.length });
    return { items: rows.map(toSummary), total: rows.length };
  }

  async downloadIrc(caller: Caller, candidateId: string): Promise<{ fileName: string; mediaType: string; data: Buffer }> {
    const row = await this.records.require(caller, candidateId);
    const doc = (await this.candidates.documents(row.id)).find((d) => d.documentType === 'irc-licence');
    if (!doc) throw AppError.http(404);
    return this.documents.downloadDocument(caller, doc.id);
  }
}
