import { checkPassword, PASSWORD_HISTORY_DEPTH } from '@portal/domain/rules/password-policy';
import type { AppUser } from '../../db/schema/app-user.table';
import { hashPassword, verifyPassword } from '../../lib/password-hash';
import type { AuditService } from '../audit/audit.service';
import { authErrors } from './auth-errors';
import type { AuthRepository } from './auth.repository';
import type { AuthService } from './auth.service';
import { secondsUntil, type Clock } from './clock';
import type { CallContext, OtpService } from './otp.service';
import { isBreachedPassword, passwordStrengthScore } from './password-strength';
import type { SessionService } from './session.service';

/**
 * Setting a password: forgot-password reset (with a verified reset OTP) and change from the
 * profile (with the current password). Both apply rules/password-policy.ts in its order; the
 * server supplies the breached list, the last five passwords and the strength score.
 */
export class PasswordService {
  constructor(
    private readonly users: AuthRepository,
    private readonly otp: OtpService,
    private readonly sessions: SessionService,
    private readonly auth: AuthService,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  /** Throws the §8 error of the first rule the new password breaks. */
  private async assertAcceptable(user: AppUser, password: string): Promise<void> {
    const code = await checkPassword(password, {
      isBreached: isBreachedPassword,
      isRecentlyUsed: async (candidate) => {
        // The current password and the ones it replaced: the last five in all.
        const current = user.passwordHash ? [user.passwordHash] : [];
        const previous = await this.users.previousPasswordHashes(user.id, PASSWORD_HISTORY_DEPTH - current.length);
        for (const hash of [...current, ...previous]) if (await verifyPassword(hash, candidate)) return true;
        return false;
      },
      strengthScore: (candidate) =>
        passwordStrengthScore(candidate, [
          user.username,
          ...user.username.split(/[._-]/),
          user.displayName,
          ...user.displayName.split(/\s+/),
        ]),
    });
    if (code !== null) throw authErrors.passwordPolicy(code);
  }

  /** Forgot password, last step. */
  async reset(input: { requestCode?: string; password: string }, context: CallContext): Promise<void> {
    if (!input.requestCode) throw authErrors.requestCodeRequired();
    const request = await this.otp.findVerified(input.requestCode, 'reset');
    const user = request.userId ? await this.users.findUserById(request.userId) : undefined;
    if (!user) throw authErrors.requestCodeInvalid();
    await this.assertAcceptable(user, input.password);
    const hash = await hashPassword(input.password);
    await this.audit.change(async () => {
      await this.otp.consume(request);
      await this.users.setPassword(user.id, hash, user.passwordHash, this.clock.now());
      await this.sessions.revokeOtherSessions(user.id, 'password_reset', null);
      await this.audit.record({ actorUserId: user.id, action: 'password_reset', entity: 'user', entityId: user.id, ip: context.ip });
    });
  }

  /**
   * Change from the profile. A wrong current password counts towards the lock like a wrong
   * sign-in (else this would be an unthrottled password oracle). Other sessions are ended.
   */
  async change(
    caller: { userId: string; sessionId: string | null },
    input: { currentPassword?: string; password: string },
    context: CallContext,
  ): Promise<void> {
    if (!input.currentPassword) throw authErrors.currentPasswordRequired();
    const user = await this.users.findUserById(caller.userId);
    if (!user || !user.passwordHash) throw authErrors.currentPasswordInvalid();
    const now = this.clock.now();
    if (user.lockedUntil && user.lockedUntil > now) throw authErrors.accountLocked(secondsUntil(user.lockedUntil, now));
    if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
      await this.audit.change(async () => {
        await this.auth.passwordFailed(user.username, user, context, 'change_password_bad_current');
        await this.audit.record({
          actorUserId: user.id,
          action: 'password_change_failed',
          entity: 'user',
          entityId: user.id,
          ip: context.ip,
        });
      });
      throw authErrors.currentPasswordInvalid();
    }
    await this.assertAcceptable(user, input.password);
    const hash = await hashPassword(input.password);
    await this.audit.change(async () => {
      await this.users.setPassword(user.id, hash, user.passwordHash, now);
      await this.sessions.revokeOtherSessions(user.id, 'password_changed', caller.sessionId);
      await this.audit.record({ actorUserId: user.id, action: 'password_changed', entity: 'user', entityId: user.id, ip: context.ip });
    });
  }
}
