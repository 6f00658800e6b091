import type { Candidate, CandidateDocument, CandidateSummary } from '@portal/domain/contracts/candidates/candidate';
import { instantToOffsetDateTime } from '@portal/domain/format/date';
import type { CandidateDocumentRow } from '../../db/schema/candidate-document.table';
import type { CandidateItcClassRow } from '../../db/schema/candidate-itc-class.table';
import type { CandidateRow } from '../../db/schema/candidate.table';
import type { HistoryEntry } from './candidates.repository';

export function toDocument(row: CandidateDocumentRow): CandidateDocument {
  return {
    id: row.id,
    documentType: row.documentType,
    fileName: row.fileName,
    mediaType: row.mediaType,
    size: row.size,
    uploadedAt: instantToOffsetDateTime(row.uploadedAt),
  };
}

export function toSummary(row: CandidateRow): CandidateSummary {
  return {
    id: row.id,
    candidateNumber: row.candidateNumber,
    status: row.status,
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    agentCode: row.agentCode,
    traineeUserId: row.traineeUserId,
    ircLicenceNumber: row.ircLicenceNumber,
    modifiedDate: instantToOffsetDateTime(row.modifiedDate),
  };
}

export interface CandidateExtras {
  documents: CandidateDocumentRow[];
  history: HistoryEntry[];
  itcClass: CandidateItcClassRow | undefined;
  recruiterName: string | null;
  traineeUsername: string | null;
}

export function toCandidate(row: CandidateRow, extras: CandidateExtras): Candidate {
  const iso = (d: Date | null) => (d ? instantToOffsetDateTime(d) : null);
  return {
    id: row.id,
    candidateNumber: row.candidateNumber,
    status: row.status,
    firstName: row.firstName,
    lastName: row.lastName,
    firstNameKh: row.firstNameKh,
    lastNameKh: row.lastNameKh,
    gender: row.gender,
    dateOfBirth: row.dateOfBirth,
    phone: row.phone,
    email: row.email,
    idType: row.idType,
    idNumber: row.idNumber,
    address: row.address,
    education: row.education,
    workHistory: row.workHistory,
    codeOfConductAcceptedAt: iso(row.codeOfConductAcceptedAt),
    contractAcceptedAt: iso(row.contractAcceptedAt),
    reviewComment: row.reviewComment,
    itcClass: extras.itcClass
      ? {
          id: extras.itcClass.id,
          code: extras.itcClass.code,
          startDate: extras.itcClass.startDate,
          endDate: extras.itcClass.endDate,
          location: extras.itcClass.location,
        }
      : null,
    exam:
      row.examDate && row.examScore !== null && (row.examResult === 'PASS' || row.examResult === 'FAIL')
        ? { date: row.examDate, score: row.examScore, result: row.examResult }
        : null,
    ircLicenceNumber: row.ircLicenceNumber,
    agentCode: row.agentCode,
    traineeUsername: extras.traineeUsername,
    traineeUserId: row.traineeUserId,
    recruiterName: extras.recruiterName,
    documents: extras.documents.map(toDocument),
    history: extras.history.map((h) => ({
      fromStatus: h.fromStatus,
      toStatus: h.toStatus,
      actorName: h.actorName,
      actorRole: h.actorRole,
      comment: h.comment,
      at: instantToOffsetDateTime(h.at),
    })),
    createdDate: instantToOffsetDateTime(row.createdDate),
    modifiedDate: instantToOffsetDateTime(row.modifiedDate),
    version: row.version,
  };
}
