import { randomUUID } from 'node:crypto';
import { isApplicationEditable } from '@portal/domain/codes/application-status';
import type { Language } from '@portal/domain/codes/languages';
import {
  REMOTE_SIGN_CODE_FAILURES,
  REMOTE_SIGN_CODE_TTL_SECONDS,
  REMOTE_SIGN_CODES_PER_HOUR,
  REMOTE_SIGN_LINK_TTL_SECONDS,
  REMOTE_SIGN_NO_PHONE_KEY,
  REMOTE_SIGN_PARTY_KEY,
  REMOTE_SIGN_SENDS_PER_DAY,
  REMOTE_SIGN_SESSION_TTL_SECONDS,
  SIGN_CODE_LOCKED_KEY,
  SIGN_CODE_WRONG_KEY,
  SIGN_SUMMARY_CHANGED_KEY,
  type OpenSignLinkResponse,
  type RemoteSignStatusResponse,
  type SendRemoteSignRequest,
  type SendRemoteSignResponse,
  type SignCodeResponse,
  type SignDeclarationRequest,
  type SignDeclarationResponse,
  type SignSummary,
} from '@portal/domain/contracts/applications/remote-signature';
import { instantToOffsetDateTime } from '@portal/domain/format/date';
import { remoteSignableParties } from '@portal/domain/rules/declaration-signatures';
import type { ApplicationSignLinkRow } from '../../db/schema/application-sign-link.table';
import type { ApplicationRow } from '../../db/schema/application.table';
import { AppError } from '../../lib/app-error';
import { signLinkToken, verifyLinkToken } from '../../lib/link-token';
import type { Caller } from '../../plugins/caller';
import type { SmsProvider } from '../../providers/sms/sms-provider';
import type { AuditService } from '../audit/audit.service';
import { hmacHex, randomOtp, sameSecret, sha256 } from '../auth/auth-crypto';
import { maskPhone } from '../auth/auth.service';
import type { CallContext } from '../auth/otp.service';
import { linkExpired } from '../candidates/candidate-common';
import type { ProductNames } from './application-form';
import type { ApplicationsService } from './applications.service';
import type { RemoteSignRepository } from './remote-sign.repository';
import type { RemoteSignatures } from './remote-signatures';
import { signSummary } from './sign-summary';
import { canonicalSignatureImage } from './signature-image';

const LINK_PURPOSE = 'application-sign-link';
const SESSION_PURPOSE = 'application-sign-session';
const AUDIT_ENTITY = 'application';
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** A signer's session, from a session token this server signed: the signing link and its application. */
export interface SignSession {
  linkId: string;
  applicationId: string;
}

export interface RemoteSignConfig {
  jwtSecret: string;
  /** Where the portal is reached from outside: the link's origin. */
  publicOrigin: string;
  /** The key of the one-time codes' HMAC. */
  codeKey: Buffer;
}

function linkSms(lang: Language, applicationNumber: string, advisorName: string, link: string): string {
  return lang === 'km'
    ? `សូមចុះហត្ថលេខាលើពាក្យស្នើសុំធានារ៉ាប់រង ${applicationNumber} ពី ${advisorName}៖ ${link} (បើកបានតែម្តង ក្នុងរយៈពេល ៧២ ម៉ោង)`
    : `Please sign your insurance application ${applicationNumber} from ${advisorName}: ${link} (opens once, within 72 hours)`;
}

function codeSms(lang: Language, code: string): string {
  return lang === 'km'
    ? `លេខកូដសម្រាប់ចុះហត្ថលេខាលើពាក្យស្នើសុំ៖ ${code}។ មានសុពលភាព ៥ នាទី។ កុំប្រាប់លេខកូដនេះដល់អ្នកណាម្នាក់។`
    : `Your code to sign your insurance application: ${code}. It expires in 5 minutes. Never share this code.`;
}

const toLang = (value: string): Language => (value === 'km' ? 'km' : 'en');

/**
 * Remote signature of the declaration (contracts/applications/remote-signature.ts, decision 014):
 * the advisor who owns a pending application sends a signer an SMS link; the signer spends it
 * for a session, proves the phone with a one-time code (counted here: REMOTE_SIGN_CODES_PER_HOUR
 * sends, REMOTE_SIGN_CODE_FAILURES wrong codes revoke the link), reads the summary and signs.
 * Every step is audited in the transaction of its change.
 */
export class RemoteSignService {
  constructor(
    private readonly applications: ApplicationsService,
    private readonly repository: RemoteSignRepository,
    private readonly signatures: RemoteSignatures,
    private readonly names: () => Promise<ProductNames | null>,
    private readonly advisorName: (userId: string, lang: Language) => Promise<string>,
    private readonly audit: AuditService,
    private readonly sms: SmsProvider,
    private readonly now: () => Date,
    private readonly config: RemoteSignConfig,
  ) {}

