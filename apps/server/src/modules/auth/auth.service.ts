import type { AuthSession } from '@portal/domain/contracts/auth/auth-session';
import type { LoginResponse } from '@portal/domain/contracts/auth/login';
import type { RequestResetOtpResponse } from '@portal/domain/contracts/auth/request-reset-otp';
import type { AppUser } from '../../db/schema/app-user.table';
import type { LoginEvent } from '../../db/schema/login-attempt.table';
import { hashPassword, verifyPassword } from '../../lib/password-hash';
import type { AuditService } from '../audit/audit.service';
import { canUseAccount } from './account-rules';
import { AUTH_LIMITS } from './auth.constants';
import { randomToken } from './auth-crypto';
import { authErrors } from './auth-errors';
import type { AuthRepository } from './auth.repository';
import { addSeconds, secondsUntil, type Clock } from './clock';
import type { CallContext, OtpService, OtpSubject, OtpTiming } from './otp.service';
import type { SessionService } from './session.service';

/** `+85512345678` -> `+855*****678`: enough for the user to recognise, too little to misuse. */
export function maskPhone(phone: string): string {
  const match = /^(\+855|\+\d{1,3})(\d+)$/.exec(phone);
  if (!match) return '*'.repeat(Math.max(0, phone.length - 3)) + phone.slice(-3);
  const [, prefix = '', rest = ''] = match;
  return `${prefix}${'*'.repeat(Math.max(0, rest.length - 3))}${rest.slice(-3)}`;
}

export function normaliseUsername(username: string): string {
  return username.trim().toLowerCase();
}

/**
 * Sign-in (DESIGN.md §3): password, then an OTP by SMS. A wrong username and a wrong password
 * get the same answer after the same work (an argon2 verify against a dummy hash), ten
 * consecutive wrong passwords lock the account for 15 minutes (imitated for unknown usernames,
 * so the lock does not reveal them either), and every attempt is recorded with its address.
 */
export class AuthService {
  private dummyHash: Promise<string> | undefined;

