import { ID_TYPE_LABELS } from '@portal/domain/codes/application-labels';
import { isEditableStatus } from '@portal/domain/codes/candidate-status';
import type { Language } from '@portal/domain/codes/languages';
import {
  REQUIRED_RECRUITMENT_DOCUMENTS,
  isRecruitmentDocumentType,
  type CandidateDocumentType,
} from '@portal/domain/codes/recruitment-documents';
import type { CandidateDocument } from '@portal/domain/contracts/candidates/candidate';
import { todayInPhnomPenh } from '@portal/domain/format/date';
import { AppError } from '../../lib/app-error';
import type { Caller } from '../../plugins/caller';
import { PdfRenderError, type PdfRenderer } from '../../providers/pdf/pdf-renderer';
import type { AuditService } from '../audit/audit.service';
import type { Clock } from '../auth/clock';
import { requireEditable } from './candidate-common';
import { contractHtml } from './candidate-contract';
import { toDocument } from './candidate-mapper';
import type { CandidateRecords } from './candidate-records';
import { candidateScope } from './candidate-scope';
import { checkDocumentFile, type UploadedFile } from './candidate-upload';
import type { CandidatesRepository } from './candidates.repository';
import { codeLabel } from '../applications/application-form-labels';

/** Document types a candidate's own session may upload. */
export const CANDIDATE_UPLOAD_TYPES: readonly CandidateDocumentType[] = [
  ...REQUIRED_RECRUITMENT_DOCUMENTS,
  'employment-letter',
  'signed-contract',
];

/**
 * A candidate's documents: the recruitment documents and the signed contract uploaded with the
 * form (draft or returned only), the contract to sign as a PDF, and the insurer's countersigned
 * contract once the candidate is approved. Every download is audited.
 */
export class CandidateDocumentsService {
  constructor(
    private readonly candidates: CandidatesRepository,
    private readonly records: CandidateRecords,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    private readonly pdf: () => PdfRenderer,
  ) {}

  async uploadDocument(
    caller: Caller,
    candidateId: string | undefined,
    documentType: string | undefined,
    file: UploadedFile | undefined,
  ): Promise<CandidateDocument> {
    return this.audit.change(async () => {
      if (!candidateId) throw AppError.validation([{ field: 'candidateId', key: 'required' }]);
      const row = await this.records.require(caller, candidateId);
      if (!documentType) throw AppError.validation([{ field: 'documentType', key: 'required' }]);
      if (!isRecruitmentDocumentType(documentType) && documentType !== 'signed-contract')
        throw AppError.validation([{ field: 'documentType', key: 'invalid' }]);
      requireEditable(row);
      const { fileName, mediaType } = checkDocumentFile(file);
      const stored = await this.candidates.putDocument({
        candidateId: row.id,
        documentType,
        fileName,
        mediaType,
        data: (file as UploadedFile).data,
        uploadedBy: caller.user.id,
        at: this.clock.now(),
      });
      await this.records.record(caller, 'upload', row.id, { documentType, document: stored.id, size: stored.size });
      return toDocument(stored);
    });
  }

  async listDocuments(caller: Caller, candidateId: string): Promise<{ items: CandidateDocument[] }> {
    const row = await this.records.require(caller, candidateId);
    return { items: (await this.candidates.documents(row.id)).map(toDocument) };
  }

  /** A document of a candidate the caller sees, or 404. */
  private async requireDocument(caller: Caller, documentId: string) {
    const doc = await this.candidates.document(documentId);
    if (!doc) throw AppError.http(404);
    const row = await this.candidates.find(candidateScope(caller.user), doc.candidateId);
    if (!row) throw AppError.http(404);
    return { doc, row };
  }

  async deleteDocument(caller: Caller, documentId: string): Promise<{ ok: true }> {
    return this.audit.change(async () => {
      const { doc, row } = await this.requireDocument(caller, documentId);
      requireEditable(row);
      if (doc.documentType === 'irc-licence' || doc.documentType === 'countersigned-contract') throw AppError.http(403);
      await this.candidates.deleteDocument(doc);
      await this.records.record(caller, 'delete_document', row.id, { document: doc.id, documentType: doc.documentType });
      return { ok: true };
    });
  }

  async downloadDocument(caller: Caller, documentId: string): Promise<{ fileName: string; mediaType: string; data: Buffer }> {
    const { doc, row } = await this.requireDocument(caller, documentId);
    const blob = await this.candidates.blob(doc.blobId);
    if (!blob) throw AppError.http(404);
    await this.records.record(caller, 'download', row.id, { document: doc.id, documentType: doc.documentType });
    return { fileName: doc.fileName, mediaType: doc.mediaType, data: blob.data };
  }

  /** The contract to review and sign, as a PDF in the caller's language. */
  async contractPdf(caller: Caller, candidateId: string, lang: Language): Promise<{ fileName: string; pdf: Buffer }> {
    const row = await this.records.require(caller, candidateId);
    const today = todayInPhnomPenh(this.clock.now());
    const agencyNames = await this.candidates.agencyNames(row.agencyId);
    const htmlText = contractHtml({
      lang,
      today,
      candidateNumber: row.candidateNumber,
      name:
        lang === 'km' && row.lastNameKh && row.firstNameKh ? `${row.lastNameKh} ${row.firstNameKh}` : `${row.firstName} ${row.lastName}`,
      idNumber: row.idNumber,
      idTypeName: row.idType ? codeLabel(ID_TYPE_LABELS, row.idType, lang) : null,
      agencyName: lang === 'km' && agencyNames?.nameKh ? agencyNames.nameKh : (agencyNames?.name ?? null),
    });
    let pdf: Buffer;
    try {
      pdf = await this.pdf().render(htmlText);
    } catch (error) {
      if (error instanceof PdfRenderError) throw new AppError(503, 503, 'unavailable', undefined, { cause: error });
      throw error;
    }
    await this.records.record(caller, 'download', row.id, { document: 'contract', lang });
    return { fileName: `contract-${row.candidateNumber}.pdf`, pdf };
  }

  /** The insurer's countersigned contract (agency admin), once the candidate is approved. */
  async uploadCountersigned(caller: Caller, candidateId: string | undefined, file: UploadedFile | undefined): Promise<CandidateDocument> {
    return this.audit.change(async () => {
      if (!candidateId) throw AppError.validation([{ field: 'candidateId', key: 'required' }]);
      const row = await this.records.require(caller, candidateId);
      if (isEditableStatus(row.status) || row.status === 'submitted')
        throw new AppError(409, 'candidate_wrong_state', 'candidate_wrong_state');
      const { fileName, mediaType } = checkDocumentFile(file);
      const stored = await this.candidates.putDocument({
        candidateId: row.id,
        documentType: 'countersigned-contract',
        fileName,
        mediaType,
        data: (file as UploadedFile).data,
        uploadedBy: caller.user.id,
        at: this.clock.now(),
      });
      await this.records.record(caller, 'upload', row.id, { documentType: 'countersigned-contract', document: stored.id });
      return toDocument(stored);
    });
  }
}
