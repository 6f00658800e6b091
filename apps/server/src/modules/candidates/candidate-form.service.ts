import type { CandidateStatus } from '@portal/domain/codes/candidate-status';
import { REQUIRED_RECRUITMENT_DOCUMENTS } from '@portal/domain/codes/recruitment-documents';
import type { Candidate, FindCandidatesResponse, FindExistingResponse } from '@portal/domain/contracts/candidates/candidate';
import type { CandidateInitRequest, CandidateUpdateRequest } from '@portal/domain/contracts/candidates/candidate-fields';
import { isUnderAge } from '@portal/domain/rules/recruitment';
import type { NewCandidateRow } from '../../db/schema/candidate.table';
import { AppError } from '../../lib/app-error';
import type { Caller } from '../../plugins/caller';
import type { AuditService } from '../audit/audit.service';
import type { Clock } from '../auth/clock';
import { ineligible, requireEditable, withFiller } from './candidate-common';
import { toSummary } from './candidate-mapper';
import type { CandidateRecords, PersonKeys } from './candidate-records';
import { actingRole, candidateScope, isApplicant } from './candidate-scope';
import type { CandidatesRepository } from './candidates.repository';

function personal(body: CandidateInitRequest): Partial<NewCandidateRow> {
  return {
    firstName: body.firstName,
    lastName: body.lastName,
    firstNameKh: body.firstNameKh ?? null,
    lastNameKh: body.lastNameKh ?? null,
    gender: body.gender,
    dateOfBirth: body.dateOfBirth,
    phone: body.phone,
    email: body.email ?? null,
    idType: body.idType,
    idNumber: body.idNumber ?? null,
    address: body.address ?? null,
  };
}

/**
 * The recruitment form: who may be started, starting a candidate by form (a recruiter, or a
 * signed-in ROLE_CAN for themselves), reading and searching candidates, saving the form (the
 * code of conduct and the contract are the candidate's own to accept) and submitting it for review.
 * Every state change goes through `repository.move` (conditional on the state and version, with a
 * history row); every read or change of a candidate's personal data is audited.
 */
