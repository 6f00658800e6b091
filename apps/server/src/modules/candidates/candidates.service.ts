import { randomUUID } from 'node:crypto';
import { canMove, isEditableStatus, type CandidateStatus } from '@portal/domain/codes/candidate-status';
import type { Language } from '@portal/domain/codes/languages';
import {
  REQUIRED_RECRUITMENT_DOCUMENTS,
  isRecruitmentDocumentType,
  type CandidateDocumentType,
} from '@portal/domain/codes/recruitment-documents';
import { ROLE_AA, ROLE_AAP, ROLE_AS, ROLE_BK, ROLE_CNL, ROLE_TRAINEE } from '@portal/domain/codes/roles';
import type {
  Candidate,
  CandidateDocument,
  FindCandidatesResponse,
  FindExistingResponse,
  IneligibleReason,
  ItcClass,
  LinkOtpResponse,
  LinkVerifyResponse,
  RequestLinkResponse,
  ReviewRequest,
} from '@portal/domain/contracts/candidates/candidate';
import { IRC_LICENCE_PATTERN } from '@portal/domain/contracts/candidates/candidate';
import type {
  CandidateInitRequest,
  CandidateUpdateRequest,
  RequestLinkRequest,
} from '@portal/domain/contracts/candidates/candidate-fields';
import { todayInPhnomPenh } from '@portal/domain/format/date';
import { breaksFourEyes, isUnderAge, type FourEyesAction } from '@portal/domain/rules/recruitment';
import { normalisePhone } from '@portal/domain/format/phone';
import type { CandidateRow, NewCandidateRow } from '../../db/schema/candidate.table';
import { AppError } from '../../lib/app-error';
import type { SmsProvider } from '../../providers/sms/sms-provider';
import { PdfRenderError, type PdfRenderer } from '../../providers/pdf/pdf-renderer';
import type { AuditService } from '../audit/audit.service';
import { signAccessToken } from '../auth/access-token';
import { sha256 } from '../auth/auth-crypto';
import { maskPhone } from '../auth/auth.service';
import type { Clock } from '../auth/clock';
import { addSeconds } from '../auth/clock';
import type { CallContext, OtpService } from '../auth/otp.service';
import { contractHtml } from './candidate-contract';
import { CANDIDATE_LINK_TTL_SECONDS, CANDIDATE_SESSION_TTL_SECONDS, signLinkToken, verifyLinkToken } from './candidate-link-token';
import { toCandidate, toDocument, toSummary } from './candidate-mapper';
import { actingRole, candidateScope, isApplicant } from './candidate-scope';
import { checkDocumentFile, type UploadedFile } from './candidate-upload';
import type { CandidatesRepository } from './candidates.repository';
import type { Caller } from '../../plugins/caller';

/** Roles of people who already sell or serve: such a person is not recruited again. */
export const AGENT_ROLES = [ROLE_AAP, ROLE_BK, ROLE_AS, ROLE_AA, ROLE_TRAINEE] as const;
const AUDIT_ENTITY = 'candidate';
/** Months of ITC classes kept scheduled ahead. */
const ITC_MONTHS_AHEAD = 3;

export interface CandidatesConfig {
  jwtSecret: string;
  /** Where the portal is reached from outside: the secure link's origin. */
  publicOrigin: string;
}

/** An expired, used, replaced or forged link: the web shows /secure-link/link-expired. */
export const linkExpired = () => new AppError(410, 'link_expired', 'link_expired');
const ineligible = (reason: IneligibleReason) => new AppError(409, `ineligible_${reason}`, `ineligible_${reason}`);
/**
 * The four-eyes rule (rules/recruitment.ts): the caller recruited the candidate or filled their
 * form, so another agency admin must take this step (403 `four_eyes`).
 */
export function assertFourEyes(
  row: Pick<CandidateRow, 'recruiterUserId' | 'formFillerIds'>,
  actorUserId: string,
  action: FourEyesAction,
): void {
  if (breaksFourEyes(row, actorUserId)) throw new AppError(403, 'four_eyes', `four_eyes_${action}`);
}

