import { otpAllowanceOf, type OtpAllowance, type OtpPurpose } from '@portal/domain/codes/otp-purposes';
import type { LoginEvent } from '../../db/schema/login-attempt.table';
import type { OtpCodeRow } from '../../db/schema/otp-code.table';
import type { SmsProvider } from '../../providers/sms/sms-provider';
import type { AuditService } from '../audit/audit.service';
import { AUTH_LIMITS } from './auth.constants';
import { hmacHex, randomOtp, randomToken, sameSecret, sha256 } from './auth-crypto';
import { authErrors } from './auth-errors';
import type { AuthRepository } from './auth.repository';
import { addSeconds, secondsUntil, type Clock } from './clock';
import type { OtpRepository } from './otp.repository';

/** Who an OTP is for. `userId` null: a reset for an unknown username, answered alike, never sent. */
export interface OtpSubject {
  userId: string | null;
  username: string;
  phone: string | null;
  lang?: string;
}

/** Where a call came from (request.ip honours TRUST_PROXY). */
export interface CallContext {
  ip: string;
  userAgent: string | null;
}

export interface OtpTiming {
  expiresIn: number;
  resendIn: number;
}

const SMS_TEXT: Record<OtpPurpose, { en: string; km: string }> = {
  login: {
    en: 'Advisor Portal sign-in code: {otp}. It expires in 5 minutes. Never share this code.',
    km: 'លេខកូដចូលប្រើ Advisor Portal៖ {otp}។ មានសុពលភាព ៥ នាទី។ កុំប្រាប់លេខកូដនេះដល់អ្នកណាម្នាក់។',
  },
  reset: {
    en: 'Advisor Portal password reset code: {otp}. It expires in 5 minutes. Never share this code.',
    km: 'លេខកូដកំណត់ពាក្យសម្ងាត់ឡើងវិញ Advisor Portal៖ {otp}។ មានសុពលភាព ៥ នាទី។ កុំប្រាប់លេខកូដនេះដល់អ្នកណាម្នាក់។',
  },
  profile: {
    en: 'Advisor Portal verification code: {otp}. It expires in 5 minutes. Never share this code.',
    km: 'លេខកូដផ្ទៀងផ្ទាត់ Advisor Portal៖ {otp}។ មានសុពលភាព ៥ នាទី។ កុំប្រាប់លេខកូដនេះដល់អ្នកណាម្នាក់។',
  },
};

/** The login events that count each OTP allowance's sends and lock. */
export const ALLOWANCE_EVENTS: Readonly<Record<OtpAllowance, { sent: LoginEvent; locked: LoginEvent }>> = {
  sign_in: { sent: 'otp_sent', locked: 'otp_locked' },
  reset: { sent: 'reset_otp_sent', locked: 'reset_otp_locked' },
};

/**
 * One-time passwords: 6 digits from the CSPRNG, kept only as an HMAC bound to the
 * request and its purpose, valid 5 minutes, single use; resent after the 2-minute countdown, at
 * most 5 sends an hour per account; the fifth wrong OTP kills the request and locks OTP for the
 * account for 15 minutes. Password reset has an allowance of its own (otpAllowanceOf), so reset
 * requests cannot use up or lock the codes of sign-in. Throttles count per username, so unknown
 * usernames behave the same.
 */
export class OtpService {
  constructor(
    private readonly otps: OtpRepository,
    private readonly events: AuthRepository,
    private readonly sms: SmsProvider,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    private readonly key: Buffer,
  ) {}

  private codeHash(purpose: OtpPurpose, requestHash: string, otp: string): string {
    return hmacHex(this.key, purpose, requestHash, otp);
  }

  /** Seconds until the username's OTP of this purpose's allowance is unlocked, or null when it is not locked. */
  private async otpLockRetryAfter(username: string, purpose: OtpPurpose): Promise<number | null> {
    const now = this.clock.now();
    const since = addSeconds(now, -AUTH_LIMITS.otpLock);
    const lockedAt = await this.events.latestEvent(username, ALLOWANCE_EVENTS[otpAllowanceOf(purpose)].locked, since);
    if (!lockedAt) return null;
    // An agency admin's unlock lifts a lock that came before it.
    const unlockedAt = await this.events.latestEvent(username, 'account_unlocked', since);
    if (unlockedAt && unlockedAt >= lockedAt) return null;
    return secondsUntil(addSeconds(lockedAt, AUTH_LIMITS.otpLock), now);
  }