export class CandidateFormService {
  constructor(
    private readonly candidates: CandidatesRepository,
    private readonly records: CandidateRecords,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  async findExisting(caller: Caller, input: PersonKeys): Promise<FindExistingResponse> {
    const result = await this.records.eligibility(input);
    await this.records.record(caller, 'check_eligibility', null, { eligible: result.eligible, reason: result.reason ?? null });
    return result;
  }

  /** form/init (mode=createRecruitmentApp): a recruiter fills the form, or a signed-in ROLE_CAN starts their own. */
  async init(caller: Caller, body: CandidateInitRequest): Promise<Candidate> {
    if (isUnderAge(body.dateOfBirth, this.clock.now())) throw ineligible('under_age');
    return this.audit.change(async () => {
      await this.records.assertEligible({ phone: body.phone, idNumber: body.idNumber });
      const now = this.clock.now();
      const self = isApplicant(caller.user);
      if (self && (await this.candidates.findOwn(caller.user.id))) throw new AppError(409, 409, 'conflict');
      const row = await this.candidates.create(
        {
          ...personal(body),
          firstName: body.firstName,
          lastName: body.lastName,
          phone: body.phone,
          agencyId: caller.user.agencyId,
          recruiterUserId: self ? null : caller.user.id,
          applicantUserId: self ? caller.user.id : null,
          formFillerIds: withFiller([], caller),
          createdDate: now,
          modifiedDate: now,
          createdBy: caller.user.id,
          modifiedBy: caller.user.id,
        },
        { actorUserId: caller.user.id, actorRole: actingRole(caller.user), at: now },
      );
      await this.records.record(caller, 'create', row.id, { mode: 'createRecruitmentApp' });
      return this.records.view(row);
    });
  }

  // --- Reading --------------------------------------------------------------------------

  /** form/find: a candidate's own form; a recruiter names one with `candidateNumber`. */
  async findForm(caller: Caller, candidateNumber: string | undefined): Promise<Candidate> {
    const row = isApplicant(caller.user)
      ? await this.candidates.findOwn(caller.user.id)
      : candidateNumber
        ? await this.candidates.findByNumber(candidateScope(caller.user), candidateNumber.trim().toUpperCase())
        : undefined;
    if (!row) throw AppError.http(404);
    await this.records.record(caller, 'read', row.id);
    return this.records.view(row);
  }

  async findOne(caller: Caller, id: string): Promise<Candidate> {
    const row = await this.records.require(caller, id);
    await this.records.record(caller, 'read', row.id);
    return this.records.view(row);
  }

  async list(
    caller: Caller,
    query: { q?: string | undefined; status?: CandidateStatus | undefined; page: number; size: number },
  ): Promise<FindCandidatesResponse> {
    const q = query.q?.trim();
    if (q && q.length < 3) throw AppError.validation([{ field: 'q', key: 'minlength' }]);
    const { rows, total } = await this.candidates.list(candidateScope(caller.user), { ...query, q: q || undefined });
    await this.records.record(caller, 'search', null, { count: rows.length });
    return { items: rows.map(toSummary), total };
  }

  // --- The form -------------------------------------------------------------------------

  async update(caller: Caller, id: string, body: CandidateUpdateRequest): Promise<Candidate> {
    return this.audit.change(async () => {
      const row = await this.records.require(caller, id);
      requireEditable(row);
      if (row.version !== body.version) throw AppError.http(409);
      if (body.phone !== row.phone || (body.idNumber ?? null) !== row.idNumber) {
        await this.records.assertEligible({ phone: body.phone, idNumber: body.idNumber }, row.id);
      }
      const now = this.clock.now();
      const own = isApplicant(caller.user);
      // The code of conduct and the contract are the candidate's to accept: staff may not change either.
      if (
        !own &&
        (body.codeOfConductAccepted !== (row.codeOfConductAcceptedAt !== null) ||
          body.contractAccepted !== (row.contractAcceptedAt !== null))
      )
        throw new AppError(403, 'acceptance_candidate_only', 'acceptance_candidate_only');
      const accepted = (flag: boolean, at: Date | null, ip: string | null) =>
        flag ? { at: at ?? now, ip: at ? ip : caller.ip } : { at: null, ip: null };
      const conduct = accepted(body.codeOfConductAccepted, row.codeOfConductAcceptedAt, row.codeOfConductAcceptedIp);
      const contract = accepted(body.contractAccepted, row.contractAcceptedAt, row.contractAcceptedIp);
      const updated = await this.candidates.update(id, body.version, {
        ...personal(body),
        education: body.education,
        workHistory: body.workHistory,
        codeOfConductAcceptedAt: conduct.at,
        codeOfConductAcceptedIp: conduct.ip,
        contractAcceptedAt: contract.at,
        contractAcceptedIp: contract.ip,
        formFillerIds: withFiller(row.formFillerIds, caller),
        modifiedDate: now,
        modifiedBy: caller.user.id,
      });
      if (!updated) throw AppError.http(409);
      await this.records.record(caller, 'update', id, { fields: ['personal', 'education', 'workHistory', 'codeOfConduct', 'contract'] });
      return this.records.view(updated);
    });
  }

  /** Submits a complete form: every required document, education, the code of conduct and the signed contract. */
  async submit(caller: Caller, id: string, expectedVersion: number | undefined): Promise<Candidate> {
    return this.audit.change(async () => {
      const row = await this.records.require(caller, id);
      requireEditable(row);
      if (expectedVersion !== undefined && row.version !== expectedVersion) throw AppError.http(409);
      const version = row.version;
      const documents = await this.candidates.documents(id);
      const have = new Set(documents.map((d) => d.documentType));
      const errors: { field: string; key: string }[] = [];
      if (!row.dateOfBirth) errors.push({ field: 'dateOfBirth', key: 'required' });
      if (!row.gender) errors.push({ field: 'gender', key: 'required' });
      if (!row.idType || !row.idNumber) errors.push({ field: 'idNumber', key: 'required' });
      if (row.education.length === 0) errors.push({ field: 'education', key: 'required' });
      for (const type of REQUIRED_RECRUITMENT_DOCUMENTS) if (!have.has(type)) errors.push({ field: `documents.${type}`, key: 'required' });
      if (!row.codeOfConductAcceptedAt) errors.push({ field: 'codeOfConductAccepted', key: 'required' });
      if (!row.contractAcceptedAt) errors.push({ field: 'contractAccepted', key: 'required' });
      if (!have.has('signed-contract')) errors.push({ field: 'documents.signed-contract', key: 'required' });
      if (errors.length > 0) throw AppError.validation(errors);
      if (isUnderAge(row.dateOfBirth, this.clock.now())) throw ineligible('under_age');
      const moved = await this.candidates.move(
        id,
        version,
        row.status,
        'submitted',
        { reviewComment: null, formFillerIds: withFiller(row.formFillerIds, caller) },
        {
          actorUserId: caller.user.id,
          actorRole: actingRole(caller.user),
          at: this.clock.now(),
        },
      );
      if (!moved) throw AppError.http(409);
      await this.records.record(caller, 'submit', id);
      return this.records.view(moved);
    });
  }
}