/** Staff who fill a candidate's form are its makers for the four-eyes rule; the candidate's own session is not. */
function withFiller(fillers: readonly string[], caller: Caller): string[] {
  if (isApplicant(caller.user) || fillers.includes(caller.user.id)) return [...fillers];
  return [...fillers, caller.user.id];
}

/** The chosen ITC class has no free seat (422 on itcClassId). */
const itcClassFull = () => new AppError(422, 'itc_class_full', 'itc_class_full', [{ field: 'itcClassId', key: 'itc_class_full' }]);

/**
 * The recruitment pipeline: starting a candidate (form or secure link), the candidate's
 * own form and documents, the agency admin's review, ITC classes, contracts and IRC licences.
 * Every state change goes through `repository.move` (conditional on the state and version, with a
 * history row); every read or change of a candidate's personal data is audited.
 */
export class CandidatesService {
  constructor(
    private readonly candidates: CandidatesRepository,
    private readonly audit: AuditService,
    private readonly otp: OtpService,
    private readonly sms: SmsProvider,
    private readonly clock: Clock,
    private readonly config: CandidatesConfig,
    private readonly pdf: () => PdfRenderer,
  ) {}

  private now(): Date {
    return this.clock.now();
  }

  private record(caller: Caller, action: string, id: string | null, details?: Record<string, unknown>): Promise<void> {
    return this.audit.record({
      actorUserId: caller.user.id,
      action,
      entity: AUDIT_ENTITY,
      entityId: id,
      ip: caller.ip,
      details: details ?? null,
    });
  }