  async send(caller: Caller, id: string, body: SendRemoteSignRequest): Promise<SendRemoteSignResponse> {
    const row = await this.applications.requireEditable(caller, id);
    const now = this.now();
    if (!remoteSignableParties(row.steps, { now: this.now }).includes(body.party))
      throw new AppError(422, REMOTE_SIGN_PARTY_KEY, REMOTE_SIGN_PARTY_KEY, [{ field: 'party', key: 'invalid' }]);
    const phone = await this.repository.contactPhone(row, body.party);
    if (!phone) throw new AppError(422, REMOTE_SIGN_NO_PHONE_KEY, REMOTE_SIGN_NO_PHONE_KEY, [{ field: 'phone', key: 'required' }]);
    const sent = await this.repository.countSince(row.id, body.party, new Date(now.getTime() - DAY_MS));
    if (sent >= REMOTE_SIGN_SENDS_PER_DAY) throw AppError.http(429, { retryAfter: 60 * 60 });
    const linkId = randomUUID();
    const token = await signLinkToken(
      this.config.jwtSecret,
      LINK_PURPOSE,
      { id: linkId, subject: row.id },
      now,
      REMOTE_SIGN_LINK_TTL_SECONDS,
    );
    const expiresAt = new Date(now.getTime() + REMOTE_SIGN_LINK_TTL_SECONDS * 1000);
    const maskedPhone = maskPhone(phone);
    const advisor = await this.advisorName(row.ownerUserId, body.lang);
    return this.audit.change(async () => {
      await this.repository.addLink({
        id: linkId,
        applicationId: row.id,
        party: body.party,
        tokenHash: sha256(token),
        lang: body.lang,
        phone,
        maskedPhone,
        expiresAt,
        createdBy: caller.user.id,
        at: now,
      });
      const link = `${this.config.publicOrigin}/customer/sign#token=${token}`;
      await this.sms.send({
        to: phone,
        purpose: 'sign-link',
        body: linkSms(body.lang, row.applicationNumber, advisor, link),
        payload: { link },
      });
      await this.applications.record(caller, 'remote_sign_send', row.id, { linkId, party: body.party, lang: body.lang, to: maskedPhone });
      return { maskedPhone, expiresAt: instantToOffsetDateTime(expiresAt), expiresIn: REMOTE_SIGN_LINK_TTL_SECONDS };
    });
  }

  /** Each signer's remote state for the wizard: current signatures and live links. */
  async status(caller: Caller, id: string): Promise<RemoteSignStatusResponse> {
    const row = await this.applications.requireVisible(caller, id);
    const now = this.now();
    const [signatures, pending] = await Promise.all([this.signatures.current(row), this.repository.pendingLinks(row.id, now)]);
    return {
      signatures: signatures.map((s) => ({ party: s.party, signedAt: instantToOffsetDateTime(s.signedAt), maskedPhone: s.maskedPhone })),
      pending: pending.map((l) => ({ party: l.party, maskedPhone: l.maskedPhone, expiresAt: instantToOffsetDateTime(l.expiresAt) })),
    };
  }

  /** Spends the link in the SMS for a session and sends the first code. Anything but a live link is 410. */
  async open(token: string, context: CallContext): Promise<OpenSignLinkResponse> {
    const now = this.now();
    const claims = await verifyLinkToken(this.config.jwtSecret, LINK_PURPOSE, token, now);
    if (!claims) throw linkExpired();
    const link = await this.repository.findLinkByHash(sha256(token));
    if (!link || link.id !== claims.id || link.openedAt || link.revokedAt || link.signedAt || link.expiresAt <= now) throw linkExpired();
    const row = await this.repository.findApplication(link.applicationId);
    if (!row || !isApplicationEditable(row.status)) throw linkExpired();
    const sessionToken = await signLinkToken(
      this.config.jwtSecret,
      SESSION_PURPOSE,
      { id: link.id, subject: row.id },
      now,
      REMOTE_SIGN_SESSION_TTL_SECONDS,
    );
    await this.audit.change(async () => {
      if (!(await this.repository.open(link.id, now))) throw linkExpired();
      await this.customerRecord('remote_sign_open', row.id, link, context);
      await this.sendCode(row.id, link, context, now);
    });
    return {
      sessionToken,
      expiresIn: REMOTE_SIGN_SESSION_TTL_SECONDS,
      party: link.party,
      lang: toLang(link.lang),
      maskedPhone: link.maskedPhone,
      codeExpiresIn: REMOTE_SIGN_CODE_TTL_SECONDS,
    };
  }

  /** Another code for the session (REMOTE_SIGN_CODES_PER_HOUR an hour). */
  async resend(session: SignSession, context: CallContext): Promise<SignCodeResponse> {
    const { row, link } = await this.current(session);
    const now = this.now();
    await this.audit.change(() => this.sendCode(row.id, link, context, now));
    return { maskedPhone: link.maskedPhone, codeExpiresIn: REMOTE_SIGN_CODE_TTL_SECONDS };
  }

