import { randomUUID } from 'node:crypto';
import { isEditableStatus } from '@portal/domain/codes/candidate-status';
import { ROLE_CNL } from '@portal/domain/codes/roles';
import type { LinkOtpResponse, LinkVerifyResponse, RequestLinkResponse } from '@portal/domain/contracts/candidates/candidate';
import type { RequestLinkRequest } from '@portal/domain/contracts/candidates/candidate-fields';
import type { CandidateRow } from '../../db/schema/candidate.table';
import { AppError } from '../../lib/app-error';
import type { Caller } from '../../plugins/caller';
import type { SmsProvider } from '../../providers/sms/sms-provider';
import type { AuditService } from '../audit/audit.service';
import { signAccessToken } from '../auth/access-token';
import { sha256 } from '../auth/auth-crypto';
import { maskPhone } from '../auth/auth.service';
import { addSeconds, type Clock } from '../auth/clock';
import type { CallContext, OtpService } from '../auth/otp.service';
import { applicantUsername, CANDIDATE_AUDIT_ENTITY, linkExpired } from './candidate-common';
import { CANDIDATE_LINK_TTL_SECONDS, CANDIDATE_SESSION_TTL_SECONDS, signLinkToken, verifyLinkToken } from './candidate-link-token';
import type { CandidateRecords } from './candidate-records';
import { actingRole, candidateScope } from './candidate-scope';
import type { CandidatesRepository } from './candidates.repository';

export interface CandidateLinkConfig {
  jwtSecret: string;
  /** Where the portal is reached from outside: the secure link's origin. */
  publicOrigin: string;
}

/**
 * The secure link (spec §7 form/link): a recruiter sends it by SMS, starting a candidate or taking
 * one in draft/returned; the candidate opens it, receives an OTP, and the right code spends the
 * link for a ROLE_CNL session on their own form.
 */
export class CandidateLinkService {
  constructor(
    private readonly candidates: CandidatesRepository,
    private readonly records: CandidateRecords,
    private readonly audit: AuditService,
    private readonly otp: OtpService,
    private readonly sms: SmsProvider,
    private readonly clock: Clock,
    private readonly config: CandidateLinkConfig,
  ) {}

  /**
   * form/link (mode=requestTokenLink): starts a candidate (or takes one in draft/returned) and sends
   * the secure link by SMS. Behind the link is a ROLE_CNL account with no password: it can only
   * receive the OTP that opens the candidate's own form.
   */
  async requestLink(caller: Caller, body: RequestLinkRequest): Promise<RequestLinkResponse> {
    return this.audit.change(async () => {
      const now = this.clock.now();
      let row: CandidateRow | undefined;
      if (body.candidateNumber) {
        row = await this.candidates.findByNumber(candidateScope(caller.user), body.candidateNumber.trim().toUpperCase());
        if (!row) throw AppError.http(404);
        if (!isEditableStatus(row.status)) throw new AppError(409, 409, 'conflict');
        // A form a recruiter started gets the candidate's own account now: only that session accepts the code of conduct and the contract.
        if (!row.applicantUserId) {
          row = await this.candidates.attachApplicant(row.id, {
            username: applicantUsername(row),
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
        await this.records.assertEligible({ phone: body.phone, idNumber: body.idNumber });
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
        if (row.applicantUserId) await this.candidates.setApplicantUsername(row.applicantUserId, applicantUsername(row));
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
        username: applicantUsername(row),
        purpose: 'secure-link',
        body: `Advisor Portal: continue your agent application ${row.candidateNumber} here: ${link} (valid 72 hours, one use). / បំពេញពាក្យស្នើសុំធ្វើជាភ្នាក់ងាររបស់អ្នកនៅទីនេះ៖ ${link}`,
        payload: { link },
      });
      await this.records.record(caller, 'send_link', row.id, { linkId });
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
    const now = this.clock.now();
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
    const sent = await this.otp.issue(
      { userId: row.applicantUserId, username: applicantUsername(row), phone: row.phone },
      'login',
      context,
    );
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
      const now = this.clock.now();
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
        entity: CANDIDATE_AUDIT_ENTITY,
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
          username: applicantUsername(row),
          displayName: `${row.firstName} ${row.lastName}`,
          roles: [ROLE_CNL],
          alias: 'CNL',
        },
      };
    });
  }
}