  /** Refuses a send while the purpose's allowance is locked or used up for the hour. */
  private async assertMaySend(username: string, purpose: OtpPurpose): Promise<void> {
    const locked = await this.otpLockRetryAfter(username, purpose);
    if (locked !== null) throw authErrors.otpLocked(locked);
    const now = this.clock.now();
    const sent = ALLOWANCE_EVENTS[otpAllowanceOf(purpose)].sent;
    const sends = await this.events.eventTimes(username, sent, addSeconds(now, -AUTH_LIMITS.otpSendWindow));
    if (sends.length >= AUTH_LIMITS.otpMaxSendsPerHour) {
      const oldest = sends[sends.length - AUTH_LIMITS.otpMaxSendsPerHour] as Date;
      throw authErrors.otpSendLimit(secondsUntil(addSeconds(oldest, AUTH_LIMITS.otpSendWindow), now));
    }
  }

  private async send(subject: OtpSubject, purpose: OtpPurpose, otp: string, context: CallContext): Promise<void> {
    const now = this.clock.now();
    if (subject.userId && subject.phone) {
      const text = SMS_TEXT[purpose][subject.lang === 'km' ? 'km' : 'en'].replace('{otp}', otp);
      await this.sms.send({ to: subject.phone, username: subject.username, purpose, body: text, payload: { otp } });
    }
    await this.events.addLoginEvent({
      at: now,
      username: subject.username,
      userId: subject.userId,
      event: ALLOWANCE_EVENTS[otpAllowanceOf(purpose)].sent,
      ip: context.ip,
      userAgent: context.userAgent,
    });
  }

  /** Starts a request and sends its first OTP. */
  async issue(subject: OtpSubject, purpose: OtpPurpose, context: CallContext): Promise<OtpTiming & { requestCode: string }> {
    await this.assertMaySend(subject.username, purpose);
    const now = this.clock.now();
    const requestCode = randomToken();
    const requestHash = sha256(requestCode);
    const otp = randomOtp();
    await this.otps.insert({
      requestHash,
      userId: subject.userId,
      username: subject.username,
      purpose,
      // For an unknown user the stored hash matches no OTP anyone was given.
      codeHash: subject.userId ? this.codeHash(purpose, requestHash, otp) : this.codeHash(purpose, requestHash, randomToken()),
      expiresAt: addSeconds(now, AUTH_LIMITS.otpTtl),
      lastSentAt: now,
      createdDate: now,
    });
    await this.send(subject, purpose, otp, context);
    return { requestCode, expiresIn: AUTH_LIMITS.otpTtl, resendIn: AUTH_LIMITS.otpResendAfter };
  }

  /** A fresh OTP for a live, unverified request, after the countdown and within the hourly allowance. */
  async resend(requestCode: string, subjectOf: (row: OtpCodeRow) => Promise<OtpSubject>, context: CallContext): Promise<OtpTiming> {
    const now = this.clock.now();
    const requestHash = sha256(requestCode);
    const row = await this.otps.findByRequestHash(requestHash);
    if (!row || row.consumedAt || row.verifiedAt) throw authErrors.requestCodeInvalid();
    const resendAt = addSeconds(row.lastSentAt, AUTH_LIMITS.otpResendAfter);
    if (resendAt > now) throw authErrors.otpResendTooSoon(secondsUntil(resendAt, now));
    await this.assertMaySend(row.username, row.purpose);
    const subject = await subjectOf(row);
    const otp = randomOtp();
    const codeHash = row.userId ? this.codeHash(row.purpose, requestHash, otp) : this.codeHash(row.purpose, requestHash, randomToken());
    if (!(await this.otps.replaceCode(row.id, codeHash, addSeconds(now, AUTH_LIMITS.otpTtl), now))) {
      throw authErrors.requestCodeInvalid();
    }
    await this.send(subject, row.purpose, otp, context);
    return { expiresIn: AUTH_LIMITS.otpTtl, resendIn: AUTH_LIMITS.otpResendAfter };
  }