  constructor(
    private readonly users: AuthRepository,
    private readonly otp: OtpService,
    private readonly sessions: SessionService,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  private event(username: string, user: AppUser | undefined, event: LoginEvent, context: CallContext): Promise<void> {
    return this.users.addLoginEvent({
      at: this.clock.now(),
      username,
      userId: user?.id ?? null,
      event,
      ip: context.ip,
      userAgent: context.userAgent,
    });
  }

  /** A hash of nothing anyone knows, so unknown usernames cost one argon2 verify like known ones. */
  private dummy(): Promise<string> {
    this.dummyHash ??= hashPassword(randomToken());
    return this.dummyHash;
  }

  /** When the account (or the unknown username) is locked, the seconds until it opens; else null. */
  private async lockRetryAfter(username: string, user: AppUser | undefined): Promise<number | null> {
    const now = this.clock.now();
    if (user) return user.lockedUntil && user.lockedUntil > now ? secondsUntil(user.lockedUntil, now) : null;
    // Replay the failures of the unknown username through the same rule a real account follows.
    const failures = await this.users.eventTimes(username, 'password_failed', addSeconds(now, -AUTH_LIMITS.unknownUserFailureWindow));
    let count = 0;
    let lockedUntil: Date | null = null;
    for (const at of failures) {
      if (lockedUntil && at < lockedUntil) continue;
      count += 1;
      if (count >= AUTH_LIMITS.maxPasswordFailures) {
        lockedUntil = addSeconds(at, AUTH_LIMITS.accountLock);
        count = 0;
      }
    }
    return lockedUntil && lockedUntil > now ? secondsUntil(lockedUntil, now) : null;
  }

  /** Step 1: username and password. Right: an OTP is sent. */
  async login(input: { username: string; password: string }, context: CallContext): Promise<LoginResponse> {
    const username = normaliseUsername(input.username);
    const user = await this.users.findUserByUsername(username);

    const locked = await this.lockRetryAfter(username, user);
    if (locked !== null) {
      await this.audit.record({
        actorUserId: user?.id ?? null,
        action: 'login_refused_locked',
        entity: 'user',
        entityId: user?.id ?? null,
        ip: context.ip,
      });
      throw authErrors.accountLocked(locked);
    }

    const passwordOk = await verifyPassword(user?.passwordHash ?? (await this.dummy()), input.password);
    if (!user || !user.passwordHash || !passwordOk || !canUseAccount(user)) {
      await this.passwordFailed(username, user, context, passwordOk ? 'account_unavailable' : 'bad_credentials');
      throw authErrors.invalidCredentials();
    }

    if (user.failedPasswordCount > 0) await this.users.clearPasswordFailures(user.id);
    await this.event(username, user, 'password_ok', context);
    if (!user.phone) throw authErrors.otpUnavailable();
    const sent = await this.otp.issue(this.subjectOf(user), 'login', context);
    return {
      mfaRequired: true,
      requestCode: sent.requestCode,
      maskedPhone: maskPhone(user.phone),
      expiresIn: sent.expiresIn,
      resendIn: sent.resendIn,
    };
  }

  /** Records a wrong password; the tenth in a row locks the account. */
  async passwordFailed(username: string, user: AppUser | undefined, context: CallContext, reason: string): Promise<void> {
    return this.audit.change(async () => {
      const now = this.clock.now();
      await this.event(username, user, 'password_failed', context);
      await this.audit.record({
        actorUserId: null,
        action: 'login_failed',
        entity: 'user',
        entityId: user?.id ?? null,
        ip: context.ip,
        details: { reason },
      });
      if (!user) return;
      const { locked } = await this.users.addPasswordFailure(
        user.id,
        AUTH_LIMITS.maxPasswordFailures,
        addSeconds(now, AUTH_LIMITS.accountLock),
        now,
      );
      if (locked) {
        await this.event(username, user, 'account_locked', context);
        await this.audit.record({
          actorUserId: null,
          action: 'account_locked',
          entity: 'user',
          entityId: user.id,
          ip: context.ip,
          details: { failures: AUTH_LIMITS.maxPasswordFailures, lockSeconds: AUTH_LIMITS.accountLock },
        });
      }
    });
  }

  subjectOf(user: AppUser): OtpSubject {
    return { userId: user.id, username: user.username, phone: user.phone, lang: user.preferredLang };
  }

  /** Step 2: the OTP of the sign-in request. Right: a session. */
  async loginMfa(input: { requestCode: string; otp: string }, context: CallContext): Promise<AuthSession> {
    const row = await this.otp.check(input.requestCode, input.otp, ['login'], context);
    const user = row.userId ? await this.users.findUserById(row.userId) : undefined;
    if (!user || !canUseAccount(user)) throw authErrors.requestCodeInvalid();
    const now = this.clock.now();
    if (user.lockedUntil && user.lockedUntil > now) throw authErrors.accountLocked(secondsUntil(user.lockedUntil, now));
    return this.audit.change(async () => {
      await this.otp.consume(row);
      return this.signedIn(user, 'password+otp', context);
    });
  }

  /** Records a complete sign-in and starts the session (password + OTP, or passkey). */
  async signedIn(user: AppUser, method: 'password+otp' | 'passkey', context: CallContext): Promise<AuthSession> {
    return this.audit.change(async () => {
      await this.event(user.username, user, method === 'passkey' ? 'passkey_signed_in' : 'signed_in', context);
      await this.audit.record({
        actorUserId: user.id,
        action: 'login',
        entity: 'user',
        entityId: user.id,
        ip: context.ip,
        details: { method },
      });
      return this.sessions.start(user, context);
    });
  }

  /** Forgot password, step 1: the same answer whether or not the username exists. */
  async requestReset(input: { username: string }, context: CallContext): Promise<RequestResetOtpResponse> {
    const username = normaliseUsername(input.username);
    const user = await this.users.findUserByUsername(username);
    const usable = user && canUseAccount(user) && user.phone ? user : undefined;
    const subject: OtpSubject = usable ? this.subjectOf(usable) : { userId: null, username, phone: null };
    try {
      const sent = await this.otp.issue(subject, 'reset', context);
      return { requestCode: sent.requestCode, expiresIn: sent.expiresIn, resendIn: sent.resendIn };
    } catch (error) {
      // Throttled (OTP locked, hourly allowance used): answered like a success, so that
      // throttles cannot tell which usernames exist. Nothing is sent and the code leads nowhere.
      if ((error as { status?: number }).status !== 429) throw error;
      return { requestCode: randomToken(), expiresIn: AUTH_LIMITS.otpTtl, resendIn: AUTH_LIMITS.otpResendAfter };
    }
  }

  /** A fresh OTP for any live request (login, reset, profile). */
  resendOtp(input: { requestCode: string }, context: CallContext): Promise<OtpTiming> {
    return this.otp.resend(
      input.requestCode,
      async (row) => {
        const user = row.userId ? await this.users.findUserById(row.userId) : undefined;
        return user ? this.subjectOf(user) : { userId: null, username: row.username, phone: null };
      },
      context,
    );
  }

  /** /otp/bind: a profile OTP to the signed-in user's phone (before binding a passkey). */
  async requestProfileOtp(userId: string, context: CallContext): Promise<OtpTiming & { requestCode: string; maskedPhone: string }> {
    const user = await this.users.findUserById(userId);
    if (!user) throw authErrors.invalidCredentials();
    if (!user.phone) throw authErrors.otpUnavailable();
    const sent = await this.otp.issue(this.subjectOf(user), 'profile', context);
    return { ...sent, maskedPhone: maskPhone(user.phone) };
  }
}