  private async view(row: CandidateRow): Promise<Candidate> {
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

  // --- Starting a candidate -------------------------------------------------------------

  /** find/existing: an existing agent, a blocked person or one already in the pipeline may not be started. */
  async eligibility(
    input: { phone?: string | undefined; idNumber?: string | undefined },
    exceptId?: string,
  ): Promise<FindExistingResponse> {
    const phone = input.phone ? (normalisePhone(input.phone) ?? undefined) : undefined;
    const idNumber = input.idNumber?.trim() || undefined;
    if (await this.candidates.isBlocked(phone, idNumber)) return { eligible: false, reason: 'blocked' };
    if (await this.candidates.isExistingAgent(phone, idNumber, AGENT_ROLES)) return { eligible: false, reason: 'existing_agent' };
    if (await this.candidates.inProgress(phone, idNumber, exceptId)) return { eligible: false, reason: 'in_progress' };
    return { eligible: true };
  }

  async findExisting(caller: Caller, input: { phone?: string | undefined; idNumber?: string | undefined }): Promise<FindExistingResponse> {
    const result = await this.eligibility(input);
    await this.record(caller, 'check_eligibility', null, { eligible: result.eligible, reason: result.reason ?? null });
    return result;
  }

  private async assertEligible(input: { phone?: string | undefined; idNumber?: string | undefined }, exceptId?: string): Promise<void> {
    const result = await this.eligibility(input, exceptId);
    if (!result.eligible && result.reason) throw ineligible(result.reason);
  }

  private personal(body: CandidateInitRequest): Partial<NewCandidateRow> {
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

  /** form/init (mode=createRecruitmentApp): a recruiter fills the form, or a signed-in ROLE_CAN starts their own. */
  async init(caller: Caller, body: CandidateInitRequest): Promise<Candidate> {
    if (isUnderAge(body.dateOfBirth, this.now())) throw ineligible('under_age');
    return this.audit.change(async () => {
      await this.assertEligible({ phone: body.phone, idNumber: body.idNumber });
      const now = this.now();
      const self = isApplicant(caller.user);
      if (self && (await this.candidates.findOwn(caller.user.id))) throw new AppError(409, 409, 'conflict');
      const row = await this.candidates.create(
        {
          ...this.personal(body),
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
      await this.record(caller, 'create', row.id, { mode: 'createRecruitmentApp' });
      return this.view(row);
    });
  }

  /**
   * form/link (mode=requestTokenLink): starts a candidate (or takes one in draft/returned) and sends
   * the secure link by SMS. Behind the link is a ROLE_CNL account with no password: it can only
   * receive the OTP that opens the candidate's own form.
   */
  async requestLink(caller: Caller, body: RequestLinkRequest): Promise<RequestLinkResponse> {
    return this.audit.change(async () => {
      const now = this.now();
      let row: CandidateRow | undefined;
      if (body.candidateNumber) {
        row = await this.candidates.findByNumber(candidateScope(caller.user), body.candidateNumber.trim().toUpperCase());
        if (!row) throw AppError.http(404);
        if (!isEditableStatus(row.status)) throw new AppError(409, 409, 'conflict');
        // A form a recruiter started gets the candidate's own account now: only that session accepts the code of conduct and the contract.
        if (!row.applicantUserId) {
          row = await this.candidates.attachApplicant(row.id, {
            username: `cnl.${row.candidateNumber.toLowerCase()}`,
            displayName: `${row.firstName} ${row.lastName}`,
            phone: row.phone,
            passwordHash: null,
            roles: [ROLE_CNL],
            agencyId: row.agencyId,
            alias: 'CNL',
          });
          if (!row) throw new AppError(409, 409, 'conflict');
        }
      } else {
        await this.assertEligible({ phone: body.phone, idNumber: body.idNumber });
        const cnlUsername = `cnl.${randomUUID()}`;
        row = await this.candidates.create(
          {
            firstName: body.firstName,
            lastName: body.lastName,
            phone: body.phone,
            idNumber: body.idNumber ?? null,
            agencyId: caller.user.agencyId,
            recruiterUserId: caller.user.id,
            createdDate: now,
            modifiedDate: now,
            createdBy: caller.user.id,
            modifiedBy: caller.user.id,
          },
          { actorUserId: caller.user.id, actorRole: actingRole(caller.user), comment: 'secure link sent', at: now },
          {
            username: cnlUsername,
            displayName: `${body.firstName} ${body.lastName}`,
            phone: body.phone,
            passwordHash: null,
            roles: [ROLE_CNL],
            agencyId: caller.user.agencyId,
            alias: 'CNL',
          },
        );
        // A readable username for the OTP throttles and the dev outbox: the candidate number.
        if (row.applicantUserId)
          await this.candidates.setApplicantUsername(row.applicantUserId, `cnl.${row.candidateNumber.toLowerCase()}`);
      }
      const linkId = randomUUID();
      const token = await signLinkToken(this.config.jwtSecret, { linkId, candidateId: row.id }, now);
      await this.candidates.addLink({
        id: linkId,
        candidateId: row.id,
        tokenHash: sha256(token),
        expiresAt: addSeconds(now, CANDIDATE_LINK_TTL_SECONDS),
        createdBy: caller.user.id,
        at: now,
      });
      const link = `${this.config.publicOrigin}/secure-link#token=${token}`;
      await this.sms.send({
        to: row.phone,
        username: `cnl.${row.candidateNumber.toLowerCase()}`,
        purpose: 'secure-link',
        body: `Advisor Portal: continue your agent application ${row.candidateNumber} here: ${link} (valid 72 hours, one use). / បំពេញពាក្យស្នើសុំធ្វើជាភ្នាក់ងាររបស់អ្នកនៅទីនេះ៖ ${link}`,
        payload: { link },
      });
      await this.record(caller, 'send_link', row.id, { linkId });
      return {
        candidateId: row.id,
        candidateNumber: row.candidateNumber,
        maskedPhone: maskPhone(row.phone),
        expiresIn: CANDIDATE_LINK_TTL_SECONDS,
      };
    });
  }

  /** The live link a token names, and its candidate; anything else is `link_expired` (410). */
  private async liveLink(token: string): Promise<{ linkId: string; row: CandidateRow }> {
    const now = this.now();
    const claims = await verifyLinkToken(this.config.jwtSecret, token, now);
    if (!claims) throw linkExpired();
    const link = await this.candidates.findLink(sha256(token));
    if (!link || link.id !== claims.linkId || link.usedAt || link.revokedAt || link.expiresAt <= now) throw linkExpired();
    const row = await this.candidates.findAnyById(link.candidateId);
    if (!row || !row.applicantUserId || !isEditableStatus(row.status)) throw linkExpired();
    return { linkId: link.id, row };
  }

  /** form/link/otp: the link is good; an OTP goes to the candidate's phone (the auth module's OTP service). */
  async linkOtp(token: string, context: CallContext): Promise<LinkOtpResponse> {
    const { row } = await this.liveLink(token);
    const username = `cnl.${row.candidateNumber.toLowerCase()}`;
    const sent = await this.otp.issue({ userId: row.applicantUserId, username, phone: row.phone }, 'login', context);
    return { requestCode: sent.requestCode, maskedPhone: maskPhone(row.phone), expiresIn: sent.expiresIn, resendIn: sent.resendIn };
  }

  /**
   * form/link/otp/verify: the right OTP spends the link (single use) and answers a ROLE_CNL access
   * token for the candidate's own form. The same OTP cannot be used twice, nor the link again.
   */
  async linkVerify(input: { token: string; requestCode: string; otp: string }, context: CallContext): Promise<LinkVerifyResponse> {
    const { linkId, row } = await this.liveLink(input.token);
    // Outside the transaction: a wrong code's counted attempt stays counted.
    const otpRow = await this.otp.check(input.requestCode, input.otp, ['login'], context);
    if (otpRow.userId !== row.applicantUserId) throw linkExpired();
    return this.audit.change(async () => {
      await this.otp.consume(otpRow);
      const now = this.now();
      if (!(await this.candidates.useLink(linkId, now))) throw linkExpired();
      const accessToken = await signAccessToken(
        this.config.jwtSecret,
        {
          sub: row.applicantUserId as string,
          roles: [ROLE_CNL],
          scopes: ['candidate'],
          agencyId: row.agencyId,
          sid: null,
        },
        now,
        CANDIDATE_SESSION_TTL_SECONDS,
      );
      await this.audit.record({
        actorUserId: row.applicantUserId,
        action: 'link_verified',
        entity: AUDIT_ENTITY,
        entityId: row.id,
        ip: context.ip,
        details: { linkId },
      });
      return {
        accessToken,
        expiresIn: CANDIDATE_SESSION_TTL_SECONDS,
        candidateNumber: row.candidateNumber,
        user: {
          id: row.applicantUserId as string,
          username: `cnl.${row.candidateNumber.toLowerCase()}`,
          displayName: `${row.firstName} ${row.lastName}`,
          roles: [ROLE_CNL],
          alias: 'CNL',
        },
      };
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
    await this.record(caller, 'read', row.id);
    return this.view(row);
  }

  async findOne(caller: Caller, id: string): Promise<Candidate> {
    const row = await this.require(caller, id);
    await this.record(caller, 'read', row.id);
    return this.view(row);
  }

  async list(
    caller: Caller,
    query: { q?: string | undefined; status?: CandidateStatus | undefined; page: number; size: number },
  ): Promise<FindCandidatesResponse> {
    const q = query.q?.trim();
    if (q && q.length < 3) throw AppError.validation([{ field: 'q', key: 'minlength' }]);
    const { rows, total } = await this.candidates.list(candidateScope(caller.user), { ...query, q: q || undefined });
    await this.record(caller, 'search', null, { count: rows.length });
    return { items: rows.map(toSummary), total };
  }

  // --- The form -------------------------------------------------------------------------

  private requireEditable(row: CandidateRow): void {
    if (!isEditableStatus(row.status)) throw new AppError(409, 'candidate_not_editable', 'candidate_not_editable');
  }

  async update(caller: Caller, id: string, body: CandidateUpdateRequest): Promise<Candidate> {
    return this.audit.change(async () => {
      const row = await this.require(caller, id);
      this.requireEditable(row);
      if (row.version !== body.version) throw AppError.http(409);
      if (body.phone !== row.phone || (body.idNumber ?? null) !== row.idNumber) {
        await this.assertEligible({ phone: body.phone, idNumber: body.idNumber }, row.id);
      }
      const now = this.now();
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
        ...this.personal(body),
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
      await this.record(caller, 'update', id, { fields: ['personal', 'education', 'workHistory', 'codeOfConduct', 'contract'] });
      return this.view(updated);
    });
  }

  /** Submits a complete form: every required document, education, the code of conduct and the signed contract. */
  async submit(caller: Caller, id: string, expectedVersion: number | undefined): Promise<Candidate> {
    return this.audit.change(async () => {
      const row = await this.require(caller, id);
      this.requireEditable(row);
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
      if (isUnderAge(row.dateOfBirth, this.now())) throw ineligible('under_age');
      const moved = await this.candidates.move(
        id,
        version,
        row.status,
        'submitted',
        { reviewComment: null, formFillerIds: withFiller(row.formFillerIds, caller) },
        {
          actorUserId: caller.user.id,
          actorRole: actingRole(caller.user),
          at: this.now(),
        },
      );
      if (!moved) throw AppError.http(409);
      await this.record(caller, 'submit', id);
      return this.view(moved);
    });
  }

  // --- Review (agency admin) ------------------------------------------------------------

  async review(caller: Caller, body: ReviewRequest): Promise<Candidate> {
    return this.audit.change(async () => {
      const row = await this.require(caller, body.candidateId);
      if (row.version !== body.version) throw AppError.http(409);
      if (body.action === 'assignItc') await this.scheduleItcClasses();
      const to: CandidateStatus = body.action === 'approve' ? 'approved' : body.action === 'return' ? 'returned' : 'itc_assigned';
      if (!canMove(row.status, to)) throw new AppError(409, 'candidate_wrong_state', 'candidate_wrong_state');
      if (body.action === 'approve') assertFourEyes(row, caller.user.id, 'approve');
      const set: Partial<NewCandidateRow> = {};
      if (body.action === 'return') set.reviewComment = body.comment ?? null;
      const stage = { actorUserId: caller.user.id, actorRole: actingRole(caller.user), comment: body.comment ?? null, at: this.now() };
      let moved: CandidateRow | undefined;
      if (body.action === 'assignItc') {
        const itc = body.itcClassId ? await this.candidates.itcClass(body.itcClassId) : undefined;
        if (!itc || itc.startDate < todayInPhnomPenh(this.now())) throw AppError.validation([{ field: 'itcClassId', key: 'invalid' }]);
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
      await this.record(caller, body.action, row.id);
      return this.view(moved);
    });
  }

  /**
   * Keeps the coming months' ITC classes scheduled (one a month, idempotent). Run when the app
   * starts and before a class is assigned, never on a read.
   */
  async scheduleItcClasses(): Promise<void> {
    const today = todayInPhnomPenh(this.now());
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
    const rows = await this.candidates.itcClasses(todayInPhnomPenh(this.now()));
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

  // --- Documents ------------------------------------------------------------------------

  async uploadDocument(
    caller: Caller,
    candidateId: string | undefined,
    documentType: string | undefined,
    file: UploadedFile | undefined,
  ): Promise<CandidateDocument> {
    return this.audit.change(async () => {
      if (!candidateId) throw AppError.validation([{ field: 'candidateId', key: 'required' }]);
      const row = await this.require(caller, candidateId);
      if (!documentType) throw AppError.validation([{ field: 'documentType', key: 'required' }]);
      if (!isRecruitmentDocumentType(documentType) && documentType !== 'signed-contract')
        throw AppError.validation([{ field: 'documentType', key: 'invalid' }]);
      this.requireEditable(row);
      const { fileName, mediaType } = checkDocumentFile(file);
      const stored = await this.candidates.putDocument({
        candidateId: row.id,
        documentType,
        fileName,
        mediaType,
        data: (file as UploadedFile).data,
        uploadedBy: caller.user.id,
        at: this.now(),
      });
      await this.record(caller, 'upload', row.id, { documentType, document: stored.id, size: stored.size });
      return toDocument(stored);
    });
  }

  async listDocuments(caller: Caller, candidateId: string): Promise<{ items: CandidateDocument[] }> {
    const row = await this.require(caller, candidateId);
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
      this.requireEditable(row);
      if (doc.documentType === 'irc-licence' || doc.documentType === 'countersigned-contract') throw AppError.http(403);
      await this.candidates.deleteDocument(doc);
      await this.record(caller, 'delete_document', row.id, { document: doc.id, documentType: doc.documentType });
      return { ok: true };
    });
  }

  async downloadDocument(caller: Caller, documentId: string): Promise<{ fileName: string; mediaType: string; data: Buffer }> {
    const { doc, row } = await this.requireDocument(caller, documentId);
    const blob = await this.candidates.blob(doc.blobId);
    if (!blob) throw AppError.http(404);
    await this.record(caller, 'download', row.id, { document: doc.id, documentType: doc.documentType });
    return { fileName: doc.fileName, mediaType: doc.mediaType, data: blob.data };
  }

  /** The contract to review and sign, as a PDF in the caller's language. */
  async contractPdf(caller: Caller, candidateId: string, lang: Language): Promise<{ fileName: string; pdf: Buffer }> {
    const row = await this.require(caller, candidateId);
    const today = todayInPhnomPenh(this.now());
    const htmlText = contractHtml({
      lang,
      today,
      candidateNumber: row.candidateNumber,
      name:
        lang === 'km' && row.lastNameKh && row.firstNameKh ? `${row.lastNameKh} ${row.firstNameKh}` : `${row.firstName} ${row.lastName}`,
      idNumber: row.idNumber,
      agencyName: await this.candidates.agencyName(row.agencyId),
    });
    let pdf: Buffer;
    try {
      pdf = await this.pdf().render(htmlText);
    } catch (error) {
      if (error instanceof PdfRenderError) throw new AppError(503, 503, 'unavailable', undefined, { cause: error });
      throw error;
    }
    await this.record(caller, 'download', row.id, { document: 'contract', lang });
    return { fileName: `contract-${row.candidateNumber}.pdf`, pdf };
  }

  /** The insurer's countersigned contract (agency admin), once the candidate is approved. */
  async uploadCountersigned(caller: Caller, candidateId: string | undefined, file: UploadedFile | undefined): Promise<CandidateDocument> {
    return this.audit.change(async () => {
      if (!candidateId) throw AppError.validation([{ field: 'candidateId', key: 'required' }]);
      const row = await this.require(caller, candidateId);
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
        at: this.now(),
      });
      await this.record(caller, 'upload', row.id, { documentType: 'countersigned-contract', document: stored.id });
      return toDocument(stored);
    });
  }

  // --- IRC licences ---------------------------------------------------------------------

  /** irc/upload: the licence of a candidate who passed the exam; they become `licensed`. */
  async uploadIrc(
    caller: Caller,
    candidateId: string | undefined,
    licenceNumber: string | undefined,
    file: UploadedFile | undefined,
  ): Promise<Candidate> {
    return this.audit.change(async () => {
      if (!candidateId) throw AppError.validation([{ field: 'candidateId', key: 'required' }]);
      const row = await this.require(caller, candidateId);
      const number = licenceNumber?.trim().toUpperCase() ?? '';
      if (!number) throw AppError.validation([{ field: 'licenceNumber', key: 'required' }]);
      if (!IRC_LICENCE_PATTERN.test(number)) throw AppError.validation([{ field: 'licenceNumber', key: 'pattern' }]);
      if (row.status !== 'exam_passed' && row.status !== 'licensed')
        throw new AppError(409, 'candidate_wrong_state', 'candidate_wrong_state');
      assertFourEyes(row, caller.user.id, 'irc_upload');
      const { fileName, mediaType } = checkDocumentFile(file);
      const now = this.now();
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
      await this.record(caller, 'upload', row.id, { documentType: 'irc-licence' });
      return this.view(moved);
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
    await this.record(caller, 'search', null, { view: 'irc', count: rows.length });
    return { items: rows.map(toSummary), total: rows.length };
  }

  async downloadIrc(caller: Caller, candidateId: string): Promise<{ fileName: string; mediaType: string; data: Buffer }> {
    const row = await this.require(caller, candidateId);
    const doc = (await this.candidates.documents(row.id)).find((d) => d.documentType === 'irc-licence');
    if (!doc) throw AppError.http(404);
    return this.downloadDocument(caller, doc.id);
  }

  /** Document types a candidate's own session may upload. */
  static readonly CANDIDATE_UPLOAD_TYPES: readonly CandidateDocumentType[] = [
    ...REQUIRED_RECRUITMENT_DOCUMENTS,
    'employment-letter',
    'signed-contract',
  ];
}

/** Where links point: the first public origin configured for passkeys, else this server on localhost. */
export function publicOrigin(config: { webauthnOrigins: string[] | null; port: number }): string {
  return config.webauthnOrigins?.[0] ?? `http://localhost:${config.port}`;
}