  /**
   * Checks an OTP against a live request of one of `purposes`. Right: the request (not yet
   * spent; the caller spends or verifies it). Wrong: 401 1031, and the fifth wrong one kills the
   * request and locks OTP for the account (429 otp_locked).
   */
  async check(requestCode: string, otp: string, purposes: readonly OtpPurpose[], context: CallContext): Promise<OtpCodeRow> {
    const now = this.clock.now();
    const requestHash = sha256(requestCode);
    const row = await this.otps.findByRequestHash(requestHash);
    if (!row || row.consumedAt || row.expiresAt <= now || !purposes.includes(row.purpose)) {
      throw authErrors.requestCodeInvalid();
    }
    const locked = await this.otpLockRetryAfter(row.username, row.purpose);
    if (locked !== null) throw authErrors.otpLocked(locked);
    if (row.userId && sameSecret(row.codeHash, this.codeHash(row.purpose, requestHash, otp))) return row;

    // The failure, its events and (at the limit) the lock's audit row commit together.
    const failures = await this.audit.change(async () => {
      const counted = await this.otps.addFailure(row.id, AUTH_LIMITS.otpMaxFailures, now);
      await this.events.addLoginEvent({
        at: now,
        username: row.username,
        userId: row.userId,
        event: 'otp_failed',
        ip: context.ip,
        userAgent: context.userAgent,
      });
      if (counted >= AUTH_LIMITS.otpMaxFailures) {
        await this.events.addLoginEvent({
          at: now,
          username: row.username,
          userId: row.userId,
          event: ALLOWANCE_EVENTS[otpAllowanceOf(row.purpose)].locked,
          ip: context.ip,
          userAgent: context.userAgent,
        });
        await this.audit.record({
          actorUserId: row.userId,
          action: 'otp_locked',
          entity: 'user',
          entityId: row.userId,
          ip: context.ip,
          details: { purpose: row.purpose, failures: counted },
        });
      }
      return counted;
    });
    if (failures >= AUTH_LIMITS.otpMaxFailures) throw authErrors.otpLocked(AUTH_LIMITS.otpLock);
    throw authErrors.requestCodeInvalid();
  }

  /** /otp/verify: a right reset or profile OTP marks its request verified for a short while. */
  async verify(requestCode: string, otp: string, context: CallContext): Promise<{ purpose: OtpPurpose; expiresIn: number }> {
    const row = await this.check(requestCode, otp, ['reset', 'profile'], context);
    const now = this.clock.now();
    if (row.verifiedAt) return { purpose: row.purpose, expiresIn: secondsUntil(row.expiresAt, now) };
    if (!(await this.otps.markVerified(row.id, now, addSeconds(now, AUTH_LIMITS.verifiedRequestTtl)))) {
      throw authErrors.requestCodeInvalid();
    }
    return { purpose: row.purpose, expiresIn: AUTH_LIMITS.verifiedRequestTtl };
  }

  /** A verified, unspent, unexpired request of this purpose (and of this user, when given). */
  async findVerified(requestCode: string, purpose: OtpPurpose, userId?: string): Promise<OtpCodeRow> {
    const now = this.clock.now();
    const row = await this.otps.findByRequestHash(sha256(requestCode));
    if (
      !row ||
      !row.userId ||
      row.purpose !== purpose ||
      !row.verifiedAt ||
      row.consumedAt ||
      row.expiresAt <= now ||
      (userId !== undefined && row.userId !== userId)
    ) {
      throw authErrors.requestCodeInvalid();
    }
    return row;
  }

  /** Spends a request; 1031 when another call spent it first. */
  async consume(row: OtpCodeRow): Promise<void> {
    if (!(await this.otps.consume(row.id, this.clock.now()))) throw authErrors.requestCodeInvalid();
  }
}