  private async sendCode(applicationId: string, link: ApplicationSignLinkRow, context: CallContext, now: Date): Promise<void> {
    const sent = await this.repository.countCodesSince(link.id, new Date(now.getTime() - HOUR_MS));
    if (sent >= REMOTE_SIGN_CODES_PER_HOUR) throw AppError.http(429, { retryAfter: 60 * 60 });
    const codeId = randomUUID();
    const code = randomOtp();
    await this.repository.addCode({
      id: codeId,
      linkId: link.id,
      codeHash: hmacHex(this.config.codeKey, link.id, codeId, code),
      expiresAt: new Date(now.getTime() + REMOTE_SIGN_CODE_TTL_SECONDS * 1000),
      at: now,
    });
    await this.sms.send({ to: link.phone, purpose: 'sign-code', body: codeSms(toLang(link.lang), code), payload: { otp: code } });
    await this.customerRecord('remote_sign_code_sent', applicationId, link, context, { codeId });
  }

  /** A right code verifies the session; a wrong one is 422, and the last allowed wrong one revokes the link (410). */
  async verify(session: SignSession, code: string, context: CallContext): Promise<{ verified: true }> {
    const { row, link } = await this.current(session);
    const now = this.now();
    const live = await this.repository.liveCode(link.id, now);
    if (live && sameSecret(live.codeHash, hmacHex(this.config.codeKey, link.id, live.id, code))) {
      await this.audit.change(async () => {
        if (!(await this.repository.verify(link.id, live.id, now))) throw linkExpired();
        await this.customerRecord('remote_sign_code_verified', row.id, link, context, { codeId: live.id });
      });
      return { verified: true };
    }
    const failures = await this.audit.change(async () => {
      const counted = await this.repository.addFailure(link.id, REMOTE_SIGN_CODE_FAILURES, now);
      await this.customerRecord('remote_sign_code_failed', row.id, link, context, { failures: counted });
      return counted;
    });
    if (failures >= REMOTE_SIGN_CODE_FAILURES) throw new AppError(410, SIGN_CODE_LOCKED_KEY, SIGN_CODE_LOCKED_KEY);
    throw new AppError(422, SIGN_CODE_WRONG_KEY, SIGN_CODE_WRONG_KEY, [{ field: 'code', key: SIGN_CODE_WRONG_KEY }]);
  }

  /** The summary to read and sign, once the phone is proved. */
  async summary(session: SignSession, lang: Language): Promise<SignSummary> {
    const { row, link } = await this.current(session, true);
    return signSummary(row, link.party, lang, await this.names());
  }

  /** Stores the drawn signature with its evidence; the summary read must still be the application's. */
  async sign(session: SignSession, body: SignDeclarationRequest, context: CallContext): Promise<SignDeclarationResponse> {
    const { row, link } = await this.current(session, true);
    const summary = signSummary(row, link.party, body.lang, await this.names());
    if (summary.hash !== body.summaryHash) throw new AppError(409, SIGN_SUMMARY_CHANGED_KEY, SIGN_SUMMARY_CHANGED_KEY);
    const image = canonicalSignatureImage(body.image);
    if (!image) throw AppError.validation([{ field: 'image', key: 'invalid' }]);
    const now = this.now();
    await this.audit.change(async () => {
      const stored = await this.repository.sign({
        applicationId: row.id,
        party: link.party,
        linkId: link.id,
        codeId: link.verifiedCodeId as string,
        image,
        maskedPhone: link.maskedPhone,
        ip: context.ip,
        lang: body.lang,
        summaryHash: summary.hash,
        signedAt: now,
      });
      if (!stored) throw linkExpired();
      await this.customerRecord('remote_signed', row.id, link, context, {
        codeId: link.verifiedCodeId,
        lang: body.lang,
        summaryHash: summary.hash,
      });
    });
    return { signedAt: instantToOffsetDateTime(now) };
  }

  /**
   * The session a session token names when this server signed it for a signing link and it has not
   * expired, else null. The routes check it before the body and hand it to the methods above,
   * which then check the link itself.
   */
  async sessionOf(sessionToken: string | undefined): Promise<SignSession | null> {
    if (sessionToken === undefined) return null;
    const claims = await verifyLinkToken(this.config.jwtSecret, SESSION_PURPOSE, sessionToken, this.now());
    return claims && { linkId: claims.id, applicationId: claims.subject };
  }

  /**
   * The link and pending application of a session. A link revoked or signed since, or an
   * application no longer pending, is 410 (the page asks for a new link); `verified` asks for a
   * proved phone (403 before the code).
   */
  private async current(session: SignSession, verified = false): Promise<{ row: ApplicationRow; link: ApplicationSignLinkRow }> {
    const link = await this.repository.findLink(session.linkId);
    if (!link || link.applicationId !== session.applicationId || link.revokedAt || link.signedAt) throw linkExpired();
    const row = await this.repository.findApplication(link.applicationId);
    if (!row || !isApplicationEditable(row.status)) throw linkExpired();
    if (verified && !link.verifiedCodeId) throw AppError.http(403);
    return { row, link };
  }

  private customerRecord(
    action: string,
    applicationId: string,
    link: ApplicationSignLinkRow,
    context: CallContext,
    extra: Record<string, unknown> = {},
  ) {
    return this.audit.record({
      actorUserId: null,
      action,
      entity: AUDIT_ENTITY,
      entityId: applicationId,
      ip: context.ip,
      details: { linkId: link.id, party: link.party, ...extra },
    });
  }
}
